import type { ExamDetail, QuestionItem } from '@invigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';

// A bad link around the engine (the server is a stand-in; engine, save queue and local copy are real).
const api = vi.hoisted(() => ({
  saveChanges: vi.fn(),
  runSubmission: vi.fn(),
  submitTest: vi.fn(),
  fetchResultStatus: vi.fn(),
  fetchSavedTest: vi.fn(),
}));
const detail = { id: 7, status: '001', time_remaining: 600, showscore: 1, examtypeid: 1 } as unknown as ExamDetail;
const question = (qid: number) =>
  ({ qid, seq: 0, buttonStyle: 'Not Visited', answerStatus: false, questiontype: 1 }) as unknown as QuestionItem;
vi.mock('../api/test-calls.ts', () => ({
  fetchUserTest: async () => ({ detail, items: [question(1), question(2)] }),
  resumeExam: async () => ({ status: '001', time_remaining: 600 }),
  saveChanges: api.saveChanges,
  submitTest: api.submitTest,
  fetchResultStatus: api.fetchResultStatus,
  fetchSavedTest: api.fetchSavedTest,
}));
vi.mock('./submit-pipeline.ts', () => ({ runSubmission: api.runSubmission }));

const { TestEngine } = await import('./test-engine.ts');
const { RESEND_MS } = await import('./submission-flow.ts');
const { ZERO_CHECK_MS } = await import('./test-engine.ts');

async function running() {
  const engine = new TestEngine(7, 'en-IN');
  await engine.load();
  await engine.begin();
  return engine;
}

const stored = { userExamId: 7, examDetail: 'e', questionsData: 'q', submitType: 'STANDARD', status: '010' };
const evaluation = { obtainedMarks: 1, totalMarks: 2, percentage: 50 };
/** the server's answer to a submission it took and scored */
const processed = { status: 'SUCCESS', nextAction: 'result', examStatus: '010', resultStatus: 'Processed', evaluation };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  api.saveChanges.mockReset().mockResolvedValue({ time_remaining: 590 });
  api.submitTest.mockReset();
  api.fetchSavedTest.mockReset();
  // The pipeline failed offline and kept its payload, as submit-pipeline.ts does.
  api.runSubmission.mockReset().mockImplementation(async () => {
    localStorage.setItem('test-submit-7', JSON.stringify(stored));
    return { kind: 'failed' };
  });
});
afterEach(() => vi.useRealTimers());

describe('a submission that failed while the page stays open', () => {
  it('is sent again every RESEND_MS until the server takes it; then the stored copy and the local copy go', async () => {
    api.submitTest.mockRejectedValueOnce(new ApiError(0, 'Network error', null)).mockResolvedValue(processed);
    const engine = await running();
    await engine.submit('010');
    expect(engine.get().submission).toMatchObject({ state: 'failed' });
    await vi.advanceTimersByTimeAsync(RESEND_MS);
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(engine.get().submission).toMatchObject({ state: 'failed' });
    await vi.advanceTimersByTimeAsync(RESEND_MS);
    expect(api.submitTest).toHaveBeenLastCalledWith(7, stored);
    expect(engine.get().submission).toMatchObject({ state: 'done', trigger: '010', evaluation });
    expect(localStorage.getItem('test-submit-7')).toBeNull();
    expect(localStorage.getItem('7')).toBeNull();
    await vi.advanceTimersByTimeAsync(RESEND_MS * 3);
    expect(api.submitTest).toHaveBeenCalledTimes(2);
    engine.dispose();
  });

  it('is sent at once when the link comes back', async () => {
    api.submitTest.mockResolvedValue(processed);
    const engine = await running();
    await engine.submit('010');
    engine.onOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(engine.get().submission).toMatchObject({ state: 'done' });
    engine.dispose();
  });
});

const savedTest = (over: object = {}) => ({
  version: 0,
  status: '001',
  time_remaining: 600,
  maxSeq: 0,
  answers: [],
  ...over,
});
const clock = (engine: InstanceType<typeof TestEngine>) => engine.get().remaining;

describe("the server's clock after the page missed time", () => {
  it('sets the countdown from the server when the page is shown again (the tab slept)', async () => {
    const engine = await running();
    await vi.advanceTimersByTimeAsync(3000);
    expect(clock(engine)).toBeGreaterThan(580);
    api.fetchSavedTest.mockResolvedValue(savedTest({ time_remaining: 420 }));
    await engine.resync();
    expect(clock(engine)).toBe(420);
    await vi.advanceTimersByTimeAsync(1000);
    expect(clock(engine)).toBe(419);
    engine.dispose();
  });

  it("asks by itself when a tick comes late, and ends the test as the server did: Time's up", async () => {
    api.runSubmission.mockResolvedValue({ kind: 'submitted', response: {} });
    api.fetchSavedTest.mockResolvedValue(savedTest({ status: '011', time_remaining: 0 }));
    const engine = await running();
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.fetchSavedTest).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 300_000); // the machine slept: the wall clock jumped
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.fetchSavedTest).toHaveBeenCalledTimes(1);
    expect(engine.get()).toMatchObject({ timeUp: true });
    expect(api.runSubmission.mock.calls[0]![0]).toMatchObject({ trigger: '011', remaining: 0 });
    engine.dispose();
  });

  it('asks the server when its countdown reaches zero, and goes on when the server still has time (the page ran ahead)', async () => {
    api.runSubmission.mockResolvedValue({ kind: 'submitted', response: {} });
    api.fetchSavedTest.mockResolvedValue(savedTest({ time_remaining: 1200 }));
    const engine = await running();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(api.fetchSavedTest).toHaveBeenCalledTimes(1);
    expect(engine.get()).toMatchObject({ timeUp: false, submission: null });
    expect(api.runSubmission).not.toHaveBeenCalled();
    expect(clock(engine)).toBeGreaterThan(1180);
    engine.dispose();
  });

  it("ends the test at zero by the page's own clock when the server cannot say (offline, or no answer in ZERO_CHECK_MS)", async () => {
    api.runSubmission.mockResolvedValue({ kind: 'submitted', response: {} });
    api.fetchSavedTest.mockRejectedValue(new ApiError(0, 'Network error', null));
    const offline = await running();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(offline.get()).toMatchObject({ timeUp: true });
    expect(api.runSubmission.mock.calls[0]![0]).toMatchObject({ trigger: '011', remaining: 0 });
    offline.dispose();
    localStorage.clear();
    api.runSubmission.mockClear();
    api.fetchSavedTest.mockReset().mockReturnValue(new Promise(() => {}));
    const hanging = await running();
    // the first save said 590 s: zero comes 591 s after the start, and the page asks
    await vi.advanceTimersByTimeAsync(592_000);
    expect(hanging.get()).toMatchObject({ timeUp: false, remaining: 0 });
    // the countdown shows zero: nothing more is answered while the page waits for the server
    const before = hanging.get().items[0];
    hanging.answer(1, { selectedChoiceId: '11' });
    hanging.toggleReview();
    expect(hanging.get().items[0]).toEqual(before);
    await vi.advanceTimersByTimeAsync(ZERO_CHECK_MS);
    expect(hanging.get()).toMatchObject({ timeUp: true });
    expect(api.runSubmission).toHaveBeenCalledTimes(1);
    hanging.dispose();
  });

  it("takes another tab's newer answers and numbers its next change above them (the last change wins)", async () => {
    const engine = await running();
    await vi.advanceTimersByTimeAsync(1000); // the first question's visit is saved
    engine.answer(2, { selectedChoiceId: '21' } as never);
    api.fetchSavedTest.mockResolvedValue(
      savedTest({
        maxSeq: 40,
        answers: [
          { qid: 1, seq: 40, answer: { selectedChoiceId: '12', buttonStyle: 'Answered' } },
          { qid: 2, seq: 39, answer: { selectedChoiceId: '22', buttonStyle: 'Answered' } },
        ],
      }),
    );
    await engine.resync();
    const [one, two] = engine.get().items;
    expect(one).toMatchObject({ selectedChoiceId: '12', seq: 40, buttonStyle: 'Answered', answerStatus: true });
    // Question 2 still waits to be sent from here: this page's answer stays and goes out.
    expect(two).toMatchObject({ selectedChoiceId: '21' });
    engine.answer(1, { selectedChoiceId: '11' } as never);
    expect(engine.get().items[0]!.seq).toBe(41);
    engine.dispose();
  });

  it('changes nothing when the server cannot be reached', async () => {
    api.fetchSavedTest.mockRejectedValue(new ApiError(0, 'Network error', null));
    const engine = await running();
    await vi.advanceTimersByTimeAsync(1000);
    const before = clock(engine);
    await engine.resync();
    expect(clock(engine)).toBe(before);
    expect(engine.get().phase).toBe('questions');
    engine.dispose();
  });
});

describe('a save answered 401 mid-test', () => {
  it('marks the session as ended, keeps the answer queued, and clears the mark once a save goes through', async () => {
    api.saveChanges.mockRejectedValue(new ApiError(401, 'Unauthorized', null));
    const engine = await running();
    engine.answer(1, { selectedChoiceId: '12' } as never);
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.get()).toMatchObject({ sessionExpired: true, online: true, phase: 'questions' });
    expect(engine.get().pendingCount).toBeGreaterThan(0);
    api.saveChanges.mockResolvedValue({ time_remaining: 590 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(engine.get()).toMatchObject({ sessionExpired: false, pendingCount: 0 });
    engine.dispose();
  });
});
