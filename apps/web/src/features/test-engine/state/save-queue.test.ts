import type { AnswerChange } from '@invigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { RETRY_MS, SAVE_DELAY_MS, SaveQueue } from './save-queue.ts';

/** A stand-in for the engine: its answers by question, the saves it was asked for, their replies. */
function harness() {
  const answers = new Map<number, { seq: number; choice: string }>();
  const sent: AnswerChange[][] = [];
  const keepalives: boolean[] = [];
  const offlines: boolean[] = [];
  const replies: Array<() => Promise<{ time_remaining: number }>> = [];
  const events: string[] = [];
  let submitting = false;
  const queue: SaveQueue = new SaveQueue({
    changeOf: (qid) => {
      const a = answers.get(qid);
      return a && { qid, seq: a.seq, answer: { selectedChoiceId: a.choice } as AnswerChange['answer'] };
    },
    send: (changes, keepalive, offline) => {
      sent.push(changes);
      keepalives.push(keepalive);
      offlines.push(offline);
      const reply = replies.shift();
      return reply ? reply() : Promise.resolve({ time_remaining: 100 });
    },
    canSend: () => !submitting,
    onSaved: (t) => events.push(`saved ${t}`),
    onFailed: (online) => events.push(online ? 'failed online' : 'failed offline'),
    onClosed: (status) => events.push(status ? `closed ${status}` : 'closed'),
  });
  /** What the engine does on an answer change: a new seq, queued, a send scheduled. */
  const change = (qid: number, choice: string) => {
    answers.set(qid, { seq: queue.nextSeq(), choice });
    queue.add(qid);
    queue.schedule();
  };
  const fail = (status: number, message = 'x') =>
    replies.push(() => Promise.reject(new ApiError(status, message, null)));
  /** Changes the question and lets its save leave, held in flight until `release` is called. */
  const saveInFlight = async (qid: number, choice: string) => {
    let release!: () => void;
    replies.push(() => new Promise((r) => (release = () => r({ time_remaining: 90 }))));
    change(qid, choice);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(sent).toHaveLength(1);
    return () => release();
  };
  return {
    queue,
    answers,
    sent,
    keepalives,
    offlines,
    replies,
    events,
    change,
    fail,
    saveInFlight,
    submit: () => (submitting = true),
  };
}

/** The seqs and choices of one save. */
const shape = (changes: AnswerChange[] | undefined) =>
  changes?.map((c) => `${c.qid}@${c.seq}=${(c.answer as { selectedChoiceId?: string }).selectedChoiceId}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the save queue', () => {
  it('sends nothing before SAVE_DELAY_MS, then the queued questions in the order first changed', async () => {
    const h = harness();
    h.change(3, 'a');
    h.change(1, 'b');
    h.change(2, 'c');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(h.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent.map(shape)).toEqual([['3@1=a', '1@2=b', '2@3=c']]);
    expect(h.queue.size).toBe(0);
    expect(h.events).toEqual(['saved 100']);
  });

  it('numbers every change with a rising seq, continuing from the restored one', () => {
    const h = harness();
    h.queue.restore(41, [5]);
    expect(h.queue.nextSeq()).toBe(42);
    expect(h.queue.nextSeq()).toBe(43);
    expect(h.queue.seq).toBe(43);
    expect(h.queue.ids()).toEqual([5]);
  });

  it('coalesces: several changes of one question are one change with the latest answer and seq', async () => {
    const h = harness();
    h.change(1, 'a');
    h.change(2, 'x');
    h.change(1, 'b');
    h.change(1, 'c');
    expect(h.queue.ids()).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.sent.map(shape)).toEqual([['1@4=c', '2@2=x']]);
  });

  it('keeps a change made while its save is in flight and sends it after, never two saves at once', async () => {
    const h = harness();
    const release = await h.saveInFlight(1, 'a');
    h.change(1, 'b'); // newer than what is in flight
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS); // the scheduled send finds a save in flight
    await h.queue.flush();
    expect(h.sent).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.queue.ids()).toEqual([1]); // the server confirmed seq 1, the question holds seq 2
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.sent.map(shape)).toEqual([['1@1=a'], ['1@2=b']]);
    expect(h.queue.size).toBe(0);
  });

  it('a window switch while a save is in flight sends another save at once after it', async () => {
    // The save in flight left with the old count; the question's answer did not change, so without
    // sendNow the queue would take that save's confirmation as enough and never send the count.
    const h = harness();
    const release = await h.saveInFlight(1, 'a');
    h.queue.sendNow(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toHaveLength(1); // never two saves at once
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.map(shape)).toEqual([['1@1=a'], ['1@1=a']]);
    expect(h.queue.size).toBe(0);
  });

  it('sendNow goes at once even when a save is already scheduled for later', async () => {
    const h = harness();
    h.answers.set(2, { seq: 0, choice: '' }); // open, not answered
    h.change(1, 'a'); // due in SAVE_DELAY_MS
    h.queue.sendNow(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.map(shape)).toEqual([['1@1=a', '2@0=']]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.sent).toHaveLength(1);
    expect(h.queue.size).toBe(0);
  });

  it('keeps every answer while offline, retries after RETRY_MS and drains when the link returns', async () => {
    const h = harness();
    h.fail(0, 'Network error');
    h.fail(0, 'Network error');
    h.change(1, 'a');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.events).toEqual(['failed offline']);
    expect(h.queue.ids()).toEqual([1]);
    h.change(2, 'b'); // made offline: joins the retry, which is already scheduled
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent.map(shape)).toEqual([['1@1=a'], ['1@1=a', '2@2=b']]);
    expect(h.queue.ids()).toEqual([1, 2]);
    h.queue.online(); // the online event: at once, not after the pending retry
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.map(shape)[2]).toEqual(['1@1=a', '2@2=b']);
    expect(h.queue.size).toBe(0);
    expect(h.events).toEqual(['failed offline', 'failed offline', 'saved 100']);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 2);
    expect(h.sent).toHaveLength(3);
  });

  it.each([
    [401, 'Unauthorized'],
    [503, 'Service Unavailable (Retry-After: 30)'],
    [500, 'boom'],
  ])('keeps the answers on %i and retries after the fixed RETRY_MS (Retry-After is not read)', async (status, msg) => {
    const h = harness();
    h.fail(status, msg);
    h.change(1, 'a');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.events).toEqual(['failed online']); // the server answered: the link is up
    expect(h.queue.ids()).toEqual([1]);
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent.map(shape)).toEqual([['1@1=a'], ['1@1=a']]);
    expect(h.queue.size).toBe(0);
  });

  it('marks the save after a failure, or after a reload with kept answers, as from the offline queue', async () => {
    const h = harness();
    h.fail(0, 'offline');
    h.change(1, 'a');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    h.change(2, 'b');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    // failed, re-sent (offline), then a fresh change (not offline)
    expect(h.offlines).toEqual([false, true, false]);
    const reloaded = harness();
    reloaded.answers.set(7, { seq: 3, choice: 'c' });
    reloaded.queue.restore(3, [7]);
    reloaded.queue.schedule();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(reloaded.offlines).toEqual([true]);
  });

  it('on 409 reports the attempt closed and does not retry', async () => {
    const h = harness();
    h.fail(409, 'Time is up');
    h.change(1, 'a');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.events).toEqual(['closed']);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(h.sent).toHaveLength(1);
    expect(h.queue.ids()).toEqual([1]);
  });

  it('on 409 passes on the exam status the server names (submitted in another tab, or time out)', async () => {
    const h = harness();
    h.replies.push(() =>
      Promise.reject(new ApiError(409, 'This test has already been submitted.', { examStatus: '010' })),
    );
    h.change(1, 'a');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.events).toEqual(['closed 010']);
  });

  it('sends nothing while the test is submitted, and nothing after stop()', async () => {
    const h = harness();
    h.change(1, 'a');
    h.queue.stop();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 5);
    expect(h.sent).toEqual([]);
    h.submit();
    await h.queue.flush();
    expect(h.sent).toEqual([]);
    expect(h.queue.ids()).toEqual([1]);
  });

  it('sends with keepalive when the page is left, and an empty queue sends nothing', async () => {
    const h = harness();
    await h.queue.flush(true);
    expect(h.sent).toEqual([]);
    h.change(1, 'a');
    await h.queue.flush(true);
    expect(h.keepalives).toEqual([true]);
    expect(h.queue.size).toBe(0);
  });

  it('drops a question the server took another way, and keeps one whose answer is gone', async () => {
    const h = harness();
    h.change(1, 'a');
    h.change(2, 'b');
    h.queue.remove(1);
    h.queue.add(9); // queued, but no such question any more
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(h.sent.map(shape)).toEqual([['2@2=b']]);
    expect(h.queue.ids()).toEqual([9]);
  });
});
