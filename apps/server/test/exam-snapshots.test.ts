import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS, scanningClient } from './exam/support.ts';

// Issue 11 item 5 (ADR 0070, snapshot retention): full-form saves are kept as bounded snapshots.

const KEEP = 5;
let t: TestApp;
let asha: string;
let client: ReturnType<typeof scanningClient>;
let id: number;
let items: QuestionItem[];
const post = (url: string, payload: object) => client.call({ method: 'POST', url, headers: bearer(asha), payload });

async function snapshots(): Promise<number[]> {
  const { rows } = await t.database.executeSql<{ version: number }>(
    'SELECT version FROM answer_snapshots WHERE user_exam_id = $1 ORDER BY version',
    [id],
  );
  return rows.map((r) => Number(r.version));
}

/** The full form with the first question's typed text set to `text` (seq orders the saves). */
function fullForm(text: string, seq: number, extra: Partial<QuestionItem> = {}) {
  const state = items.map((q, i) => (i === 0 ? { ...q, descriptiveText: text, seq, ...extra } : { ...q }));
  return { id, examDetail: encode({ id, time_remaining: 1000 }), quesData: encode(state) };
}

beforeAll(async () => {
  t = await createTestApp({ snapshots: { keep: KEEP, maxKb: 512 } });
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
  expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
  items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
});
afterAll(async () => t?.close());

describe('full-form snapshots are bounded', () => {
  it('SNAPSHOT_KEEP and SNAPSHOT_MAX_KB come from the environment, with defaults 5 and 512', () => {
    expect(loadConfig({}).snapshots).toEqual({ keep: 5, maxKb: 512 });
    expect(loadConfig({ SNAPSHOT_KEEP: '3', SNAPSHOT_MAX_KB: '64' }).snapshots).toEqual({ keep: 3, maxKb: 64 });
    expect(() => loadConfig({ SNAPSHOT_KEEP: '0' })).toThrow(/SNAPSHOT_KEEP/);
  });

  it('20 identical saves keep one snapshot', async () => {
    const body = fullForm('same', 1);
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/test/answeredQuestions', body);
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(1);
    }
    expect(await snapshots()).toEqual([1]);
  });

  it(`20 different saves keep the newest ${KEEP}, and the newest is the last save`, async () => {
    let last = 0;
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/test/answeredQuestions', fullForm(`draft ${i}`, 2 + i));
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBeGreaterThan(last);
      last = res.json().version;
    }
    expect(await snapshots()).toEqual([17, 18, 19, 20, 21]);
    const { rows } = await t.database.executeSql<{ data: { quesData: Array<{ descriptiveText?: string }> } }>(
      'SELECT data FROM answer_snapshots WHERE user_exam_id = $1 AND version = 21',
      [id],
    );
    expect(rows[0]!.data.quesData[0]!.descriptiveText).toBe('draft 19');
    const saved = decode<{ version: number }>((await post('/api/test/answeredQts', { id })).json().result);
    expect(saved.version).toBe(21);
  });

  it('a snapshot above SNAPSHOT_MAX_KB is refused with 413 and the previous state stays', async () => {
    const big = 'x'.repeat(200_000);
    const state = items.map((q, i) => (i < 3 ? { ...q, descriptiveText: big, seq: 100 } : { ...q }));
    const res = await post('/api/test/answeredQuestions', {
      id,
      examDetail: encode({ id }),
      quesData: encode(state),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(
      /^This saved state is too large \(\d+ KB; at most 512 KB\)\. Your previous save is kept\.$/,
    );
    expect(await snapshots()).toEqual([17, 18, 19, 20, 21]);
    const { rows } = await t.database.executeSql<{ value: { descriptiveText?: string } }>(
      'SELECT value FROM answers WHERE user_exam_id = $1 AND question_id = $2',
      [id, items[0]!.qid],
    );
    expect(rows[0]!.value.descriptiveText).toBe('draft 19');
  });
});
