import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ItemIds } from '../src/modules/exam/item-ids.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, EXAMS, scanningClient } from './exam/support.ts';

// Issue 11 item 14 (ADR 0070): the matching question's stored ids pair 1 with 101, 2 with 102...
// The ids a candidate receives must not let the key be read off them.

const CAPITALS: Record<string, string> = { India: 'New Delhi', Japan: 'Tokyo', Kenya: 'Nairobi', Peru: 'Lima' };
const STORED = [1, 2, 3, 4, 101, 102, 103, 104];
let t: TestApp;
let asha: string;
let ravi: string;
let client: ReturnType<typeof scanningClient>;
const post = (url: string, token: string, payload: object) =>
  client.call({ method: 'POST', url, headers: bearer(token), payload });

async function matching(token: string, email: string) {
  const id = await attemptId(t, email, EXAMS.allTypes);
  expect((await post('/api/test/startExam', token, { id })).statusCode).toBe(200);
  const items = decode<QuestionItem[]>((await post('/api/test/userTest', token, { examId: id })).json().quesData);
  const q = items.find((x) => x.qtypecode === 7)!;
  const a = q.questionContent!.columnA!;
  const b = q.questionContent!.columnB!;
  /** Column B ids in the key's order (by the capitals' texts, as a candidate who knows would). */
  const right = a.map((x) => b.find((y) => y.text === CAPITALS[x.text])!.id);
  return { id, q, a, b, right };
}

async function marks(id: number) {
  const { rows } = await t.database.executeSql<{ m: string | number }>(
    'SELECT obtained_marks AS m FROM user_exams WHERE id = $1',
    [id],
  );
  return Number(rows[0]!.m);
}

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
});
afterAll(async () => t?.close());

describe('matching item ids are opaque', () => {
  it('the ids sent do not pair Column A with Column B by arithmetic or order, and differ per attempt', async () => {
    const mine = await matching(asha, DEMO.candidate.email);
    const theirs = await matching(ravi, DEMO.candidate2.email);
    for (const m of [mine, theirs]) {
      const ids = [...m.a, ...m.b].map((x) => x.id);
      expect(ids.some((x) => STORED.includes(x))).toBe(false);
      expect(new Set(ids).size).toBe(8);
      expect(ids.every((x) => Number.isInteger(x) && x > 0 && x <= 2_147_483_647)).toBe(true);
      // Neither a constant difference nor a constant ratio links a Column A id to its answer.
      expect(new Set(m.a.map((x, i) => m.right[i]! - x.id)).size).toBe(4);
      expect(new Set(m.a.map((x, i) => m.right[i]! / x.id)).size).toBe(4);
    }
    // Sorting by id gives the key's order in at most one of the two attempts (1 in 24 each by chance).
    const sortedIsKey = (m: typeof mine) =>
      JSON.stringify([...m.b].map((x) => x.id).sort((x, y) => x - y)) === JSON.stringify(m.right);
    expect(sortedIsKey(mine) && sortedIsKey(theirs)).toBe(false);
    // Per attempt: the same question has other ids for another candidate.
    expect(mine.b.map((x) => x.id).sort()).not.toEqual(theirs.b.map((x) => x.id).sort());
    // Stable for one attempt (resume shows the same ids).
    const again = await matching(asha, DEMO.candidate.email);
    expect(again.b.map((x) => x.id).sort()).toEqual(mine.b.map((x) => x.id).sort());
  });

  it('a save with the sent ids resumes and scores correctly; the stored ids score nothing', async () => {
    const mine = await matching(asha, DEMO.candidate.email);
    const save = await post('/api/test/answeredQuestions', asha, {
      id: mine.id,
      changes: [{ qid: mine.q.qid, seq: 1, answer: { matchOrder: mine.right, buttonStyle: 'Answered' } }],
    });
    expect(save.json().saved).toBe(1);
    const resumed = decode<QuestionItem[]>(
      (await post('/api/test/userTest', asha, { examId: mine.id })).json().quesData,
    ).find((x) => x.qtypecode === 7)!;
    expect(resumed.matchOrder).toEqual(mine.right);
    expect((await post(`/api/result/submittest/${mine.id}`, asha, { status: '010' })).statusCode).toBe(200);
    expect(await marks(mine.id)).toBe(4);
    // Re-scoring gives the same marks.
    expect((await post('/api/test/manualGenerateResult', asha, { id: mine.id })).statusCode).toBe(200);
    expect(await marks(mine.id)).toBe(4);

    const theirs = await matching(ravi, DEMO.candidate2.email);
    await post('/api/test/answeredQuestions', ravi, {
      id: theirs.id,
      changes: [{ qid: theirs.q.qid, seq: 1, answer: { matchOrder: [101, 102, 103, 104] } }],
    });
    expect((await post(`/api/result/submittest/${theirs.id}`, ravi, { status: '010' })).statusCode).toBe(200);
    expect(await marks(theirs.id)).toBe(0);
  });

  it('ITEM_ID_SECRET sets the key: another secret gives other ids', () => {
    expect(loadConfig({ ITEM_ID_SECRET: 'prod-secret' }).itemIdSecret).toBe('prod-secret');
    const q = { id: 7, qtypeCode: 7, content: { columnA: [{ id: 1 }], columnB: [{ id: 101 }] } };
    const one = new ItemIds('one').matching(5, q);
    const two = new ItemIds('two').matching(5, q);
    expect(one.columnB.get(101)).not.toBe(two.columnB.get(101));
    expect(new ItemIds('one').matching(5, q)).toEqual(one);
  });
});
