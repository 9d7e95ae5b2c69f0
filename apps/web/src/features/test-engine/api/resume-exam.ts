import { encodePayload, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export const resumeExam = (id: number, detail: ExamDetail, items: QuestionItem[]) =>
  apiPost('/api/test/resumeExam', {
    id,
    examDetail: encodePayload(detail),
    quesData: encodePayload(items),
  });
