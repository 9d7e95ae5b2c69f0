import { ADAPTIVE_EXAM_TYPE, ADAPTIVE_START_LEVEL, pickNextQuestion } from '@invigil/contracts';
import type { Attempt, ExamRepository, QuestionRow } from './exam.repository.ts';

/** The questions this attempt shows: all, or for adaptive tests the ones served so far (the first served now). */
export async function visibleQuestions(repo: ExamRepository, a: Attempt): Promise<QuestionRow[]> {
  const all = await repo.questions(a.examId);
  if (a.exam.examTypeId !== ADAPTIVE_EXAM_TYPE) return all;
  let served = await repo.servedQuestions(a.id);
  if (served.length === 0) {
    const first = pickNextQuestion(
      all.map((q) => ({ qid: q.id, level: q.difficulty, marks: q.marks })),
      new Set(),
      ADAPTIVE_START_LEVEL,
      a.exam.totalMarksToAttempt || Infinity,
    );
    if (first) await repo.serveQuestion(a.id, first.qid, 1);
    served = await repo.servedQuestions(a.id);
  }
  const byId = new Map(all.map((q) => [q.id, q]));
  return served.map((id) => byId.get(id)).filter((q): q is QuestionRow => !!q);
}
