import { DEFAULT_LANGUAGE, EXAM_STATUS, remainingSeconds } from '@invigil/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Attempt } from './exam.repository.ts';

/** Saves may arrive this long after the deadline (network); later ones are refused. */
export const SAVE_GRACE_SECONDS = 15;
export const TIME_UP = 'Time is up. Your test has been submitted automatically.';

/** Closes an attempt whose time ran out (the results module's job); the exam services only ask. */
export interface TimeoutCloser {
  closeExpired(userExamId: number): Promise<boolean>;
}

/** Also stops an attempt in progress with status 111 for a proctoring verdict (the results module's). */
export interface AttemptCloser extends TimeoutCloser {
  stopForProctoring(userExamId: number, reason: string): Promise<boolean>;
}

/**
 * More window switches than the test allows (webproctoringcount): the spec's violation, status
 * 111. The browser counts the switches; once it has reported a count past the limit, the verdict
 * is the server's, whatever the page submits after it (security review row 79).
 */
export function pastWindowSwitchLimit(a: Pick<Attempt, 'exam' | 'windowSwitchCount'>, reported = 0): boolean {
  const raw = a.exam.settings.webproctoringcount;
  if (raw === null || raw === undefined || raw === '') return false;
  const limit = Number(raw);
  return Number.isFinite(limit) && Math.max(a.windowSwitchCount, reported) > limit;
}

/**
 * Seconds left: the whole time before the first start, then the server clock's count to the
 * deadline. A retest (998) keeps the deadline of its first start (ADR 0070): only an attempt
 * that was never started has the whole time.
 */
export function timeRemaining(a: Attempt): number {
  if (a.status === EXAM_STATUS.notStarted || a.status === EXAM_STATUS.retest)
    return a.deadlineAt ? remainingSeconds(a.deadlineAt, a.now, a.exam.durationSeconds) : a.exam.durationSeconds;
  if (a.status === EXAM_STATUS.inProgress && a.deadlineAt)
    return remainingSeconds(a.deadlineAt, a.now, a.exam.durationSeconds);
  return 0;
}

/** Whether the deadline plus the grace has passed, by the database's clock. */
export function pastGrace(a: Attempt): boolean {
  return !!a.deadlineAt && a.deadlineAt.getTime() + SAVE_GRACE_SECONDS * 1000 <= a.now.getTime();
}

/** An in-progress attempt whose time ran out is closed and scored now; the caller gets 409. */
export async function refuseIfTimedOut(a: Attempt, closer: TimeoutCloser): Promise<void> {
  if (a.status === EXAM_STATUS.inProgress && pastGrace(a)) {
    await closer.closeExpired(a.id);
    throw new HttpError(409, TIME_UP, { examStatus: EXAM_STATUS.timeOut });
  }
}

/** The dashboard shows such a test with its Take button disabled until its date (spec, Language). */
const NOT_OPEN_YET = 'This test is not open yet. It can be taken from its scheduled date.';

export const TERMINATED = 'This test was terminated.';

const CLOSED: Record<string, string> = {
  [EXAM_STATUS.completed]: 'This test has already been submitted.',
  [EXAM_STATUS.timeOut]: 'This test has already been submitted.',
  [EXAM_STATUS.aborted]: TERMINATED,
  [EXAM_STATUS.expired]: 'This test has expired.',
  [EXAM_STATUS.resultFailed]: 'This test has already been submitted.',
};

/** 409 for an attempt that is closed or outside its availability window (not yet open, or ended). */
export function assertTakeable(a: Attempt): void {
  const closed = CLOSED[a.status];
  if (closed) throw new HttpError(409, closed, { examStatus: a.status });
  if (a.status !== EXAM_STATUS.inProgress && a.scheduledAt && a.scheduledAt.getTime() > a.now.getTime())
    throw new HttpError(409, NOT_OPEN_YET, { examStatus: a.status, opensAt: a.scheduledAt.toISOString() });
  if (a.status !== EXAM_STATUS.inProgress && a.expiresAt && a.expiresAt.getTime() < a.now.getTime())
    throw new HttpError(409, 'This test has expired.');
}

/** The attempt's language: fixed once started, else the requested one if offered, else the default. */
export function attemptLanguage(a: Attempt, requested?: string | null): string {
  if (a.status === EXAM_STATUS.inProgress && a.selectedLanguage) return a.selectedLanguage;
  if (requested && a.exam.languages.includes(requested)) return requested;
  return a.exam.languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (a.exam.languages[0] ?? DEFAULT_LANGUAGE);
}
