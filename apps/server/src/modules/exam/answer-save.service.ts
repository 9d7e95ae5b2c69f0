import {
  EXAM_STATUS,
  decodePayload,
  encodePayload,
  type AnsweredQuestionsRequest,
  type QuestionIssuesRequest,
} from '@invigil/contracts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { changesFrom, decodeQuestionStates, type AnswerChange } from './answer-changes.ts';
import { answerableQuestions } from './answerable-questions.ts';
import { SAVE_GRACE_SECONDS, TERMINATED, TIME_UP, pastWindowSwitchLimit, type AttemptCloser } from './attempt-rules.ts';
import { permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import type { AnswerSnapshotRepository } from './answer-snapshot.repository.ts';
import type { ExamRepository } from './exam.repository.ts';
import type { SaveBatcher } from './save-batcher.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';

/** Bounds of the full-form snapshots (ADR 0070): versions kept per attempt, and one snapshot's size. */
export interface SnapshotLimits {
  keep: number;
  maxKb: number;
}

/** The hot path: progress saves (delta or the spec's full form) and question issue reports. */
export class AnswerSaveService {
  constructor(
    private readonly repo: ExamRepository,
    private readonly closer: AttemptCloser,
    private readonly snapshots: AnswerSnapshotRepository,
    private readonly limits: SnapshotLimits,
    private readonly activity: AttemptActivity,
    /** Group commit for progress saves; without it each save is its own statement. */
    private readonly batcher?: SaveBatcher,
  ) {}

  /** The save of progress: the delta form (hot path) or the spec's full form (also a versioned snapshot). */
  async save(userId: number, body: AnsweredQuestionsRequest) {
    const owner = permitted(
      await this.repo.owner(body.id),
      (o) => attemptPolicy.take(userId, o),
      attemptPolicy.notFound,
    );
    const { known, writable } = await answerableQuestions(this.repo, { id: body.id, ...owner });
    let changes: AnswerChange[];
    let snapshot: unknown = null;
    if ('changes' in body) {
      const bad = body.changes.find((c) => !known.has(c.qid));
      if (bad) throw badRequest(`Question ${bad.qid} is not part of this test.`);
      changes = body.changes.filter((c) => writable.has(c.qid));
    } else {
      const items = decodeQuestionStates(body.quesData);
      let examDetail: unknown;
      try {
        examDetail = body.examDetail ? decodePayload(body.examDetail) : null;
      } catch {
        throw badRequest('examDetail is not base64url-encoded JSON.');
      }
      changes = changesFrom(items, writable);
      snapshot = { examDetail, quesData: items };
      // Refused whole, before anything is written: the stored state stays as it was.
      const kb = Math.ceil(Buffer.byteLength(JSON.stringify(snapshot)) / 1024);
      if (kb > this.limits.maxKb)
        throw new HttpError(
          413,
          `This saved state is too large (${kb} KB; at most ${this.limits.maxKb} KB). Your previous save is kept.`,
        );
    }
    const r = this.batcher
      ? await this.batcher.save(body.id, changes)
      : await this.repo.upsertAnswers(body.id, changes, SAVE_GRACE_SECONDS);
    if (!r) throw notFound(attemptPolicy.notFound);
    if (r.status !== EXAM_STATUS.inProgress)
      throw new HttpError(409, 'This test is not in progress.', { examStatus: r.status });
    if (!r.open) {
      await this.closer.closeExpired(body.id);
      throw new HttpError(409, TIME_UP, { examStatus: EXAM_STATUS.timeOut });
    }
    const who = { userExamId: body.id, userId, actorId: userId };
    const switched =
      body.windowSwitchCount !== undefined && (await this.repo.recordWindowSwitches(body.id, body.windowSwitchCount));
    if (switched) this.activity.record({ ...who, kind: 'window_switch', data: { count: body.windowSwitchCount } });
    const version = snapshot ? (await this.snapshots.add(body.id, snapshot, this.limits.keep)).version : null;
    this.activity.record({
      ...who,
      kind: 'save',
      data: {
        form: snapshot ? 'full' : 'delta',
        seq: changes.reduce((m, c) => Math.max(m, c.seq), 0),
        changes: changes.length,
        saved: r.saved,
        offline: body.offline === true,
        version,
      },
    });
    this.activity.touch(body.id);
    if (switched) await this.stopPastWindowSwitchLimit(body.id);
    const timeRemaining = r.deadlineAt ? Math.max(0, Math.floor((r.deadlineAt.getTime() - r.now.getTime()) / 1000)) : 0;
    return {
      examData: encodePayload({ version, status: r.status, time_remaining: timeRemaining }),
      saved: r.saved,
      version,
      time_remaining: timeRemaining,
    };
  }

  /** This save's answers are kept; then a count past the limit stops the test (111), as the page should have. */
  private async stopPastWindowSwitchLimit(id: number) {
    const a = await this.repo.attempt(id);
    if (!a || !pastWindowSwitchLimit(a)) return;
    await this.closer.stopForProctoring(id, 'window_switch');
    throw new HttpError(409, TERMINATED, { examStatus: EXAM_STATUS.aborted });
  }

  async questionIssue(userId: number, body: QuestionIssuesRequest) {
    if (!(await this.repo.questionAssignedTo(body.qid, userId))) throw notFound('Question not found.');
    await this.repo.addIssue(userId, body.qid, body.issuetype, body.description);
    return { status: 'SUCCESS' as const };
  }
}
