import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resendQueuedSubmissions } from './resend-submissions.ts';

const body = (id: number) =>
  JSON.stringify({ userExamId: id, examDetail: 'e', questionsData: 'q', submitType: 'STANDARD' });

describe('stored submissions re-sent on dashboard load (spec section 4)', () => {
  const fetch = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetch);
    fetch.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends each one; a 200 removes it and the test local copy, a failure keeps both for the next load', async () => {
    localStorage.setItem('test-submit-71', body(71));
    localStorage.setItem('71', 'local copy of 71');
    localStorage.setItem('test-submit-72', body(72));
    localStorage.setItem('72', 'local copy of 72');
    localStorage.setItem('remainingTime', '1790');
    fetch.mockImplementation(async (url: string) =>
      url.endsWith('/71')
        ? new Response('{"status":"SUCCESS","nextAction":"result"}', { status: 200 })
        : new Response('{"message":"Service Unavailable"}', { status: 503 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await resendQueuedSubmissions()).toBe(1);
    expect(fetch.mock.calls.map((c) => [c[0], JSON.parse(c[1].body).userExamId])).toEqual([
      ['/api/result/submittest/71', 71],
      ['/api/result/submittest/72', 72],
    ]);
    expect(localStorage.getItem('test-submit-71')).toBeNull();
    expect(localStorage.getItem('71')).toBeNull();
    expect(localStorage.getItem('test-submit-72')).toBe(body(72));
    expect(localStorage.getItem('72')).toBe('local copy of 72');
  });
});
