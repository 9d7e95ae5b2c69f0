import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { StartExamResponse } from './start-exam.ts';

/** POST /api/test/resumeExam. quesData (base64url JSON, from local storage) is merged: answers newer than the server's are kept. */
export const ResumeExamRequest = z.object({
  id: Id,
  examDetail: z.string().max(1_000_000).optional().nullable(),
  quesData: z.string().max(5_000_000).optional().nullable(),
});
export type ResumeExamRequest = z.infer<typeof ResumeExamRequest>;

export const ResumeExamResponse = StartExamResponse;
export type ResumeExamResponse = z.infer<typeof ResumeExamResponse>;
