import { EXAM_STATUS, type ExamDetail, type SubmitTestResponse } from '@invigil/contracts';
import { local } from '../../../lib/storage.ts';
import { fetchResultStatus, retest, submitTest, type SubmitBody } from '../api/test-calls.ts';
import type { SetState } from './engine-store.ts';
import { readKeptSubmission, submitKey } from '../../../lib/kept-submission.ts';
import { clearLocalCopy } from './local-copy.ts';
import { runSubmission, type PipelineInput } from './submit-pipeline.ts';

/** While a submission has failed and the page is open, it is sent again this often (and when the link returns). */
export const RESEND_MS = 15_000;

/**
 * The seven-step submission's outcome in the engine's state: low bandwidth (back to 998), failed,
 * or done (the local copy is cleared; a pending score is polled for when it is shown).
 */
export async function completeSubmission(set: SetState, input: PipelineInput): Promise<void> {
  const { detail, trigger, examId } = input;
  const outcome = await runSubmission(input);
  if (outcome.kind === 'low-bandwidth') {
    set({ lowBandwidth: true, submission: null, detail: { ...detail, status: EXAM_STATUS.retest } });
    return;
  }
  if (outcome.kind === 'failed') {
    set({ phase: 'finished', submission: { state: 'failed', trigger, evaluation: null, resultStatus: null } });
    return;
  }
  showSubmitted(set, examId, trigger, detail, outcome.response);
}

/**
 * The failed submission kept under test-submit-{id}, sent again from the open page (the link came
 * back): once the server answers, the stored copy goes and the outcome replaces the failure, so a
 * candidate who closes the page then has lost nothing. False when it is still not sent.
 */
export async function resendSubmission(set: SetState, examId: number, trigger: string, detail: ExamDetail) {
  const kept = readKeptSubmission(submitKey(examId));
  if (kept.kind !== 'mine') return false;
  let response: SubmitTestResponse;
  try {
    response = await submitTest(examId, kept.body as unknown as SubmitBody);
  } catch {
    return false;
  }
  local.remove(submitKey(examId));
  showSubmitted(set, examId, trigger, detail, response);
  return true;
}

/** The server took the submission: its answer (low bandwidth: back to 998), the local copy cleared. */
function showSubmitted(set: SetState, examId: number, trigger: string, detail: ExamDetail, r: SubmitTestResponse) {
  clearLocalCopy(examId);
  if (r.nextAction === 'retest') {
    set({ lowBandwidth: true, submission: null, detail: { ...detail, status: EXAM_STATUS.retest } });
    return;
  }
  set({
    phase: 'finished',
    submission: { state: 'done', trigger, evaluation: r.evaluation, resultStatus: r.resultStatus },
  });
  if (!r.evaluation && detail.showscore === 1 && r.resultStatus !== 'Processed') void pollResult(set, examId, trigger);
}

/**
 * The attempt was closed elsewhere (submitted in another tab): nothing is submitted again; the
 * server's outcome is shown as this tab's submission (the local copy is dropped).
 */
export async function showClosedAttempt(set: SetState, examId: number): Promise<void> {
  set({
    modal: null,
    submission: { state: 'processing', trigger: EXAM_STATUS.completed, evaluation: null, resultStatus: null },
  });
  clearLocalCopy(examId);
  let status: Awaited<ReturnType<typeof fetchResultStatus>> | null = null;
  try {
    status = await fetchResultStatus(examId);
  } catch {
    /* shown as submitted without a score */
  }
  set({
    phase: 'finished',
    submission: {
      state: 'done',
      trigger: status?.examStatus ?? EXAM_STATUS.completed,
      evaluation: status?.evaluation ?? null,
      resultStatus: status?.resultStatus ?? null,
    },
  });
}

/** Asks every 2 s, 15 times at most, until the result is processed. */
async function pollResult(set: SetState, examId: number, trigger: string) {
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 2000));
    try {
      const s = await fetchResultStatus(examId);
      if (s.resultStatus === 'Processed') {
        set({ submission: { state: 'done', trigger, evaluation: s.evaluation, resultStatus: s.resultStatus } });
        return;
      }
    } catch {
      /* keep waiting */
    }
  }
}

/** Low-bandwidth Close: the attempt goes back to 998 (retest call). */
export async function retestAttempt(examId: number) {
  clearLocalCopy(examId);
  try {
    await retest(examId);
  } catch {
    /* the logout still happens */
  }
}
