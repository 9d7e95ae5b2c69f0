import {
  ADAPTIVE_EXAM_TYPE,
  EXAM_STATUS,
  SUBMITTED_STATUSES,
  decodePayload,
  isAnswered,
  isSurveyType,
  QTYPE,
  scoreAttempt,
  type AnswerValue,
  type Evaluation,
  type SubmitTestRequest,
  type SubmitTestResponse,
} from '@invigil/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Queue } from '../../lib/queue.ts';
import { isOwner, permitted, type Actor } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { resultPolicy } from '../../policies/result.policy.ts';
import { changesFrom, decodeQuestionStates } from '../exam/answer-changes.ts';
import { answerableQuestions } from '../exam/answerable-questions.ts';
import { SAVE_GRACE_SECONDS, pastGrace, pastWindowSwitchLimit, timeRemaining } from '../exam/attempt-rules.ts';
import type { CodingScorer } from '../coding/coding-scorer.ts';
import { codingSetting } from '../exam/exam.presenter.ts';
import type { Attempt, ExamRepository, QuestionRow, StoredAnswer } from '../exam/exam.repository.ts';
import type { ItemIds } from '../exam/item-ids.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import { RESULT_PROCESSED, type ResultsRepository, type ScoreUpdate } from './results.repository.ts';
import { regenerateJob, scoreJob } from './score.job.ts';
import { toScoringQuestion } from './scoring.ts';

/**
 * How much time may still be left when a browser's countdown reaches zero and submits 011: it
 * counts down from the last time_remaining it was told, so it ends a little before or after the
 * server's deadline. With more left, the submit is a finish (010), not a time-out.
 */
const TIME_OUT_SLACK_SECONDS = 10;

/** Scoring is tried this many more times before the attempt is marked 999 (Result Failed). */
const SCORE_RETRIES = 3;
const RETRY_DELAY_MS = 200;

/**
 * A queued regeneration starts after this delay: requests for the same attempt in between
 * (support pressing again, 'Add into Queue') collapse into it and answer ALREADY IN QUEUE.
 */
const REGEN_START_AFTER_SECONDS = 5;

/** The rescue sweep scores lost jobs of attempts that closed within this window (an hour). */
const RESCUE_WINDOW_SECONDS = 3600;

/** A scoring job not completed this long after a worker took it is handed out again (a batch takes about a second). */
const SCORE_JOB_EXPIRY_SECONDS = 300;

/** What a regeneration request found: queued now, already queued, or nothing to score from. */
export type RegenerateOutcome = 'queued' | 'already_in_queue' | 'mongodb_skipped';

/** Submitting (idempotent), closing timed-out attempts and scoring. */
export class ResultsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly repo: ExamRepository,
    private readonly queue: Queue | null,
    private readonly itemIds: ItemIds,
    private readonly activity: AttemptActivity,
    /** Runs coding answers on their test cases (ADR 0110); without it coding answers score 0. */
    private readonly coding?: CodingScorer,
    /** After an attempt closed: a scheduled test's next attempt, when one is left (issue 17). */
    private readonly afterClose?: (userExamId: number) => Promise<unknown>,
  ) {}

  private async close(
    id: number,
    submitType: string,
    status: string,
    abortReason: string | null,
    onlyIfExpired = false,
  ): Promise<boolean> {
    const closed = await this.results.close(id, { submitType, status, abortReason, onlyIfExpired }, SAVE_GRACE_SECONDS);
    if (closed) {
      this.activity.record({ kind: 'closed', userExamId: id, data: { submitType, status, abortReason } });
      this.activity.touch(id);
      // The close is done whatever happens here; a failure is on the timeline, not the candidate's.
      await this.afterClose?.(id).catch((e: unknown) =>
        this.activity.record({ kind: 'next_attempt_failed', userExamId: id, data: { error: String(e).slice(0, 300) } }),
      );
    }
    return closed;
  }

  async submit(userId: number, id: number, body: SubmitTestRequest): Promise<SubmitTestResponse> {
    const a = permitted(await this.repo.attempt(id), (x) => attemptPolicy.take(userId, x), attemptPolicy.notFound);
    this.activity.record({
      kind: 'submission',
      userExamId: id,
      userId,
      actorId: userId,
      data: { submitType: body.submitType, status: body.status, attemptStatus: a.status },
    });
    if (!(await this.results.hasSubmission(id)) && a.status === EXAM_STATUS.inProgress) {
      const open = !!a.deadlineAt && !pastGrace(a);
      if (open) {
        const items = decodeQuestionStates(body.questionsData);
        const { writable } = await answerableQuestions(this.repo, {
          id,
          examId: a.examId,
          examTypeId: a.exam.examTypeId,
        });
        const changes = changesFrom(items, writable);
        if (changes.length) await this.repo.upsertAnswers(id, changes, SAVE_GRACE_SECONDS);
      }
      if (body.windowSwitchCount !== undefined && (await this.repo.recordWindowSwitches(id, body.windowSwitchCount)))
        this.activity.record({
          kind: 'window_switch',
          userExamId: id,
          userId,
          actorId: userId,
          data: { count: body.windowSwitchCount },
        });
      // A count past the window-switch limit is the violation (111) whatever the page asks for.
      const violation = pastWindowSwitchLimit(a, body.windowSwitchCount);
      // A time-out is the server's to say (ADR 0010): claimed while its clock still runs, it is a finish.
      const asked = violation
        ? EXAM_STATUS.aborted
        : body.status === EXAM_STATUS.timeOut && timeRemaining(a) > TIME_OUT_SLACK_SECONDS
          ? EXAM_STATUS.completed
          : body.status;
      // The spec's low-bandwidth rule, on the server's own copy: not submitted, back to 998.
      if (open && asked === EXAM_STATUS.completed && (await this.lowBandwidth(a, body)))
        await this.repo.retest(id, true);
      const status = open ? asked : EXAM_STATUS.timeOut;
      const abort =
        status !== EXAM_STATUS.aborted
          ? null
          : body.status === EXAM_STATUS.aborted
            ? (body.abort_reason ?? 'window_switch')
            : 'window_switch';
      if (await this.close(id, body.submitType, status, abort)) await this.requestScore(id);
    } else if (a.status === EXAM_STATUS.notStarted) {
      throw new HttpError(409, 'This test has not been started.', { examStatus: a.status });
    }
    const now = await this.reread(id);
    // 998 (retest or unsubmitted): the client shows the low-bandwidth modal; a retried submit gets the same answer.
    if (now.status === EXAM_STATUS.retest)
      return { status: 'SUCCESS', nextAction: 'retest', examStatus: now.status, resultStatus: null, evaluation: null };
    return {
      status: 'SUCCESS',
      nextAction: 'result',
      examStatus: now.status,
      resultStatus: now.resultStatus,
      evaluation: this.visibleEvaluation(now),
    };
  }

  /**
   * Low bandwidth (spec, Submitting step 2): no question is Answered in the server's copy (after
   * merging this submit's answers) and the time was not used: the submit's exam detail reports
   * no remaining time or the whole test time. A submit without an exam detail is scored as usual.
   */
  private async lowBandwidth(a: Attempt, body: SubmitTestRequest): Promise<boolean> {
    if (!body.examDetail) return false;
    let detail: { time_remaining?: unknown } | null;
    try {
      detail = decodePayload(body.examDetail);
    } catch {
      return false;
    }
    const reported = detail?.time_remaining;
    const unused =
      reported === undefined || reported === null || reported === '' || Number(reported) >= a.exam.durationSeconds;
    if (!unused) return false;
    const questions = new Map((await this.repo.questions(a.examId)).map((q) => [q.id, q]));
    for (const s of await this.repo.answers(a.id)) {
      const q = questions.get(s.qid);
      if (!q) continue;
      const blanks = new Set(q.choices.map((c) => c.blankKey).filter(Boolean)).size;
      if (isAnswered({ ...s.value, qtypecode: q.qtypeCode, blankCount: blanks || undefined })) return false;
    }
    return true;
  }

  /** The attempt again after a change (it cannot disappear: attempts are never deleted). */
  private async reread(id: number): Promise<Attempt> {
    const a = await this.repo.attempt(id);
    if (!a) throw new Error(`attempt ${id} vanished`);
    return a;
  }

  /** The score block, when the exam shows scores and the result is ready. */
  visibleEvaluation(a: Attempt): Evaluation | null {
    const show = Number(a.exam.settings.showscore ?? 0) === 1;
    if (!show || a.resultStatus !== RESULT_PROCESSED || a.totalMarks === null || isSurveyType(a.exam.testType))
      return null;
    return { obtainedMarks: a.obtainedMarks ?? 0, totalMarks: a.totalMarks, percentage: a.percentage ?? 0 };
  }

  /**
   * The server's proctoring verdict (photo or speaker violations): an in-progress attempt stops
   * with status 111 and the reason, then is scored like any other submit. False when it was not
   * in progress (already closed: nothing changes).
   */
  async stopForProctoring(id: number, reason: string): Promise<boolean> {
    const closed = await this.close(id, 'PROCTORING', EXAM_STATUS.aborted, reason);
    if (closed) await this.requestScore(id);
    return closed;
  }

  /** Time ran out while the browser was away (or is late): status 011, then scored. */
  async closeExpired(id: number): Promise<boolean> {
    const closed = await this.close(id, 'TIMEOUT', EXAM_STATUS.timeOut, null, true);
    if (closed) await this.requestScore(id);
    return closed;
  }

  /** Closes every in-progress attempt whose deadline (plus grace) passed. Safe to run on many workers. */
  async sweep(): Promise<number[]> {
    const closed: number[] = [];
    for (const id of await this.results.expiredInProgress(SAVE_GRACE_SECONDS))
      if (await this.closeExpired(id)) closed.push(id);
    return closed;
  }

  /**
   * The scoring job bound to this service (queued by requestScore, handled by the workers in
   * batches: scoreMany). A job writes an attempt's result only when it has none yet.
   */
  scoreJob() {
    return scoreJob(
      (id) => this.scoreWithRetries(id, true),
      (ids) => this.scoreMany(ids),
    );
  }

  /**
   * Scores many submitted attempts at once (the scoring job's batches, ADR 0170): one query for
   * the attempts, one for all their answers, one UPDATE for all results, which writes only
   * attempts without a result yet, so a batch handed out twice leaves one result per attempt.
   * Adaptive attempts and attempts with coding questions (their runs) go one by one; so does an
   * attempt whose scoring throws (with its retries, then 999).
   */
  async scoreMany(ids: number[]): Promise<void> {
    const attempts = (await this.repo.attempts([...new Set(ids)])).filter(
      (a) => SUBMITTED_STATUSES.includes(a.status) && a.resultStatus !== RESULT_PROCESSED,
    );
    const questionsOf = new Map<number, QuestionRow[]>();
    const together: Attempt[] = [];
    const alone: number[] = [];
    for (const a of attempts) {
      let qs = questionsOf.get(a.examId);
      if (!qs) questionsOf.set(a.examId, (qs = await this.repo.questions(a.examId)));
      const coding = !!this.coding && qs.some((q) => q.qtypeCode === QTYPE.coding);
      if (coding || a.exam.examTypeId === ADAPTIVE_EXAM_TYPE) alone.push(a.id);
      else together.push(a);
    }
    const answers = await this.repo.answersOf(together.map((a) => a.id));
    const scores: Array<ScoreUpdate & { id: number }> = [];
    const evaluations = new Map<number, Evaluation>();
    for (const a of together) {
      try {
        const ev = this.evaluate(a, questionsOf.get(a.examId) ?? [], answers.get(a.id) ?? []);
        evaluations.set(a.id, ev);
        scores.push({ id: a.id, ...this.stored(a, ev) });
      } catch {
        alone.push(a.id);
      }
    }
    for (const id of await this.results.saveFirstScores(scores))
      this.activity.record({
        kind: 'score.run',
        userExamId: id,
        data: { run: 1, ok: true, percentage: evaluations.get(id)?.percentage },
      });
    for (const id of alone) await this.scoreWithRetries(id, true);
  }

  /**
   * Scores the submitted attempts still without their result `afterSeconds` after they closed
   * (their job was lost); run by the worker's sweep (SCORE_RESCUE_AFTER_SECONDS, 60). Attempts that
   * closed over RESCUE_WINDOW_SECONDS ago are left to Pending Results and support.
   */
  async rescueUnscored(afterSeconds = 60): Promise<number> {
    const ids = await this.results.unscored(afterSeconds, RESCUE_WINDOW_SECONDS);
    for (let i = 0; i < ids.length; i += 250) await this.scoreMany(ids.slice(i, i + 250));
    return ids.length;
  }

  /** The regeneration job (queued by support's regenratetest and addintoqueue). */
  regenerateJob() {
    return regenerateJob(async (id) => {
      try {
        await this.scoreWithRetries(id);
      } finally {
        await this.results.clearQueued(id);
      }
    });
  }

  async requestScore(id: number) {
    if (this.queue) {
      // A job held by a killed worker comes back after SCORE_JOB_EXPIRY_SECONDS (it then finds the
      // result the overdue sweep wrote, and does nothing).
      await this.queue.send(
        this.scoreJob(),
        { userExamId: id },
        { singletonKey: `score-${id}`, expireInSeconds: SCORE_JOB_EXPIRY_SECONDS },
      );
    } else {
      await this.scoreWithRetries(id);
    }
  }

  /**
   * Queues a regeneration of a submitted attempt (ADR 0121): one at a time per attempt (a second
   * request while queued is ALREADY IN QUEUE); it re-runs scoring, which rewrites the one result.
   */
  async requestRegenerate(id: number): Promise<RegenerateOutcome> {
    if (!(await this.results.markQueued(id))) return 'already_in_queue';
    if (this.queue) {
      await this.queue.send(
        this.regenerateJob(),
        { userExamId: id },
        { singletonKey: `regen-${id}`, startAfter: REGEN_START_AFTER_SECONDS },
      );
    } else {
      await this.regenerateJob().handle({ userExamId: id });
    }
    return 'queued';
  }

  /**
   * Scoring with its retries: each run is on the attempt's timeline; after the last failure the
   * attempt is marked 999 (Result Failed) with the reason, and nothing is thrown (the job is done).
   */
  async scoreWithRetries(id: number, firstOnly = false): Promise<Evaluation | null> {
    for (let run = 1; ; run++) {
      try {
        const ev = await this.score(id, firstOnly);
        if (ev)
          this.activity.record({
            kind: 'score.run',
            userExamId: id,
            data: { run, ok: true, percentage: ev.percentage },
          });
        return ev;
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        this.activity.record({ kind: 'score.run', userExamId: id, data: { run, ok: false, error: reason } });
        if (run > SCORE_RETRIES) {
          await this.results.markFailed(id, reason);
          return null;
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * run));
      }
    }
  }

  /**
   * The scoring job's work: recomputes from the stored answers (idempotent). With `firstOnly`
   * (the scoring job) it writes only when the attempt has no result yet and answers null when
   * it did not write; without it (regeneration, manual) it rewrites the one result.
   */
  async score(id: number, firstOnly = false): Promise<Evaluation | null> {
    const a = await this.repo.attempt(id);
    if (!a || !SUBMITTED_STATUSES.includes(a.status)) return null;
    if (firstOnly && a.resultStatus === RESULT_PROCESSED) return null;
    let questions = await this.repo.questions(a.examId);
    if (a.exam.examTypeId === ADAPTIVE_EXAM_TYPE) {
      const served = new Set(await this.repo.servedQuestions(id));
      questions = questions.filter((q) => served.has(q.id));
    }
    const stored = await this.repo.answers(id);
    const answers = new Map<number, AnswerValue>(stored.map((s) => [s.qid, s.value]));
    const codingMarks = this.coding ? await this.coding.marks(id, questions, answers, codingSetting(a)) : null;
    const ev = this.evaluate(a, questions, stored, codingMarks);
    if (firstOnly) {
      const written = await this.results.saveFirstScores([{ id, ...this.stored(a, ev) }]);
      return written.length ? ev : null;
    }
    await this.results.saveScore(id, this.stored(a, ev));
    return ev;
  }

  /** The attempt's evaluation from its questions and stored answers (pure). */
  private evaluate(
    a: Attempt,
    questions: QuestionRow[],
    stored: StoredAnswer[],
    codingMarks?: Map<number, number> | null,
  ): Evaluation {
    const answers = new Map<number, AnswerValue>(stored.map((s) => [s.qid, s.value]));
    return scoreAttempt(
      questions.map((q) => ({
        ...toScoringQuestion(q, this.itemIds.matching(a.id, q)),
        codingMarks: codingMarks?.get(q.id),
      })),
      answers,
    );
  }

  /** What is kept of an evaluation: nothing for surveys (no score is kept). */
  private stored(a: Attempt, ev: Evaluation): ScoreUpdate {
    return isSurveyType(a.exam.testType)
      ? { obtainedMarks: null, totalMarks: null, percentage: null }
      : { obtainedMarks: ev.obtainedMarks, totalMarks: ev.totalMarks, percentage: ev.percentage };
  }

  async resultStatus(userId: number, id: number) {
    const a = permitted(await this.repo.attempt(id), (x) => resultPolicy.read(userId, x), resultPolicy.notFound);
    return { examStatus: a.status, resultStatus: a.resultStatus, evaluation: this.visibleEvaluation(a) };
  }

  /** Scores a submitted attempt again: its owner, or staff. */
  async manualGenerate(user: Actor, id: number) {
    const a = permitted(await this.repo.attempt(id), (x) => resultPolicy.regenerate(user, x), resultPolicy.notFound);
    if (!SUBMITTED_STATUSES.includes(a.status))
      throw new HttpError(409, 'This test has not been submitted.', { examStatus: a.status });
    await this.scoreWithRetries(id);
    const now = await this.reread(id);
    // Staff scoring someone's attempt is a staff action on its timeline, like ReGenerate (ADR 0223).
    if (!isOwner(user.id, a))
      this.activity.record({
        kind: 'staff.manualGenerate',
        userExamId: id,
        userId: a.userId,
        actorId: user.id,
        data: { resultStatus: now.resultStatus },
      });
    return { status: 'SUCCESS' as const, resultStatus: now.resultStatus, evaluation: this.visibleEvaluation(now) };
  }
}
