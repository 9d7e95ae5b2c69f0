import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** GET /api/test/retest/:userExamId: the low-bandwidth path; the attempt goes to 998 and may be taken again. */
export const RetestParams = z.object({ userExamId: Id });
export const RetestResponse = z.object({ status: z.literal('SUCCESS'), examStatus: z.string() });
export type RetestResponse = z.infer<typeof RetestResponse>;
