import { encodePayload, type AnswerChange, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/** The delta form of the progress save: only changed answers; `offline` when they waited in the local queue. */
export const saveChanges = (
  id: number,
  changes: AnswerChange[],
  windowSwitchCount: number,
  keepalive = false,
  offline = false,
) =>
  apiPost(
    '/api/test/answeredQuestions',
    { id, changes, windowSwitchCount, ...(offline ? { offline: true } : {}) },
    { keepalive },
  );

/** The spec's full form (the "document store" save before submitting). */
export const saveFull = (id: number, detail: ExamDetail, items: QuestionItem[], windowSwitchCount: number) =>
  apiPost('/api/test/answeredQuestions', {
    id,
    examDetail: encodePayload(detail),
    quesData: encodePayload(items),
    windowSwitchCount,
  });
