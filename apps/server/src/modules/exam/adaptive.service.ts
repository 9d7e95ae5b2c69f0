import {
  ADAPTIVE_EXAM_TYPE,
  DEFAULT_LANGUAGE,
  EXAM_STATUS,
  encodePayload,
  nextLevel,
  pickNextQuestion,
  scoreQuestion,
  type NextQuestionRequest,
} from '@invigil/contracts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { toScoringQuestion } from '../results/scoring.ts';
import {
  SAVE_GRACE_SECONDS,
  assertTakeable,
  refuseIfTimedOut,
  timeRemaining,
  type TimeoutCloser,
} from './attempt-rules.ts';
import { codingSetting, toQuestionItem } from './exam.presenter.ts';
import type { ExamRepository } from './exam.repository.ts';
import type { ItemIds } from './item-ids.ts';

/** Adaptive tests: save the current answer, then the server picks the next question. */
export class AdaptiveService {
  constructor(
    private readonly repo: ExamRepository,
    private readonly closer: TimeoutCloser,
    private readonly itemIds: ItemIds,
  ) {}

  async nextQuestion(userId: number, body: NextQuestionRequest) {
    const a = permitted(await this.repo.attempt(body.id), (x) => attemptPolicy.take(userId, x), attemptPolicy.notFound);
    if (a.exam.examTypeId !== ADAPTIVE_EXAM_TYPE) throw badRequest('This test is not adaptive.');
    assertTakeable(a);
    await refuseIfTimedOut(a, this.closer);
    if (a.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test is not in progress.');
    const all = await this.repo.questions(a.examId);
    const byId = new Map(all.map((q) => [q.id, q]));
    const served = await this.repo.servedQuestions(a.id);
    const at = served.indexOf(body.qid);
    const current = byId.get(body.qid);
    if (at < 0 || !current) throw badRequest('This question was not served in this test.');
    // An earlier question's answer chose the one after it and stands (ADR 0197): only the last is saved.
    const last = at === served.length - 1;
    if (last)
      await this.repo.upsertAnswers(a.id, [{ qid: body.qid, seq: body.seq, answer: body.answer }], SAVE_GRACE_SECONDS);
    const lang = a.selectedLanguage ?? DEFAULT_LANGUAGE;
    const marksServed = (ids: number[]) => ids.reduce((s, id) => s + (byId.get(id)?.marks ?? 0), 0);
    const respond = (ids: number[], qid: number | null) => {
      const q = qid ? byId.get(qid) : undefined;
      // When the pools run dry the flow ends: nothing remains to attempt.
      const remainingMarks = q ? Math.max(0, a.exam.totalMarksToAttempt - marksServed(ids)) : 0;
      return {
        done: !q,
        question: q
          ? encodePayload(toQuestionItem(q, ids.indexOf(q.id), lang, a.id, this.itemIds, undefined, codingSetting(a)))
          : null,
        remainingMarks,
        time_remaining: timeRemaining(a),
      };
    };
    // Already answered before (double click, retry): hand back the question that followed it.
    if (!last) return respond(served, served[at + 1] ?? null);
    const correct =
      scoreQuestion(toScoringQuestion(current, this.itemIds.matching(a.id, current)), body.answer) >= current.marks &&
      current.marks > 0;
    const remaining = a.exam.totalMarksToAttempt - marksServed(served);
    const pick = pickNextQuestion(
      all.map((q) => ({ qid: q.id, level: q.difficulty, marks: q.marks })),
      new Set(served),
      nextLevel(current.difficulty, correct),
      remaining,
    );
    if (!pick) return respond(served, null);
    if (!(await this.repo.serveQuestion(a.id, pick.qid, served.length + 1))) {
      const again = await this.repo.servedQuestions(a.id);
      return respond(again, again[at + 1] ?? null);
    }
    return respond([...served, pick.qid], pick.qid);
  }
}
