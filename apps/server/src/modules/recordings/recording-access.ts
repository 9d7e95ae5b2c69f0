import { EXAM_STATUS, QTYPE, RECORDING_GRACE_SECONDS, type RecordingKind } from '@invigil/contracts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { pastGrace, refuseIfTimedOut, type TimeoutCloser } from '../exam/attempt-rules.ts';
import type { Attempt, ExamRepository, QuestionRow } from '../exam/exam.repository.ts';
import { visibleQuestions } from '../exam/visible-questions.ts';

export const NOT_IN_PROGRESS = 'This test is not in progress.';
const NO_NEW_RECORDING = 'The time for this test is over: a new recording cannot be sent.';
export const TOO_LATE = 'The test closed too long ago: this recording can no longer be kept.';

/** Attempts a recording begun in time may still answer: in progress, or closed by submit or time-out (not stopped). */
const LATE_STATUSES: readonly string[] = [EXAM_STATUS.inProgress, EXAM_STATUS.completed, EXAM_STATUS.timeOut];

/** When the attempt stopped taking answers: its close (submit or time-out), else its deadline. */
function closedAt(a: Attempt): Date | null {
  if (a.status === EXAM_STATUS.inProgress) return a.deadlineAt;
  return a.finishedAt ?? a.deadlineAt;
}

/**
 * A recording whose upload was created while the attempt was open may finish, and be checked and
 * kept, until RECORDING_GRACE_SECONDS after the attempt closed (ADR 0161): a time-out (or the
 * automatic submit) during an upload does not lose it.
 */
function lateRecordingAllowed(a: Attempt, uploadCreatedAt: Date): boolean {
  if (!LATE_STATUSES.includes(a.status)) return false;
  const end = closedAt(a);
  if (!end) return false;
  return uploadCreatedAt.getTime() < end.getTime() && a.now.getTime() < end.getTime() + RECORDING_GRACE_SECONDS * 1000;
}

/** The question type each recording answers: the spoken answer (28) audio, the video interview (27) video. */
const KIND_OF_TYPE: Record<number, RecordingKind> = {
  [QTYPE.spokenAnswer]: 'audio',
  [QTYPE.videoInterview]: 'video',
};
const TYPE_NAME: Record<RecordingKind, string> = { audio: 'spoken-answer', video: 'video interview' };

/** Why an upload of a closed attempt is refused: stopped (never kept), or past the grace. */
export function closedMessage(a: Attempt): string {
  return LATE_STATUSES.includes(a.status) ? TOO_LATE : NOT_IN_PROGRESS;
}

/** Whether more bytes of an upload created at `createdAt` may come: the attempt open, or within the grace. */
export function uploadMayContinue(a: Attempt, createdAt: Date): boolean {
  return (a.status === EXAM_STATUS.inProgress && !pastDeadline(a)) || lateRecordingAllowed(a, createdAt);
}

const pastDeadline = (a: Attempt) => !!a.deadlineAt && a.deadlineAt.getTime() <= a.now.getTime();

/**
 * The candidate's own attempt in progress and one of its questions answered by a recording of
 * `kind`: 404 for an attempt not theirs, 409 when it is not in progress (or its time ran out:
 * then it is closed) or, for a new upload, past its deadline; 400 for a question of the test that
 * another kind of answer. An upload created in time is let through (`late`) within the grace
 * after the attempt closed (lateRecordingAllowed).
 */
export async function recordableQuestion(
  exams: ExamRepository,
  closer: TimeoutCloser,
  userId: number,
  userExamId: number,
  qid: number,
  kind: RecordingKind,
  /** when the recording's upload was created (its check); absent: a new upload is being created */
  uploadCreatedAt?: Date,
): Promise<{ attempt: Attempt; question: QuestionRow; late: boolean }> {
  const attempt = permitted(
    await exams.attempt(userExamId),
    (a) => attemptPolicy.take(userId, a),
    attemptPolicy.notFound,
  );
  const late =
    !!uploadCreatedAt &&
    lateRecordingAllowed(attempt, uploadCreatedAt) &&
    (attempt.status !== EXAM_STATUS.inProgress || pastDeadline(attempt));
  if (late) {
    // Time ran out while it was being sent: the attempt closes as it would, the recording still counts.
    if (attempt.status === EXAM_STATUS.inProgress && pastGrace(attempt)) await closer.closeExpired(attempt.id);
  } else {
    if (attempt.status !== EXAM_STATUS.inProgress)
      throw new HttpError(409, uploadCreatedAt ? closedMessage(attempt) : NOT_IN_PROGRESS, {
        examStatus: attempt.status,
      });
    await refuseIfTimedOut(attempt, closer);
    if (!uploadCreatedAt && pastDeadline(attempt))
      throw new HttpError(409, NO_NEW_RECORDING, { examStatus: attempt.status });
  }
  const question = (await visibleQuestions(exams, attempt)).find((q) => q.id === qid);
  if (!question) throw badRequest(`Question ${qid} is not part of this test.`);
  if (KIND_OF_TYPE[question.qtypeCode] !== kind)
    throw badRequest(`Question ${qid} is not a ${TYPE_NAME[kind]} question.`);
  return { attempt, question, late };
}
