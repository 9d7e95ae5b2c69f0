import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** POST /api/test/startExam (status 000 or 998 to 001; the server fixes the deadline). quesData and examDetail are base64url JSON, accepted and ignored for timing. */
export const StartExamRequest = z.object({
  id: Id,
  selectedLanguage: z.string().max(20).optional().nullable(),
  quesData: z.string().max(5_000_000).optional().nullable(),
  examDetail: z.string().max(1_000_000).optional().nullable(),
});
export type StartExamRequest = z.infer<typeof StartExamRequest>;

export const StartExamResponse = z.object({
  exam_start_time: z.string(),
  exam_end_time: z.string(),
  /** Seconds left, computed by the server. */
  time_remaining: z.number(),
  status: z.string(),
});
export type StartExamResponse = z.infer<typeof StartExamResponse>;
