import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GateExecutor, until } from './gate-executor.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/** A test with a coding question assigned (not started) to each given user; returns the question id. */
async function codingTest(t: TestApp, emails: string[]): Promise<{ examId: number; qid: number }> {
  const exec = t.database.executeSql.bind(t.database);
  const exam = (await exec("INSERT INTO exams (name, duration_seconds) VALUES ('Coding access', 1800) RETURNING id"))
    .rows[0];
  const q = (
    await exec(
      "INSERT INTO questions (exam_id, position, qtype_code, text) VALUES ($1, 1, 20, 'Print something') RETURNING id",
      [exam.id],
    )
  ).rows[0];
  for (const email of emails)
    await exec('INSERT INTO user_exams (user_id, exam_id, status) SELECT id, $2, $3 FROM users WHERE email = $1', [
      email,
      exam.id,
      '000',
    ]);
  return { examId: Number(exam.id), qid: Number(q.id) };
}

/** Puts the user's attempt of the exam in progress, with its deadline 30 minutes ahead. */
async function startAttempt(t: TestApp, email: string, examId: number) {
  await t.database.executeSql(
    `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '30 minutes'
      WHERE exam_id = $2 AND user_id = (SELECT id FROM users WHERE email = $1)`,
    [email, examId],
  );
}

const run = (t: TestApp, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/test/compilecode', headers: bearer(token), payload });

describe('who may run code (issue 11, item 4)', () => {
  let t: TestApp;
  const gate = new GateExecutor();
  let asha: string;
  let ravi: string;
  let support: string;
  let admin: string;
  let ids: { examId: number; qid: number };

  beforeAll(async () => {
    t = await createTestApp({}, { executor: gate });
    asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    ids = await codingTest(t, [DEMO.candidate.email, DEMO.candidate2.email]);
  });
  afterAll(() => t?.close());

  it('refuses a candidate without an attempt in progress of a test with a coding question', async () => {
    // Asha has seeded attempts in progress, but none of their tests has a coding question; her
    // coding test is only assigned, not started.
    for (const payload of [
      { code: 'print(1)', lang: 'python' },
      { code: 'print(1)', lang: 'python', qid: ids.qid },
      { code: '<b>x</b>', lang: 'html' },
    ]) {
      const res = await run(t, asha, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        message: expect.stringMatching(/only be run during a test in progress that has a coding question/),
      });
    }
    expect(gate.held).toHaveLength(0);
  });

  it('allows the candidate once the coding test is in progress, and refuses again after its deadline', async () => {
    await startAttempt(t, DEMO.candidate.email, ids.examId);
    const plain = await run(t, asha, { code: 'print(1)', lang: 'python' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'ok', output: 'ran\n' });
    expect((await run(t, asha, { code: 'print(1)', lang: 'python', qid: ids.qid })).statusCode).toBe(200);
    await t.database.executeSql(
      `UPDATE user_exams SET deadline_at = now() - interval '1 minute' WHERE exam_id = $1 AND status = '001'`,
      [ids.examId],
    );
    expect((await run(t, asha, { code: 'print(1)', lang: 'python' })).statusCode).toBe(409);
    await startAttempt(t, DEMO.candidate.email, ids.examId);
  });

  it('lets staff (support, super administrator) run code without an attempt', async () => {
    const res = await run(t, support, { code: 'print(1)', lang: 'python', qid: ids.qid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect((await run(t, admin, { code: 'print(1)', lang: 'python' })).statusCode).toBe(200);
  });

  it("more parallel runs than the per-user limit give 429; another user's run still succeeds", async () => {
    await startAttempt(t, DEMO.candidate2.email, ids.examId);
    const limit = t.config.codeRuns.perUser;
    expect(limit).toBe(2);
    const hog = Array.from({ length: limit }, () => run(t, asha, { code: 'HOLD', lang: 'python' }));
    await until(() => gate.held.length === limit);
    const over = await run(t, asha, { code: 'HOLD', lang: 'python' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/at most 2 at a time/),
    });
    expect(gate.held).toHaveLength(limit);
    // The hog's runs are still in flight: another candidate is served at once.
    const other = await run(t, ravi, { code: 'print(2)', lang: 'python' });
    expect(other.statusCode).toBe(200);
    gate.release();
    expect((await Promise.all(hog)).map((r) => r.statusCode)).toEqual([200, 200]);
    // Slots come back when the runs end.
    expect((await run(t, asha, { code: 'print(3)', lang: 'python' })).statusCode).toBe(200);
  });
});

describe('code runs per minute (issue 11, item 4)', () => {
  let t: TestApp;
  let asha: string;
  let ravi: string;

  beforeAll(async () => {
    t = await createTestApp({ codeRuns: { perUser: 2, perMinute: 3 } }, { executor: new GateExecutor() });
    asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    const ids = await codingTest(t, [DEMO.candidate.email, DEMO.candidate2.email]);
    await startAttempt(t, DEMO.candidate.email, ids.examId);
    await startAttempt(t, DEMO.candidate2.email, ids.examId);
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past the rate, for that user only', async () => {
    for (let i = 0; i < 3; i++) expect((await run(t, asha, { code: 'print(1)', lang: 'python' })).statusCode).toBe(200);
    const over = await run(t, asha, { code: 'print(1)', lang: 'python' });
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json()).toMatchObject({
      statusCode: 429,
      retryAfter: wait,
      message: expect.stringMatching(/per minute/),
    });
    expect((await run(t, ravi, { code: 'print(1)', lang: 'python' })).statusCode).toBe(200);
  });
});
