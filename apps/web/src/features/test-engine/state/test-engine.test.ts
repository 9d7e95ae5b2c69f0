import type { ExamDetail, QuestionItem } from '@invigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';

// The server is a stand-in; the engine, its save queue and the local copy are the real code.
const api = vi.hoisted(() => ({
  saveChanges: vi.fn(),
  runSubmission: vi.fn(),
  fetchResultStatus: vi.fn(),
}));
const detail = { id: 7, status: '000', time_remaining: 600, showscore: 0, examtypeid: 1 } as unknown as ExamDetail;
const question = (qid: number) =>
  ({ qid, seq: 0, buttonStyle: 'Not Visited', answerStatus: false, questiontype: 1 }) as unknown as QuestionItem;
// As the server does (ADR 0198): outlines before the start (no text), whole items once the clock runs.
const server = vi.hoisted(() => ({ started: false, remaining: 600, questionsTakeMs: 0 }));
vi.mock('../api/test-calls.ts', () => ({
  fetchUserTest: async () => {
    // the questions' download after the start (a large test on a slow link)
    if (server.started && server.questionsTakeMs) await new Promise((r) => setTimeout(r, server.questionsTakeMs));
    return {
      detail,
      items: server.started
        ? [
            { ...question(1), qtext: 'One' },
            { ...question(2), qtext: 'Two' },
          ]
        : [question(1), question(2)],
    };
  },
  startExam: async () => {
    server.started = true;
    return { status: '001', time_remaining: server.remaining };
  },
  saveChanges: api.saveChanges,
  fetchResultStatus: api.fetchResultStatus,
}));
vi.mock('./submit-pipeline.ts', () => ({ runSubmission: api.runSubmission }));

const { TestEngine } = await import('./test-engine.ts');
const { readLocalCopy } = await import('./local-copy.ts');
const { SAVE_DELAY_MS } = await import('./save-queue.ts');

async function running() {
  const engine = new TestEngine(7, 'en-IN');
  await engine.load();
  await engine.begin();
  return engine;
}

beforeEach(() => {
  server.started = false;
  server.remaining = 600;
  server.questionsTakeMs = 0;
  vi.useFakeTimers();
  localStorage.clear();
  api.saveChanges.mockReset().mockResolvedValue({ time_remaining: 590 });
  api.runSubmission.mockReset().mockResolvedValue({ kind: 'failed' });
});
afterEach(() => vi.useRealTimers());

describe('the test engine', () => {
  /** the server's clock: the attempt ends `seconds` from now, and every save says how long is left */
  const endsIn = (seconds: number) => {
    const endsAt = performance.now() + seconds * 1000;
    server.remaining = seconds;
    api.saveChanges.mockImplementation(async () => ({
      time_remaining: Math.ceil((endsAt - performance.now()) / 1000),
    }));
  };

  it('warns once that one minute is left, and not again after a reload', async () => {
    endsIn(62);
    const first = await running();
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.get().modal).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.get().modal).toEqual({ kind: 'one-minute' });
    first.closeModal();
    first.dispose();
    // the page is reloaded 5 s later: the server's clock says 55 s
    await vi.advanceTimersByTimeAsync(5000);
    server.started = false;
    server.remaining = 55;
    const again = await running();
    await vi.advanceTimersByTimeAsync(3000);
    expect(again.get().modal).toBeNull();
    again.dispose();
  });

  it('warns on a resume inside the last minute when this browser never showed it', async () => {
    endsIn(50);
    const engine = await running();
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.get().modal).toEqual({ kind: 'one-minute' });
    engine.dispose();
  });

  it("shows the server's time after 90 minutes of ticks, and counts 1 s of time spent a second", async () => {
    const minutes = 90;
    const total = minutes * 60 + 30;
    endsIn(total);
    const endsAt = performance.now() + total * 1000;
    const serverLeft = () => Math.floor((endsAt - performance.now()) / 1000);
    const engine = await running();
    let worst = 0;
    for (let m = 1; m <= minutes; m++) {
      await vi.advanceTimersByTimeAsync(60_000);
      worst = Math.max(worst, Math.abs(engine.get().remaining - serverLeft()));
    }
    expect(worst).toBeLessThanOrEqual(1);
    expect(Math.abs(engine.get().remaining - 30)).toBeLessThanOrEqual(1);
    expect(engine.get().items[0]!.timeSpend).toBe(minutes * 60);
    engine.dispose();
  });

  it("shows the server's time after 90 minutes in a background tab whose 1 s ticks come once a minute", async () => {
    // Chromium's intensive throttling of hidden tabs: a 1 s interval runs once a minute
    const fakeSetInterval = globalThis.setInterval;
    const throttled = vi
      .spyOn(globalThis, 'setInterval')
      .mockImplementation(((fn: () => void, ms?: number) => fakeSetInterval(fn, ms === 1000 ? 60_000 : ms)) as never);
    const total = 90 * 60 + 30;
    endsIn(total);
    const endsAt = performance.now() + total * 1000;
    const serverLeft = () => Math.floor((endsAt - performance.now()) / 1000);
    const engine = await running();
    let worst = 0;
    for (let m = 1; m <= 90; m++) {
      await vi.advanceTimersByTimeAsync(60_000);
      worst = Math.max(worst, Math.abs(engine.get().remaining - serverLeft()));
    }
    throttled.mockRestore();
    expect(worst).toBeLessThanOrEqual(1);
    expect(engine.get().phase).toBe('questions');
    engine.dispose();
  });

  it('starts once when Start or Resume is pressed twice at once: one clock, one second a second', async () => {
    const engine = new TestEngine(7, 'en-IN');
    await engine.load();
    await Promise.all([engine.begin(), engine.begin()]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(engine.get().items[0]!.timeSpend).toBe(3);
    engine.dispose();
  });

  it("counts the server's time from the start's answer, not from the questions' download after it", async () => {
    server.questionsTakeMs = 4000;
    const engine = new TestEngine(7, 'en-IN');
    await engine.load();
    endsIn(600);
    const begun = engine.begin();
    await vi.advanceTimersByTimeAsync(4000);
    await begun;
    // the server said 600 s when it started the clock, 4 s ago
    expect(engine.get().remaining).toBe(596);
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.get().remaining).toBe(595);
    // and a save's answer (the server's clock) says the same
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(api.saveChanges).toHaveBeenCalled();
    expect(engine.get().remaining).toBe(Math.ceil(595 - SAVE_DELAY_MS / 1000));
    engine.dispose();
  });

  it('has outlines on the instructions page and fetches the questions once the start set the clock', async () => {
    const engine = new TestEngine(7, 'en-IN');
    await engine.load();
    expect(engine.get()).toMatchObject({ phase: 'instructions' });
    expect(engine.get().items.map((q) => q.qtext)).toEqual([undefined, undefined]);
    await engine.begin();
    expect(engine.get().phase).toBe('questions');
    expect(engine.get().items.map((q) => [q.qid, q.qtext])).toEqual([
      [1, 'One'],
      [2, 'Two'],
    ]);
    expect(engine.get().items[0]!.buttonStyle).toBe('Not Answered');
    engine.dispose();
  });

  it('writes an answer locally at once and sends its latest seq after SAVE_DELAY_MS', async () => {
    const engine = await running();
    // Opening question 1 marked it visited: change 1.
    engine.answer(1, { selectedChoiceId: '4' } as never);
    expect(engine.get().items[0]).toMatchObject({ seq: 2, buttonStyle: 'Answered', answerStatus: true });
    expect(readLocalCopy(7)).toMatchObject({ seq: 2, pending: [1] });
    expect(engine.get().pendingCount).toBe(1);
    expect(api.saveChanges).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(api.saveChanges).toHaveBeenCalledTimes(1);
    expect(api.saveChanges.mock.calls[0]!.slice(0, 2)).toEqual([
      7,
      [expect.objectContaining({ qid: 1, seq: 2, answer: expect.objectContaining({ selectedChoiceId: '4' }) })],
    ]);
    expect(engine.get()).toMatchObject({ pendingCount: 0, online: true });
    expect(readLocalCopy(7)?.pending).toEqual([]);
    engine.dispose();
  });

  it('keeps the answers and shows offline when the save cannot reach the server', async () => {
    api.saveChanges.mockRejectedValue(new ApiError(0, 'Network error', null));
    const engine = await running();
    engine.answer(1, { selectedChoiceId: '2' } as never);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(engine.get()).toMatchObject({ online: false, pendingCount: 1 });
    expect(readLocalCopy(7)?.pending).toEqual([1]);
    api.saveChanges.mockResolvedValue({ time_remaining: 500 });
    engine.onOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.get()).toMatchObject({ online: true, pendingCount: 0 });
    engine.dispose();
  });

  it('counts window switches on from those the server recorded before a reload', async () => {
    // Limit 2, one switch already recorded: the server's detail says 1 left and 1 switch so far.
    Object.assign(detail, { webproctoringcount: 1, webproctoringzero: false, windowSwitchCount: 1 });
    try {
      const engine = await running();
      engine.onWindowBlur();
      expect(engine.get().modal).toMatchObject({ kind: 'window', verdict: 'last-warning' });
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
      // The server hears of 2 switches in all, not 1: a reload does not start the count again.
      expect(api.saveChanges.mock.calls.at(-1)![2]).toBe(2);
      expect(readLocalCopy(7)?.windowSwitches).toBe(2);
      engine.dispose();
    } finally {
      Object.assign(detail, {
        webproctoringcount: undefined,
        webproctoringzero: undefined,
        windowSwitchCount: undefined,
      });
    }
  });

  it('submits as timed out when a save answers 409', async () => {
    api.saveChanges.mockRejectedValue(new ApiError(409, 'Time is up', null));
    const engine = await running();
    engine.answer(1, { selectedChoiceId: '2' } as never);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(api.runSubmission).toHaveBeenCalledTimes(1);
    expect(api.runSubmission.mock.calls[0]![0]).toMatchObject({ examId: 7, trigger: '011', remaining: 0 });
    expect(engine.get()).toMatchObject({ timeUp: true, phase: 'finished' });
    engine.dispose();
  });

  it('says nothing of time when a save answers 409 because another tab submitted the test', async () => {
    api.saveChanges.mockRejectedValue(
      new ApiError(409, 'This test has already been submitted.', { examStatus: '010' }),
    );
    const evaluation = { obtainedMarks: 1, totalMarks: 2, percentage: 50 };
    api.fetchResultStatus.mockResolvedValue({ examStatus: '010', resultStatus: 'Processed', evaluation });
    const engine = await running();
    engine.answer(1, { selectedChoiceId: '2' } as never);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    // Not submitted again, no "Time's up!": the server's outcome is shown.
    expect(api.runSubmission).not.toHaveBeenCalled();
    expect(engine.get()).toMatchObject({
      timeUp: false,
      phase: 'finished',
      submission: { state: 'done', trigger: '010', evaluation, resultStatus: 'Processed' },
    });
    engine.dispose();
  });

  it('a finish first lets the proctoring panel send its kept checks, for at most KEPT_CHECKS_MS (ADR 0239)', async () => {
    const { KEPT_CHECKS_MS } = await import('./test-engine.ts');
    const engine = await running();
    let sent = false;
    const unhook = engine.beforeFinish(async () => {
      await new Promise((r) => setTimeout(r, 3000));
      sent = true;
    });
    void engine.submit('010');
    await vi.advanceTimersByTimeAsync(2999);
    expect(api.runSubmission).not.toHaveBeenCalled();
    expect(engine.get().submission).toMatchObject({ state: 'processing' });
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toBe(true);
    expect(api.runSubmission).toHaveBeenCalledTimes(1);
    engine.dispose();
    unhook();

    // a link that hangs: the finish goes on after KEPT_CHECKS_MS
    localStorage.clear();
    server.started = false;
    const second = await running();
    second.beforeFinish(() => new Promise(() => undefined));
    void second.submit('010');
    await vi.advanceTimersByTimeAsync(KEPT_CHECKS_MS - 1);
    expect(api.runSubmission).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.runSubmission).toHaveBeenCalledTimes(2);
    second.dispose();
  });

  it('a time-out, or a finish in the last seconds, does not wait for kept checks: the answers go first', async () => {
    const hook = vi.fn(() => new Promise<void>(() => undefined));
    for (const [trigger, secondsLeft] of [
      ['011', 600],
      ['010', 10],
    ] as const) {
      localStorage.clear();
      server.started = false;
      endsIn(secondsLeft);
      const engine = await running();
      engine.beforeFinish(hook);
      void engine.submit(trigger);
      await vi.advanceTimersByTimeAsync(0);
      expect(api.runSubmission.mock.calls.at(-1)![0]).toMatchObject({ trigger });
      engine.dispose();
    }
    expect(api.runSubmission).toHaveBeenCalledTimes(2);
    expect(hook).not.toHaveBeenCalled();
  });
});
