import { BLANK_KEYS, QTYPE, type ScoringQuestion } from '@invigil/contracts';
import type { QuestionRow } from '../exam/exam.repository.ts';

/** The scorer's view of a question (server side: it holds the answer key). */
export function toScoringQuestion(q: QuestionRow): ScoringQuestion {
  let correct: number[];
  if (q.qtypeCode === QTYPE.multiBlank) {
    // correctid for multi-blank: the correct choice of each blank, in blank order.
    correct = BLANK_KEYS.map((k) => q.choices.find((c) => c.blankKey === k && c.isCorrect)?.id).filter(
      (x): x is number => x !== undefined,
    );
  } else {
    correct = q.choices.filter((c) => c.isCorrect).map((c) => c.id);
  }
  return {
    qid: q.id,
    qtypecode: q.qtypeCode,
    marks: q.marks,
    correctChoiceIds: correct,
    answerKey: q.answerKey as ScoringQuestion['answerKey'],
  };
}
