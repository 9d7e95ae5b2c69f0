import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodePayload, type ExamDetail, type QuestionItem } from '@invigil/contracts';
import { ApiError } from '../../../lib/api-client.ts';

const calls: string[] = [];
const behaviour: Record<string, 'ok' | 'network' | 'server' | 'retest'> = {};
let submitted: { examDetail?: string } | null = null;
const answer = (name: string) => {
  calls.push(name);
  const b = behaviour[name] ?? 'ok';
  if (b === 'network') return Promise.reject(new ApiError(0, 'Network error', null));
  if (b === 'server') return Promise.reject(new ApiError(500, 'boom', null));
  if (b === 'retest')
    return Promise.resolve({
      status: 'SUCCESS',
      nextAction: 'retest',
      examStatus: '998',
      resultStatus: null,
      evaluation: null,
    });
  return Promise.resolve({
    status: 'SUCCESS',
    nextAction: 'result',
    examStatus: '010',
    resultStatus: 'Processed',
    evaluation: null,
  });
};
vi.mock('../api/test-calls.ts', () => ({
  saveFull: () => answer('save'),
  submitTest: (_id: number, body: { examDetail?: string }) => {
    submitted = body;
    return answer('submit');
  },
  fallbackSubmit: () => answer('fallback'),
  independentResultProcess: (_b: unknown, type: string) => answer(`independent:${type}`),
}));

const { runSubmission } = await import('./submit-pipeline.ts');
const { mergeCopies } = await import('./local-copy.ts');

const detail = { id: 7, total_test_time: 600, status: '001' } as ExamDetail;
const item = (over: Partial<QuestionItem>) =>
  ({ qid: 1, seq: 0, buttonStyle: 'Not Visited', answerStatus: false, ...over }) as QuestionItem;
const answered = [item({ qid: 1, seq: 3, selectedChoiceId: '4', buttonStyle: 'Answered', answerStatus: true })];
const input = (over = {}) => ({
  examId: 7,
  trigger: '010' as const,
  detail,
  items: answered,
  remaining: 300,
  windowSwitches: 0,
  ...over,
});

describe('the seven-step submission', () => {
  beforeEach(() => {
    calls.length = 0;
    for (const k of Object.keys(behaviour)) delete behaviour[k];
    localStorage.clear();
  });

  it('2: nothing answered and no time used is low bandwidth, not submitted', async () => {
    expect(await runSubmission(input({ items: [item({})], remaining: 600 }))).toEqual({ kind: 'low-bandwidth' });
    expect(await runSubmission(input({ items: [item({})], remaining: null }))).toEqual({ kind: 'low-bandwidth' });
    expect(calls).toEqual([]);
  });

  it('2 applies to a finish only: a window-switch termination in the first second is submitted as 111', async () => {
    const out = await runSubmission(input({ trigger: '111', items: [item({})], remaining: 600 }));
    expect(out.kind).toBe('submitted');
    expect(calls).toEqual(['save', 'submit']);
  });

  it("4: the server's verdict nextAction 'retest' is the low-bandwidth outcome; the detail carries the time left now", async () => {
    behaviour.submit = 'retest';
    const out = await runSubmission(input({ remaining: 599 }));
    expect(out.kind).toBe('retest');
    const sent = decodePayload<Record<string, unknown>>(submitted!.examDetail!);
    expect(sent).toMatchObject({ status: '010', time_remaining: 599 });
  });

  it('3-4: save first, then submit', async () => {
    expect((await runSubmission(input())).kind).toBe('submitted');
    expect(calls).toEqual(['save', 'submit']);
  });

  it('5: a failed submit tries the fallback submit', async () => {
    behaviour.submit = 'network';
    expect((await runSubmission(input())).kind).toBe('submitted');
    expect(calls).toEqual(['save', 'submit', 'fallback']);
  });

  it('6: a save answered false goes to the independent result process (MONGODB_SKIPPED)', async () => {
    behaviour.save = 'server';
    await runSubmission(input());
    expect(calls).toEqual(['save', 'independent:MONGODB_SKIPPED']);
  });

  it('7: a save that threw goes to MONGODB_SKIPPED_CATCH; if that fails the payload is kept as test-submit-{id}', async () => {
    behaviour.save = 'network';
    behaviour['independent:MONGODB_SKIPPED_CATCH'] = 'network';
    expect(await runSubmission(input())).toEqual({ kind: 'failed' });
    expect(calls).toEqual(['save', 'independent:MONGODB_SKIPPED_CATCH']);
    const kept = JSON.parse(localStorage.getItem('test-submit-7')!);
    expect(kept).toMatchObject({ userExamId: 7, status: '010', submitType: 'STANDARD' });
  });

  it('a later success removes the kept payload', async () => {
    localStorage.setItem('test-submit-7', '{}');
    await runSubmission(input());
    expect(localStorage.getItem('test-submit-7')).toBeNull();
  });
});

describe('resume restores from the newer of the two copies', () => {
  it('per question, the higher seq wins; newer local answers become pending', () => {
    const server = [
      item({ qid: 1, seq: 5, selectedChoiceId: 'a' }),
      item({ qid: 2, seq: 2, selectedChoiceId: 'b' }),
      item({ qid: 3, seq: 0 }),
    ];
    const local = [
      item({ qid: 1, seq: 4, selectedChoiceId: 'old' }),
      item({ qid: 2, seq: 6, selectedChoiceId: 'new' }),
      item({ qid: 3, seq: 0, timeSpend: 9 }),
    ];
    const merged = mergeCopies(server, local);
    expect(merged.items.map((q) => q.selectedChoiceId)).toEqual(['a', 'new', undefined]);
    expect(merged.pending).toEqual([2]);
    expect(merged.seq).toBe(6);
    expect(merged.items[2]!.timeSpend).toBe(9);
  });
});
