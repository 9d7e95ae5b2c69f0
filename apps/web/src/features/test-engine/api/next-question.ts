import { decodePayload, type AnswerChange, type QuestionItem } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

export async function nextQuestion(id: number, qid: number, seq: number, answer: AnswerChange['answer']) {
  const res = await apiPost('/api/test/nextQuestion', { id, qid, seq, answer });
  return { ...res, question: res.question ? decodePayload<QuestionItem>(res.question) : null };
}
