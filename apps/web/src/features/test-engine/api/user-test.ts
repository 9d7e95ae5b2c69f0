import { decodePayload, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export async function fetchUserTest(examId: number, selectedLanguage: string) {
  const res = await apiPost('/api/test/userTest', { examId, selectedLanguage });
  return {
    detail: res.examDetail[0] as ExamDetail,
    pools: res.examDetail[1],
    items: decodePayload<QuestionItem[]>(res.quesData),
  };
}
