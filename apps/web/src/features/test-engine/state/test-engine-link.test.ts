import type { ExamDetail, QuestionItem } from '@invigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';

// A bad link around the engine (the server is a stand-in; engine, save queue and local copy are real).
const api = vi.hoisted(() => ({
  saveChanges: vi.fn(),
  runSubmission: vi.fn(),
  submitTest: vi.fn(),
  fetchResultStatus: vi.fn(),
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
}));
vi.mock('./submit-pipeline.ts', () => ({ runSubmission: api.runSubmission }));

const { TestEngine } = await import('./test-engine.ts');
const { RESEND_MS } = await import('./submission-flow.ts');

async function running() {
  const engine = new TestEngine(7, 'en-IN');
  await engine.load();
  await engine.begin();
  return engine;
}

const stored = { userExamId: 7, examDetail: 'e', questionsData: 'q', submitType: 'STANDARD', status: '010' };
const evaluation = { obtainedMarks: 1, totalMarks: 2, percentage: 50 };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  api.saveChanges.mockReset().mockResolvedValue({ time_remaining: 590 });
  api.submitTest.mockReset();
  // The pipeline failed offline and kept its payload, as submit-pipeline.ts does.
  api.runSubmission.mockReset().mockImplementation(async () => {
    localStorage.setItem('test-submit-7', JSON.stringify(stored));
    return { kind: 'failed' };
  });
});
afterEach(() => vi.useRealTimers());

describe('a submission that failed while the page stays open', () => {
  it('is sent again every RESEND_MS until the server takes it; then the stored copy and the local copy go', async () => {
    api.submitTest
      .mockRejectedValueOnce(new ApiError(0, 'Network error', null))
      .mockResolvedValue({
        status: 'SUCCESS',
        nextAction: 'result',
        examStatus: '010',
        resultStatus: 'Processed',
        evaluation,
      });
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
    api.submitTest.mockResolvedValue({
      status: 'SUCCESS',
      nextAction: 'result',
      examStatus: '010',
      resultStatus: 'Processed',
      evaluation,
    });
    const engine = await running();
    await engine.submit('010');
    engine.onOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(engine.get().submission).toMatchObject({ state: 'done' });
    engine.dispose();
  });
});
