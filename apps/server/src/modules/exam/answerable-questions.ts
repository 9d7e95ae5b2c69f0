import { ADAPTIVE_EXAM_TYPE } from '@invigil/contracts';
import type { ExamRepository } from './exam.repository.ts';

/** The questions an attempt's saves may name, and those whose answer may still change. */
export interface AnswerableQuestions {
  /** Part of the attempt: a save naming another question is refused. */
  known: Set<number>;
  /** Still open to a new answer: changes to the other known questions are dropped. */
  writable: Set<number>;
}

/**
 * Every question of the test, both known and writable; but in an adaptive test (ADR 0197) only
 * the questions served to this attempt are part of it, and only the last one served is open:
 * an earlier answer picked the question that followed it, whose level shows whether it was
 * right, so it stands as it was when the next question was chosen.
 */
export async function answerableQuestions(
  repo: Pick<ExamRepository, 'questionIds' | 'servedQuestions'>,
  attempt: { id: number; examId: number; examTypeId: number },
): Promise<AnswerableQuestions> {
  if (attempt.examTypeId !== ADAPTIVE_EXAM_TYPE) {
    const ids = await repo.questionIds(attempt.examId);
    return { known: ids, writable: ids };
  }
  const served = await repo.servedQuestions(attempt.id);
  const last = served.at(-1);
  return { known: new Set(served), writable: new Set(last === undefined ? [] : [last]) };
}
