import { encodePayload, type ExamDetail, type QuestionItem, type StartExamResponse } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export const resumeExam = (id: number, detail: ExamDetail, items: QuestionItem[]) =>
  apiPost<StartExamResponse>('/api/test/resumeExam', {
    id,
    examDetail: encodePayload(detail),
    quesData: encodePayload(items),
  });
