import type { CompileCodeRequest, CompileCodeResponse, GetTablesResponse } from '@invigil/contracts';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';

export const fetchSkeleton = (body: {
  codingLang: string;
  classname?: string;
  methodname?: string;
  paramtype?: string;
  paramvalue?: string;
  methodreturntype?: string;
}) => apiPost('/api/test/programSkeleton', body).then((r) => r.programBoilerPlate);

export const fetchTables = (qid: number): Promise<GetTablesResponse> =>
  apiGet('/api/test/getTables', { query: { qid } });

/**
 * When the runner is busy (503) or this candidate is over the fair share (429): seconds to wait.
 * Only replies that say when to retry count; a 503 without it (no sandbox on the server) is an error.
 */
export function retryAfterOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || (err.status !== 503 && err.status !== 429)) return null;
  const body = err.body as { retryAfter?: unknown } | null;
  const n = Number(body?.retryAfter);
  return body?.retryAfter !== undefined && Number.isFinite(n) && n >= 0 ? Math.min(Math.max(n, 1), 30) : null;
}

/**
 * Compile & Execute: a busy runner is not a failure. The run waits (onWaiting says for how long)
 * and is sent again when the Retry-After passes, until it runs or the signal aborts; the click
 * is never silently dropped (ADR 0090, issue 13).
 */
export async function compileWhenFree(
  body: CompileCodeRequest,
  opts: {
    signal: AbortSignal;
    /** busy: the runner every candidate shares is full (503); limit: this candidate's own share is used (429). */
    onWaiting(seconds: number, attempt: number, reason: 'busy' | 'limit'): void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<CompileCodeResponse> {
  const sleep =
    opts.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        opts.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
      }));
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiPost('/api/test/compilecode', body, { signal: opts.signal });
    } catch (err) {
      const wait = retryAfterOf(err);
      if (wait === null || opts.signal.aborted) throw err;
      opts.onWaiting(wait, attempt, (err as ApiError).status === 429 ? 'limit' : 'busy');
      await sleep(wait * 1000);
      if (opts.signal.aborted) throw err;
    }
  }
}
