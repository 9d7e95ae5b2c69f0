import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryQueue, retryDelay, type SendResult } from './retry-queue.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('retryDelay', () => {
  it('backs off 2, 4, 8 s... up to 60 s', () => {
    expect([0, 1, 2, 3, 10].map((n) => retryDelay(n))).toEqual([2000, 4000, 8000, 16_000, 60_000]);
  });
  it('waits at least what Retry-After says', () => {
    expect(retryDelay(0, 30_000)).toBe(30_000);
    expect(retryDelay(3, 1000)).toBe(16_000);
  });
});

describe('RetryQueue', () => {
  it('sends at once and keeps nothing on success', async () => {
    const send = vi.fn(async (): Promise<SendResult> => ({ retry: false }));
    const q = new RetryQueue<string>(send);
    await q.push('a');
    expect(send).toHaveBeenCalledWith('a');
    expect(q.size).toBe(0);
  });

  it('keeps a picture the server could not check (503) and retries after Retry-After', async () => {
    const replies: SendResult[] = [{ retry: true, afterMs: 5000 }, { retry: false }];
    const send = vi.fn(async () => replies.shift()!);
    const q = new RetryQueue<string>(send);
    await q.push('a');
    expect(q.size).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.size).toBe(0);
  });

  it('treats a thrown send (network error) as retry with back-off', async () => {
    let fail = true;
    const send = vi.fn(async (): Promise<SendResult> => {
      if (fail) throw new Error('offline');
      return { retry: false };
    });
    const q = new RetryQueue<string>(send);
    await q.push('a');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(q.size).toBe(0);
  });

  it('keeps only the last 3 and sends them in order when the link returns', async () => {
    let online = false;
    const sent: string[] = [];
    const dropped: string[] = [];
    const q = new RetryQueue<string>(
      async (x) => {
        if (!online) return { retry: true };
        sent.push(x);
        return { retry: false };
      },
      3,
      (x) => dropped.push(x),
    );
    for (const x of ['a', 'b', 'c', 'd', 'e']) await q.push(x);
    expect(q.size).toBe(3);
    expect(dropped).toEqual(['a', 'b']);
    online = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(['c', 'd', 'e']);
  });

  it('retryNow sends a waiting item at once and starts the back-off over (the link is back)', async () => {
    let online = false;
    const send = vi.fn(async (): Promise<SendResult> => (online ? { retry: false } : { retry: true }));
    const q = new RetryQueue<string>(send);
    await q.push('a');
    // offline for 62 s: tries at 0, 2, 6, 14, 30 and 62 s; the next waits 60 s more
    await vi.advanceTimersByTimeAsync(62_000);
    expect(send).toHaveBeenCalledTimes(6);
    online = true;
    await q.retryNow();
    expect(send).toHaveBeenCalledTimes(7);
    expect(q.size).toBe(0);
    // the back-off starts over for the next failure: 2 s, not 60 s
    online = false;
    await q.push('b');
    online = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(9);
    expect(q.size).toBe(0);
  });

  it('sends nothing after close', async () => {
    const send = vi.fn(async (): Promise<SendResult> => ({ retry: true }));
    const q = new RetryQueue<string>(send);
    await q.push('a');
    q.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    await q.push('b');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('flush sends what is kept now, without its back-off, and resolves when it is through', async () => {
    const replies: SendResult[] = [{ retry: true, afterMs: 30_000 }, { retry: false }, { retry: false }];
    const send = vi.fn(async (_item: string) => replies.shift()!);
    const q = new RetryQueue<string>(send);
    await q.push('a');
    await q.push('b');
    expect(q.size).toBe(2);
    await q.flush();
    expect(send.mock.calls.map(([item]) => item)).toEqual(['a', 'a', 'b']);
    expect(q.size).toBe(0);
    // nothing kept: nothing sent; closed: nothing sent
    await q.flush();
    q.close();
    await q.flush();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('flush on a link still down tries once and keeps the item', async () => {
    const send = vi.fn(async (): Promise<SendResult> => ({ retry: true }));
    const q = new RetryQueue<string>(send);
    await q.push('a');
    await q.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.size).toBe(1);
    q.close();
  });
});
