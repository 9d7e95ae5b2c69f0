import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiUpload } from './api-client.ts';

/** A fetch that never answers (a half-open connection) until its signal aborts it. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

describe('api client on a link that hangs', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up a JSON call after 60 s as not reached (status 0), GET and POST alike', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    vi.stubGlobal('fetch', fetch);
    const post = apiPost('/api/test/answeredQts', { id: 1 }).catch((e: unknown) => e);
    const get = apiGet('/api/test/getUserOrgData').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_500);
    for (const e of [await post, await get]) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(0);
    }
  });

  it("keeps the caller's own abort an AbortError and leaves uploads without a limit", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const caller = new AbortController();
    const aborted = apiPost('/api/test/answeredQts', { id: 1 }, { signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    expect(((await aborted) as Error).name).toBe('AbortError');
    let settled = false;
    void apiUpload('/api/result/uploadfile', new FormData(), { headers: { filename: '1_2' } }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(settled).toBe(false);
  });

  it('still answers a prompt reply as before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"result":null}', { status: 200 })),
    );
    await expect(apiPost('/api/test/answeredQts', { id: 1 })).resolves.toEqual({ result: null });
  });
});
