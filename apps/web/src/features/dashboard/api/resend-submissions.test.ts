import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../lib/cookies.ts';
import { keepSubmission } from '../../../lib/kept-submission.ts';
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

  it("a shared machine: another user's kept submission waits for them, and goes when they sign in again", async () => {
    fetch.mockImplementation(async () => new Response('{"status":"SUCCESS","nextAction":"result"}', { status: 200 }));
    setCookie('userId', '1'); // A's test failed to submit and was kept
    keepSubmission(71, JSON.parse(body(71)));
    setCookie('userId', '2'); // B signs in on this machine
    expect(await resendQueuedSubmissions()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('test-submit-71')).not.toBeNull();

    setCookie('userId', '1'); // A again, days later
    expect(await resendQueuedSubmissions()).toBe(1);
    const sent = JSON.parse(fetch.mock.calls[0]![1].body);
    expect(sent).toEqual(JSON.parse(body(71))); // the spec's body, without the owner mark
    expect(localStorage.getItem('test-submit-71')).toBeNull();
  });
});
