import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, EXAMS, scanningClient } from './exam/support.ts';

// Issue 11 item 2: a test scheduled ahead (its Take button disabled on the dashboard) is refused
// by the server until its window opens, as an expired one is after the window ends.

let t: TestApp;
let asha: string;
let client: ReturnType<typeof scanningClient>;
let future: number;
const post = (url: string, payload: object) => client.call({ method: 'POST', url, headers: bearer(asha), payload });
const NOT_OPEN = 'This test is not open yet. It can be taken from its scheduled date.';

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  // A second attempt of the all-types test for Asha, scheduled a month ahead.
  const { rows } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO user_exams (user_id, exam_id, status, scheduled_at, expires_at)
     SELECT u.id, e.id, '000', now() + interval '30 days', now() + interval '60 days'
       FROM users u, exams e WHERE u.email = $1 AND e.name = $2 RETURNING id`,
    [DEMO.candidate.email, EXAMS.allTypes],
  );
  future = Number(rows[0]!.id);
});
afterAll(async () => t?.close());

describe('the availability window opens at the scheduled date', () => {
  it('userTest and startExam are refused with 409 before the window opens', async () => {
    const open = await post('/api/test/userTest', { examId: future });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(NOT_OPEN);
    expect(open.json().quesData).toBeUndefined();
    const start = await post('/api/test/startExam', { id: future });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe(NOT_OPEN);
    const { rows } = await t.database.executeSql('SELECT status, started_at FROM user_exams WHERE id = $1', [future]);
    expect(rows[0]).toEqual({ status: '000', started_at: null });
  });

  it('once the scheduled date has come the same attempt opens and starts', async () => {
    await t.database.executeSql(`UPDATE user_exams SET scheduled_at = now() - interval '1 minute' WHERE id = $1`, [
      future,
    ]);
    expect((await post('/api/test/userTest', { examId: future })).statusCode).toBe(200);
    const start = await post('/api/test/startExam', { id: future });
    expect(start.statusCode).toBe(200);
    expect(start.json().status).toBe('001');
  });

  it('an attempt already open (scheduled in the past) still works', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
    expect((await post('/api/test/userTest', { examId: id })).statusCode).toBe(200);
    expect((await post('/api/test/startExam', { id })).json().status).toBe('001');
  });

  it('expiry is refused as before', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
    await t.database.executeSql(`UPDATE user_exams SET expires_at = now() - interval '1 day' WHERE id = $1`, [id]);
    const res = await post('/api/test/startExam', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This test has expired.');
  });
});
