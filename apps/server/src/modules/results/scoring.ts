import { BLANK_KEYS, QTYPE, type ScoringQuestion } from '@invigil/contracts';
import type { QuestionRow } from '../exam/exam.repository.ts';
import type { MatchIds } from '../exam/item-ids.ts';

/**
 * The scorer's view of a question (server side: it holds the answer key). A matching key is put
 * in the attempt's opaque ids (`ids`), the ones its answers carry (ADR 0070).
 */
export function toScoringQuestion(q: QuestionRow, ids: MatchIds): ScoringQuestion {
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
    answerKey: opaqueKey(q.answerKey as ScoringQuestion['answerKey'], ids),
  };
}

/** Matching pairs in the opaque ids; an id without one (content changed) can never match (-1). */
function opaqueKey(key: ScoringQuestion['answerKey'], ids: MatchIds): ScoringQuestion['answerKey'] {
  if (!key.pairs) return key;
  return {
    ...key,
    pairs: key.pairs.map(([a, b]) => [ids.columnA.get(a) ?? -1, ids.columnB.get(b) ?? -1] as [number, number]),
  };
}
