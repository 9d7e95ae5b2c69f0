import {
  buttonStyleAfterChange,
  isAnswered,
  toggleReviewStyle,
  type AnswerValue,
  type QuestionItem,
} from '@invigil/contracts';

export const blankCount = (q: QuestionItem) => (q.blanks ? Object.keys(q.blanks).length : undefined);

/** An answer change with what follows from it: answered or not, and the palette button's style. */
export function answerPatch(q: QuestionItem, patch: Partial<AnswerValue>): Partial<QuestionItem> {
  const next = { ...q, ...patch, blankCount: blankCount(q) };
  return { ...patch, answerStatus: isAnswered(next), buttonStyle: buttonStyleAfterChange(next) };
}

/** Mark / unmark for review. */
export const reviewPatch = (q: QuestionItem): Partial<QuestionItem> => ({
  buttonStyle: toggleReviewStyle({ ...q, blankCount: blankCount(q) }),
});

/** One more second spent on the question at `index`. */
export function withSecondSpent(items: QuestionItem[], index: number): QuestionItem[] {
  const out = [...items];
  const cur = out[index];
  if (cur) out[index] = { ...cur, timeSpend: (cur.timeSpend ?? 0) + 1 };
  return out;
}
