import {
  SUBMITTED_STATUSES,
  STATUS_LABEL,
  type CompletedRecordRow,
  type OngoingRow,
  type PendingResultRow,
  type RegenerateTestResponse,
  type SearchUserExamRow,
  type TimelineResponse,
  type UnlockUserResponse,
} from '@invigil/contracts';
import { notFound } from '../../lib/http-errors.ts';
import type { Actor } from '../../policies/actor.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { SAVE_GRACE_SECONDS } from '../exam/attempt-rules.ts';
import type { ResultsService } from '../results/results.service.ts';
import type { EventLogRepository, StoredEvent } from './event-log.repository.ts';
import type { LiveAttempts } from './live-attempts.ts';
import type { OngoingAttempt, StaffAttempt, SupportRepository } from './support.repository.ts';
import { describeUserAgent } from './user-agent.ts';

const USER_EXAM_NOT_FOUND = 'User exam not found.';
const NO_USER = 'No user found with this e-mail id.';
const NO_USER_ID = 'No user found with this id.';
const UNLOCKED = 'The account is unlocked.';
const NOT_SUBMITTED = 'This test has not been submitted, so it has no result to regenerate.';
const SKIPPED =
  'The answers of this test were not saved (MONGODB SKIPPED); add it into the queue from Pending Results.';
/** Sign-ins shown on an attempt's timeline: from this long before its start. */
const SIGNIN_WINDOW_MS = 12 * 3600_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const mongodbSkipped = (a: StaffAttempt) => !!a.submitType?.startsWith('MONGODB_SKIPPED') && a.answerCount === 0;

function searchRow(a: StaffAttempt): SearchUserExamRow {
  return {
    userexams_id: a.id,
    user_id: a.userId,
    examinstance_id: a.examId,
    org_id: a.orgId,
    org_name: a.orgName,
    exam_name: a.examName,
    start_timestamp: iso(a.startedAt),
    finish_timestamp: iso(a.finishedAt),
    status: a.status,
    result_status: a.resultStatus,
    percentage: a.percentage,
    queued: a.regenQueuedAt !== null,
    already_in_queue: false,
    mongodb_skipped: mongodbSkipped(a),
    result_error: a.resultError,
  };
}

function pendingRow(a: StaffAttempt): PendingResultRow {
  return {
    username: a.username,
    userexam_id: a.id,
    user_id: a.userId,
    examinstance_id: a.examId,
    group_name: a.groupName,
    assessment_name: a.examName,
    status: a.status,
    result_status: a.resultStatus,
    result_error: a.resultError,
    queued: a.regenQueuedAt !== null,
  };
}

function ongoingRow(a: OngoingAttempt): OngoingRow {
  const { browser, device } = describeUserAgent(a.userAgent);
  return {
    username: a.username,
    userExamId: a.id,
    browser,
    device,
    testId: a.examId,
    testName: a.examName,
    totalQuestion: a.totalQuestions,
    answeredQuestionsCount: a.answered,
    timeRemaining: a.secondsLeft,
    updatedAt: a.updatedAt.toISOString(),
    activeTest: true,
  };
}

const toEvent = (e: StoredEvent) => ({ id: e.id, at: e.at.toISOString(), kind: e.kind, actor: e.actor, data: e.data });

/** Support search, regeneration, Ongoing Tests, Pending Results and the attempt timeline (staff only). */
export class SupportService {
  constructor(
    private readonly repo: SupportRepository,
    private readonly events: EventLogRepository,
    private readonly live: LiveAttempts,
    private readonly results: ResultsService,
  ) {}

  private audit(
    actor: Actor,
    kind: string,
    data: Record<string, unknown>,
    target: { userId?: number; userExamId?: number },
  ) {
    this.events.record({
      kind: `staff.${kind}`,
      actorId: actor.id,
      userId: target.userId ?? null,
      userExamId: target.userExamId ?? null,
      data,
    });
  }

  async searchUserOrg(actor: Actor, username: string) {
    const user = await this.repo.userByEmail(username.trim());
    this.audit(actor, 'search', { username: username.trim(), found: !!user }, { userId: user?.id });
    if (!user) return { data: { success: 0 as const, message: NO_USER, data: [] } };
    const rows = (await this.repo.attemptsOf(user.id)).map(searchRow);
    // The account (its lock, for 'Unlock account') only where the caller may unlock it.
    const roles = userPolicy.unlockable(actor);
    const account =
      roles === null || roles.includes(user.role)
        ? { user_id: user.id, locked_until: iso(user.lockedUntil) }
        : undefined;
    return { data: { success: 1 as const, message: 'SUCCESS', data: rows, ...(account ? { account } : {}) } };
  }

  /**
   * Clears the user's sign-in lockout, so the next right password signs in (anyone who knows an
   * e-mail can lock an account; this is the staff's way out). Recorded as an account event.
   * Support may clear a candidate's only (userPolicy.unlockable).
   */
  async unlock(actor: Actor, userId: number): Promise<UnlockUserResponse> {
    // Not the caller's to unlock (a staff account for support) answers as an unknown user (ADR 0050).
    const before = await this.repo.clearLockout(userId, userPolicy.unlockable(actor));
    if (!before) throw notFound(NO_USER_ID);
    const wasLocked = before.lockedUntil !== null;
    this.audit(
      actor,
      'unlock',
      {
        username: before.email,
        wasLocked,
        lockedUntil: iso(before.lockedUntil),
        failedAttempts: before.failedAttempts,
      },
      { userId },
    );
    return { success: 1, message: UNLOCKED, user_id: userId, was_locked: wasLocked, locked_until: null };
  }

  async searchRecord(actor: Actor, userId: number, orgId: number) {
    this.audit(actor, 'searchRecord', { orgId }, { userId });
    const done = (await this.repo.attemptsOf(userId, orgId)).filter((a) => SUBMITTED_STATUSES.includes(a.status));
    const groups = new Map<string, { groupId: number | null; groupName: string; completed: CompletedRecordRow[] }>();
    for (const a of done) {
      const key = String(a.groupId);
      if (!groups.has(key)) groups.set(key, { groupId: a.groupId, groupName: a.groupName, completed: [] });
      groups.get(key)!.completed.push({
        ...searchRow(a),
        name: a.examName,
        testStatus: STATUS_LABEL[a.status] ?? a.status,
        resultStatus: a.resultStatus ?? 'N.A.',
        resultDate: a.resultDate ? a.resultDate.toISOString() : 'N.A.',
      });
    }
    return { data: { groups: [...groups.values()] } };
  }

  async regenerate(
    actor: Actor,
    req: { userExamId: number; userId: number; examInstanceId: number },
  ): Promise<RegenerateTestResponse> {
    const a = await this.repo.attempt(req.userExamId);
    const flags = { queued: false, already_in_queue: false, mongodb_skipped: false };
    if (!a || a.userId !== req.userId || a.examId !== req.examInstanceId)
      return { success: 0, message: USER_EXAM_NOT_FOUND, ...flags };
    if (!SUBMITTED_STATUSES.includes(a.status)) return { success: 0, message: NOT_SUBMITTED, ...flags };
    if (mongodbSkipped(a)) {
      this.audit(actor, 'regenerate', { outcome: 'mongodb_skipped' }, { userId: a.userId, userExamId: a.id });
      return { success: 0, message: SKIPPED, ...flags, mongodb_skipped: true };
    }
    const outcome = await this.results.requestRegenerate(a.id);
    this.audit(actor, 'regenerate', { outcome }, { userId: a.userId, userExamId: a.id });
    return {
      success: 1,
      message: outcome === 'queued' ? 'QUEUED' : 'ALREADY IN QUEUE',
      ...flags,
      queued: outcome === 'queued',
      already_in_queue: outcome === 'already_in_queue',
    };
  }

  async activeUsers() {
    const rows = await this.repo.ongoing();
    return { result: Object.fromEntries(rows.map((r) => [String(r.id), ongoingRow(r)])), totalUsers: rows.length };
  }

  /** The rows of the given attempts still in progress, and the ids that are not (the live stream). */
  async activeChanges(ids: number[]) {
    const rows = (await this.repo.ongoingOf(ids)).map(ongoingRow);
    const still = new Set(rows.map((r) => r.userExamId));
    return { rows, removed: ids.filter((id) => !still.has(id)) };
  }

  subscribeActive(onChange: (ids: number[]) => void) {
    return this.live.subscribe(onChange);
  }

  async listing() {
    const [answers, status, result] = await Promise.all([
      this.repo.pending('answers', SAVE_GRACE_SECONDS),
      this.repo.pending('status', SAVE_GRACE_SECONDS),
      this.repo.pending('result', SAVE_GRACE_SECONDS),
    ]);
    return {
      data: {
        reGenerateListPendingAnswersInsertion: answers.map(pendingRow),
        reGenerateListPendingStatusUpdate: status.map(pendingRow),
        reGenerateListReadyToRegenerate: result.map(pendingRow),
      },
    };
  }

  /** Closes overdue attempts (they are scored as they close) and queues every pending result. */
  async addIntoQueue(actor: Actor) {
    const closed = (await this.results.sweep()).length;
    const pending = [
      ...(await this.repo.pending('answers', SAVE_GRACE_SECONDS)),
      ...(await this.repo.pending('result', SAVE_GRACE_SECONDS)),
    ];
    let queued = 0;
    for (const a of pending) if ((await this.results.requestRegenerate(a.id)) === 'queued') queued++;
    this.audit(actor, 'addintoqueue', { closed, queued }, {});
    return { status: 'SUCCESS' as const, closed, queued };
  }

  async timeline(
    actor: Actor,
    userExamId: number,
    before: number | undefined,
    limit: number,
  ): Promise<TimelineResponse> {
    const a = await this.repo.attempt(userExamId);
    if (!a) throw notFound(USER_EXAM_NOT_FOUND);
    if (before === undefined) this.audit(actor, 'timeline', {}, { userId: a.userId, userExamId: a.id });
    const page = await this.events.page(a.id, before, limit);
    let events = page.map(toEvent);
    if (before === undefined && a.startedAt) {
      const from = new Date(a.startedAt.getTime() - SIGNIN_WINDOW_MS);
      const signins = await this.events.accountEvents(a.userId, from, a.finishedAt ?? new Date(), 50);
      events = [...events, ...signins.map(toEvent)].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : y.id - x.id));
    }
    return {
      attempt: {
        userExamId: a.id,
        username: a.username,
        examName: a.examName,
        status: a.status,
        resultStatus: a.resultStatus,
        resultError: a.resultError,
      },
      events,
      nextBefore: page.length === limit ? page[page.length - 1]!.id : null,
    };
  }
}
