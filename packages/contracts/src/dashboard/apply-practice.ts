import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/dashboard/practice: assigns a practice test (by its exam id) to the signed-in user. */
export const ApplyPracticeRequest = z.object({
  practice: Id,
  /** The organisation whose pending list receives it; defaults to the last one used. */
  organizationId: Id.nullable().optional(),
});
export type ApplyPracticeRequest = z.infer<typeof ApplyPracticeRequest>;

/** 200 with 'Exam is assigned'; applying again answers 409 'Exam is already assigned hence cant assign'. */
export const ApplyPracticeResponse = z.object({ success: z.boolean(), message: z.string(), userExamId: z.number() });
export type ApplyPracticeResponse = z.infer<typeof ApplyPracticeResponse>;
