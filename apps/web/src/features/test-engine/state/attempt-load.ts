import { BUTTON_STYLE, EXAM_STATUS, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchUserTest, resumeExam, startExam } from '../api/test-calls.ts';
import type { EngineState } from './engine-types.ts';
import { mergeCopies, readLocalCopy } from './local-copy.ts';

interface LoadedAttempt {
  state: Pick<EngineState, 'phase' | 'detail' | 'items' | 'index' | 'remaining'>;
  /** The save queue to restore: the highest seq used and the questions not yet saved. */
  seq: number;
  pending: number[];
}

/**
 * The attempt as the instructions page shows it: the server's copy, and for a test in progress
 * the local copy merged in (newer local answers win and are queued to be sent); a resumed test
 * opens at its first question not yet visited.
 */
export async function loadAttempt(examId: number, language: string): Promise<LoadedAttempt> {
  const { detail, items } = await fetchUserTest(examId, language);
  const copy = readLocalCopy(examId);
  const usable = copy && detail.status === EXAM_STATUS.inProgress ? copy : null;
  const merged = mergeCopies(items, usable?.quesData);
  const firstOpen = Math.max(
    0,
    merged.items.findIndex((q) => q.buttonStyle === BUTTON_STYLE.notVisited),
  );
  return {
    state: {
      phase: 'instructions',
      detail,
      items: merged.items,
      index: detail.status === EXAM_STATUS.inProgress ? firstOpen : 0,
      remaining: detail.time_remaining,
    },
    seq: Math.max(merged.seq, usable?.seq ?? 0),
    pending: [...merged.pending, ...(usable?.pending ?? []).filter((id) => merged.items.some((q) => q.qid === id))],
  };
}

/**
 * Start (000/998 to 001) or Resume (sends the local copy; newer answers win on the server), with
 * the questions to show: a start fetches them once the clock runs, as the server sends none
 * before (ADR 0198). `receivedAt` is when the server's time arrived (performance.now()): the
 * questions' download after it (seconds on a slow link) is time already running (ADR 0231).
 */
export async function startAttempt(examId: number, language: string, detail: ExamDetail, items: QuestionItem[]) {
  if (detail.status === EXAM_STATUS.inProgress) {
    const resumed = await resumeExam(examId, detail, items);
    return { ...resumed, receivedAt: performance.now(), items };
  }
  const started = await startExam(examId, language);
  const receivedAt = performance.now();
  return { ...started, receivedAt, items: (await fetchUserTest(examId, language)).items };
}

/** The server's message for a failed load or start; null when the server was not reached. */
export const failureMessage = (e: unknown) => (e instanceof ApiError && e.status > 0 ? e.message : null);
