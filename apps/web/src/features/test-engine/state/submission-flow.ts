import { EXAM_STATUS } from '@invigil/contracts';
import { fetchResultStatus, retest } from '../api/test-calls.ts';
import type { SetState } from './engine-store.ts';
import { clearLocalCopy } from './local-copy.ts';
import { runSubmission, type PipelineInput } from './submit-pipeline.ts';

/**
 * The seven-step submission's outcome in the engine's state: low bandwidth (back to 998), failed,
 * or done (the local copy is cleared; a pending score is polled for when it is shown).
 */
export async function completeSubmission(set: SetState, input: PipelineInput): Promise<void> {
  const { detail, trigger, examId } = input;
  const outcome = await runSubmission(input);
  if (outcome.kind === 'low-bandwidth' || outcome.kind === 'retest') {
    set({ lowBandwidth: true, submission: null, detail: { ...detail, status: EXAM_STATUS.retest } });
    return;
  }
  if (outcome.kind === 'failed') {
    set({ phase: 'finished', submission: { state: 'failed', trigger, evaluation: null, resultStatus: null } });
    return;
  }
  clearLocalCopy(examId);
  const r = outcome.response;
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
