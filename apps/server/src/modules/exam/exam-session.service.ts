import {
  ADAPTIVE_EXAM_TYPE,
  CAMERA_SETUP_REQUIRED,
  EXAM_STATUS,
  encodePayload,
  type ResumeExamRequest,
  type SavedTest,
  type StartExamRequest,
  type UserTestRequest,
} from '@invigil/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import { monitoringSettings } from '../../lib/monitoring.ts';
import { permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { changesFrom, decodeQuestionStates } from './answer-changes.ts';
import { answerableQuestions } from './answerable-questions.ts';
import {
  SAVE_GRACE_SECONDS,
  assertTakeable,
  attemptLanguage,
  refuseIfTimedOut,
  timeRemaining,
  type TimeoutCloser,
} from './attempt-rules.ts';
import { codingSetting, toExamDetail, toQuestionItem, toQuestionOutline } from './exam.presenter.ts';
import type { AnswerSnapshotRepository } from './answer-snapshot.repository.ts';
import type { Attempt, ExamRepository } from './exam.repository.ts';
import type { ItemIds } from './item-ids.ts';
import { visibleQuestions } from './visible-questions.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';

/** Opening an attempt: its questions, start (the server fixes the deadline), resume, retest. */
export class ExamSessionService {
  constructor(
    private readonly repo: ExamRepository,
    private readonly closer: TimeoutCloser,
    private readonly snapshots: AnswerSnapshotRepository,
    private readonly itemIds: ItemIds,
    private readonly activity: AttemptActivity,
  ) {}

  /** The caller's attempt, or 404 (another user's attempt is not revealed). */
  async owned(userId: number, id: number): Promise<Attempt> {
    return permitted(await this.repo.attempt(id), (a) => attemptPolicy.take(userId, a), attemptPolicy.notFound);
  }

  async userTest(userId: number, body: UserTestRequest) {
    const a = await this.owned(userId, body.examId);
    assertTakeable(a);
    await refuseIfTimedOut(a, this.closer);
    const lang = attemptLanguage(a, body.selectedLanguage);
    const view = { ...a, selectedLanguage: lang };
    const all = await this.repo.questions(a.examId);
    // The questions' content goes out only once the clock runs (ADR 0198): before the first start
    // the items are outlines (ids, kinds, marks), so a candidate cannot read them with the time
    // unspent; an adaptive test serves its first question only then.
    const clockRuns = a.deadlineAt !== null;
    const adaptive = a.exam.examTypeId === ADAPTIVE_EXAM_TYPE;
    const questions = clockRuns ? await visibleQuestions(this.repo, a) : all;
    if (questions.length === 0) throw new HttpError(409, 'No questions are available for this test.');
    const stored = new Map((await this.repo.answers(a.id)).map((s) => [s.qid, s]));
    const whole = (!clockRuns && adaptive ? [] : questions).map((q, i) =>
      toQuestionItem(q, i, lang, a.id, this.itemIds, stored.get(q.id), codingSetting(a)),
    );
    // adaptive: the earlier answers chose the questions after them and stand (ADR 0197)
    if (adaptive) whole.forEach((item, i) => (item.disabled = i < whole.length - 1));
    const items = clockRuns ? whole : whole.map(toQuestionOutline);
    const detail = toExamDetail(view, timeRemaining(a));
    const pools = adaptive
      ? [
          {
            pools: Object.fromEntries([1, 2, 3].map((l) => [String(l), all.filter((q) => q.difficulty === l).length])),
          },
        ]
      : [];
    return {
      msg: 'SUCCESS',
      quesData: encodePayload(items),
      examDetail: [detail, ...pools] as [typeof detail, ...Array<{ pools: Record<string, number> }>],
    };
  }

  private times(a: Attempt) {
    return {
      exam_start_time: (a.startedAt ?? a.now).toISOString(),
      exam_end_time: (a.deadlineAt ?? a.now).toISOString(),
      time_remaining: timeRemaining(a),
      status: a.status,
    };
  }

  /**
   * A monitored attempt (monitoring on) is taken only after the camera setup: the server keeps a
   * primary picture that passed its face check (savePrimaryImage). Otherwise 409.
   */
  private async requireCameraSetup(a: Attempt) {
    if (!monitoringSettings(a.exam.settings ?? {}).monitoring) return;
    if (!(await this.repo.hasPrimaryImage(a.id)))
      throw new HttpError(409, CAMERA_SETUP_REQUIRED, { examStatus: a.status });
  }

  async start(userId: number, body: StartExamRequest) {
    const a = await this.owned(userId, body.id);
    assertTakeable(a);
    await refuseIfTimedOut(a, this.closer);
    await this.requireCameraSetup(a);
    if (a.status !== EXAM_STATUS.inProgress) {
      // Started twice (double click, two tabs): the first start's deadline stands.
      await this.repo.start(a.id, attemptLanguage(a, body.selectedLanguage));
    }
    this.activity.record({
      kind: a.status === EXAM_STATUS.inProgress ? 'start.repeat' : 'start',
      userExamId: a.id,
      userId,
      actorId: userId,
      data: { previousStatus: a.status, language: attemptLanguage(a, body.selectedLanguage) },
    });
    this.activity.touch(a.id);
    const now = await this.owned(userId, body.id);
    if (now.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test cannot be started.');
    // Started again after a retest whose deadline has passed: closed as timed out, like any other.
    await refuseIfTimedOut(now, this.closer);
    return this.times(now);
  }

  async resume(userId: number, body: ResumeExamRequest) {
    const a = await this.owned(userId, body.id);
    assertTakeable(a);
    await refuseIfTimedOut(a, this.closer);
    if (a.status !== EXAM_STATUS.inProgress) throw new HttpError(409, 'This test has not been started.');
    await this.requireCameraSetup(a);
    await this.repo.restartPhotoChecks(a.id);
    const items = decodeQuestionStates(body.quesData);
    let restored = 0;
    if (items.length) {
      await visibleQuestions(this.repo, a);
      const { writable } = await answerableQuestions(this.repo, {
        id: a.id,
        examId: a.examId,
        examTypeId: a.exam.examTypeId,
      });
      restored = (await this.repo.upsertAnswers(a.id, changesFrom(items, writable), SAVE_GRACE_SECONDS))?.saved ?? 0;
    }
    this.activity.record({
      kind: 'resume',
      userExamId: a.id,
      userId,
      actorId: userId,
      data: { fromLocalCopy: items.length, restored, secondsLeft: timeRemaining(a) },
    });
    this.activity.touch(a.id);
    return this.times(a);
  }

  async answeredQts(userId: number, id: number) {
    const a = await this.owned(userId, id);
    const answers = await this.repo.answers(a.id);
    const version = await this.snapshots.latestVersion(a.id);
    if (answers.length === 0 && version === 0) return { result: null };
    const saved: SavedTest = {
      version,
      status: a.status,
      time_remaining: timeRemaining(a),
      maxSeq: answers.reduce((m, s) => Math.max(m, s.seq), 0),
      answers: answers.map((s) => ({ qid: s.qid, seq: s.seq, answer: s.value as Record<string, unknown> })),
    };
    return { result: encodePayload(saved) };
  }

  async retest(userId: number, id: number) {
    const a = await this.owned(userId, id);
    // Time that ran out stays run out: the attempt is closed rather than sent back to 998.
    await refuseIfTimedOut(a, this.closer);
    if (!(await this.repo.retest(a.id))) {
      const closed = !['000', '001', '998'].includes(a.status);
      throw new HttpError(
        409,
        closed
          ? 'This test has already been submitted.'
          : 'Answers have been saved for this test, so it cannot be restarted.',
        { examStatus: a.status },
      );
    }
    return { status: 'SUCCESS' as const, examStatus: EXAM_STATUS.retest };
  }
}
