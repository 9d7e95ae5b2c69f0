import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { ExamDetailList } from './exam-detail.ts';

/** POST /api/test/userTest. examId is the user-exam id; remainingTime is ignored (the server keeps time). */
export const UserTestRequest = z.object({
  examId: Id,
  remainingTime: z.union([z.number(), z.string()]).optional().nullable(),
  selectedLanguage: z.string().max(20).optional().nullable(),
});
export type UserTestRequest = z.infer<typeof UserTestRequest>;

/** quesData is base64url of JSON: the QuestionItem[] (see question-item.ts). */
export const UserTestResponse = z.object({
  msg: z.string(),
  quesData: z.string(),
  examDetail: ExamDetailList,
});
export type UserTestResponse = z.infer<typeof UserTestResponse>;
