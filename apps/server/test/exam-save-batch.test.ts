import type { SavedTest } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaveBatcher, latestPerQuestion } from '../src/modules/exam/save-batcher.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';

let t: TestApp;
let asha: string;
let ravi: string;
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
});
afterAll(async () => {
  await t?.close();
});

describe('group commit of progress saves', () => {
  let ashaId: number;
  let raviId: number;
  /** The first three questions of the demo test (the cases below need three). */
  let qids: [number, number, number, ...number[]];
  beforeAll(async () => {
    ashaId = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    raviId = await attemptId(t, DEMO.candidate2.email, EXAMS.allTypes);
    for (const [token, id] of [
      [asha, ashaId],
      [ravi, raviId],
    ] as const)
      expect((await post('/api/test/startExam', token, { id })).statusCode).toBe(200);
    const ut = await post('/api/test/userTest', asha, { examId: ashaId });
    const [q0, q1, q2, ...rest] = decode<Array<{ qid: number }>>(ut.json().quesData).map((q) => q.qid);
    if (q0 === undefined || q1 === undefined || q2 === undefined) throw new Error('the demo test has three questions');
    qids = [q0, q1, q2, ...rest];
  });

  const saved = async (token: string, id: number) => {
    const r = await post('/api/test/answeredQts', token, { id });
    return new Map(decode<SavedTest>(r.json().result).answers.map((a) => [a.qid, a]));
  };

  it('concurrent saves of two candidates land in one batch; the highest seq wins whatever the arrival order', async () => {
    const seqs = [7, 3, 12, 1, 9, 12, 4];
    const res = await Promise.all([
      ...seqs.map((seq) =>
        post('/api/test/answeredQuestions', asha, {
          id: ashaId,
          changes: [{ qid: qids[0], seq, answer: { selectedChoiceId: `a${seq}` } }],
        }),
      ),
      post('/api/test/answeredQuestions', ravi, {
        id: raviId,
        changes: [
          { qid: qids[0], seq: 2, answer: { selectedChoiceId: 'r2' } },
          { qid: qids[1], seq: 3, answer: { selectedChoiceId: 'r3' } },
        ],
      }),
      // One request naming a question twice: the higher seq of the two is kept.
      post('/api/test/answeredQuestions', asha, {
        id: ashaId,
        changes: [
          { qid: qids[1], seq: 5, answer: { selectedChoiceId: 'b5' } },
          { qid: qids[1], seq: 4, answer: { selectedChoiceId: 'b4' } },
        ],
      }),
    ]);
    for (const r of res) expect(r.statusCode).toBe(200);
    // Exactly one of the two seq-12 saves is counted as written (the saves may span two batches).
    expect(res.filter((r, i) => seqs[i] === 12 && r.json().saved === 1)).toHaveLength(1);
    const a = await saved(asha, ashaId);
    expect(a.get(qids[0])).toMatchObject({ seq: 12, answer: { selectedChoiceId: 'a12' } });
    expect(a.get(qids[1])).toMatchObject({ seq: 5, answer: { selectedChoiceId: 'b5' } });
    const r = await saved(ravi, raviId);
    expect(r.get(qids[0])).toMatchObject({ seq: 2, answer: { selectedChoiceId: 'r2' } });
    expect(r.get(qids[1])).toMatchObject({ seq: 3, answer: { selectedChoiceId: 'r3' } });
    // A later batch with a lower seq changes nothing.
    const stale = await post('/api/test/answeredQuestions', asha, {
      id: ashaId,
      changes: [{ qid: qids[0], seq: 11, answer: { selectedChoiceId: 'old' } }],
    });
    expect(stale.json().saved).toBe(0);
    expect((await saved(asha, ashaId)).get(qids[0])).toMatchObject({ seq: 12, answer: { selectedChoiceId: 'a12' } });
  });

  it('in one batch, a foreign attempt is 404, a finished attempt 409, and the others are saved', async () => {
    expect(
      (
        await post(`/api/result/submittest/${raviId}`, ravi, {
          submitType: 'STANDARD',
          status: '010',
          questionsData: encode([]),
        })
      ).statusCode,
    ).toBe(200);
    const [mine, foreign, finished] = await Promise.all([
      post('/api/test/answeredQuestions', asha, {
        id: ashaId,
        changes: [{ qid: qids[2], seq: 20, answer: { selectedChoiceId: 'x' } }],
      }),
      post('/api/test/answeredQuestions', asha, {
        id: raviId,
        changes: [{ qid: qids[2], seq: 20, answer: { selectedChoiceId: 'x' } }],
      }),
      post('/api/test/answeredQuestions', ravi, {
        id: raviId,
        changes: [{ qid: qids[2], seq: 21, answer: { selectedChoiceId: 'y' } }],
      }),
    ]);
    expect(mine.statusCode).toBe(200);
    expect(foreign.statusCode).toBe(404);
    expect(finished.statusCode).toBe(409);
    expect((await saved(asha, ashaId)).get(qids[2])).toMatchObject({ seq: 20 });
    expect((await saved(ravi, raviId)).has(qids[2])).toBe(false);
  });
});

describe('SaveBatcher', () => {
  it('a failing batch statement falls back to one statement per save, so one error fails only its own request', async () => {
    const failing = async () => {
      throw new Error('batch failed');
    };
    const calls: number[] = [];
    const batcher = new SaveBatcher(failing, async (id, changes) => {
      calls.push(id);
      if (id === 2) throw new Error('bad save');
      return { status: '001', open: true, deadlineAt: null, now: new Date(), saved: changes.length };
    });
    const answer = { selectedChoiceId: '1' };
    const out = await Promise.allSettled([1, 2, 3].map((id) => batcher.save(id, [{ qid: 1, seq: 1, answer }])));
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls.sort()).toEqual([1, 2, 3]);
  });

  it('keeps one change per question: the highest seq, the later on a tie', () => {
    const a = (v: string) => ({ selectedChoiceId: v });
    expect(
      latestPerQuestion([
        { qid: 1, seq: 2, answer: a('x') },
        { qid: 1, seq: 1, answer: a('y') },
        { qid: 2, seq: 1, answer: a('z') },
        { qid: 2, seq: 1, answer: a('w') },
      ]),
    ).toEqual([
      { qid: 1, seq: 2, answer: a('x') },
      { qid: 2, seq: 1, answer: a('w') },
    ]);
  });
});

describe('session cache', () => {
  it('a session revoked by another process stops working within the cache bound; logout here at once', async () => {
    const token = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const profile = () => t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);
    // Another node revokes it (the database changes, this process's cache does not know).
    await t.database.executeSql(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [DEMO.support.email],
    );
    await new Promise((r) => setTimeout(r, t.config.sessionCacheMs + 100));
    expect((await profile()).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: DEMO.support.email, password: DEMO.support.password, regen: true },
    });
    const fresh = again.json().token as string;
    expect((await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/login/logout', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(fresh) })).statusCode).toBe(401);
  });
});
