import {
  BUTTON_STYLE,
  EXAM_STATUS,
  encodePayload,
  type ExamDetail,
  type QuestionItem,
  type SubmitTestResponse,
} from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { local } from '../../../lib/storage.ts';
import { fallbackSubmit, independentResultProcess, saveFull, submitTest, type SubmitBody } from '../api/test-calls.ts';
import { keepSubmission, submitKey } from '../../../lib/kept-submission.ts';

export type PipelineOutcome =
  | { kind: 'low-bandwidth' }
  | { kind: 'submitted'; response: SubmitTestResponse }
  | { kind: 'retest'; response: SubmitTestResponse }
  | { kind: 'failed' };

export interface PipelineInput {
  examId: number;
  trigger: '010' | '011' | '111';
  detail: ExamDetail;
  items: QuestionItem[];
  remaining: number | null;
  windowSwitches: number;
  abortReason?: string;
}

/**
 * The spec's seven submission steps:
 * 1 status set to the trigger; 2 nothing answered and no time used: low bandwidth, 998, not
 * submitted; 3 save to the document store first; 4 then submit (nextAction retest: low
 * bandwidth); 5 submit failed: fallback submit; 6 save answered false: independent result
 * process; 7 save threw: independent result process; when those fail the payload is kept under
 * test-submit-{id} (re-sent when the dashboard loads) and the failure is reported.
 */
export async function runSubmission(input: PipelineInput): Promise<PipelineOutcome> {
  // The remaining time as of now (the server applies the same low-bandwidth rule to it).
  const detail = {
    ...input.detail,
    status: input.trigger,
    ...(input.remaining !== null ? { time_remaining: input.remaining } : {}),
  };
  const anyAnswered = input.items.some((q) => q.buttonStyle === BUTTON_STYLE.answered || q.answerStatus);
  // Asked of a finish (010) only, as the server does: a window-switch termination (111) or a
  // time-out is submitted whatever was answered, so a violation cannot turn into a retest.
  const unused = input.remaining === null || input.remaining === detail.total_test_time;
  if (input.trigger === EXAM_STATUS.completed && !anyAnswered && unused) {
    return { kind: 'low-bandwidth' };
  }
  const body: SubmitBody = {
    userExamId: input.examId,
    examDetail: encodePayload(detail),
    questionsData: encodePayload(input.items),
    submitType: 'STANDARD',
    status: input.trigger,
    windowSwitchCount: input.windowSwitches,
    abort_reason: input.abortReason ?? null,
  };
  const keep = (): PipelineOutcome => {
    keepSubmission(input.examId, body);
    return { kind: 'failed' };
  };
  const done = (response: SubmitTestResponse): PipelineOutcome => {
    local.remove(submitKey(input.examId));
    return response.nextAction === 'retest' ? { kind: 'retest', response } : { kind: 'submitted', response };
  };

  let saved: 'ok' | 'false' | 'threw';
  try {
    await saveFull(input.examId, detail, input.items, input.windowSwitches);
    saved = 'ok';
  } catch (e) {
    // 409: the server already closed the attempt (time out): submitting returns its result.
    if (e instanceof ApiError && e.status === 409) saved = 'ok';
    else saved = e instanceof ApiError && e.status > 0 ? 'false' : 'threw';
  }
  if (saved === 'ok') {
    try {
      return done(await submitTest(input.examId, body));
    } catch {
      try {
        return done(await fallbackSubmit(input.examId, body));
      } catch {
        return keep();
      }
    }
  }
  try {
    return done(await independentResultProcess(body, saved === 'false' ? 'MONGODB_SKIPPED' : 'MONGODB_SKIPPED_CATCH'));
  } catch {
    return keep();
  }
}
