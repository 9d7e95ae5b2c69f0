import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_CHARS, CODE_TOO_LONG } from '@invigil/contracts';
import { inspectHost } from '@invigil/sandbox';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

const sandboxOk = inspectHost().ok;

/** A function-style coding question and a SQL question on an exam assigned to the demo candidate. */
async function seedCodingQuestions(t: TestApp): Promise<{ qid: number; sqlQid: number; otherQid: number }> {
  const exec = t.database.executeSql.bind(t.database);
  const user = (await exec('SELECT id FROM users WHERE email = $1', [DEMO.candidate.email])).rows[0];
  const exam = (await exec("INSERT INTO exams (name, duration_seconds) VALUES ('Coding round', 1800) RETURNING id"))
    .rows[0];
  const other = (await exec("INSERT INTO exams (name, duration_seconds) VALUES ('Not assigned', 1800) RETURNING id"))
    .rows[0];
  // In progress: a candidate runs code only during an attempt of a test with a coding question (ADR 0090).
  await exec(
    `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at)
     VALUES ($1, $2, '001', now(), now() + interval '30 minutes')`,
    [user.id, exam.id],
  );
  const content = {
    classname: 'Solution',
    methodname: 'sumOf',
    paramtype: 'int[] nums|^^|int bonus',
    paramvalue: '[1,2,3]|^^|4',
    methodreturntype: 'int',
    codinglang: 'all-p',
  };
  const answerKey = {
    testCases: [
      { input: [[1, 2, 3], 4], output: 10 },
      { input: [[], 7], output: 7 },
      { input: [[40, 2], 0], output: 42, hidden: true },
    ],
  };
  const insert =
    'INSERT INTO questions (exam_id, position, qtype_code, text, content, answer_key) VALUES ($1, $2, 20, $3, $4, $5) RETURNING id';
  const q = (
    await exec(insert, [exam.id, 1, 'Sum the numbers plus a bonus', JSON.stringify(content), JSON.stringify(answerKey)])
  ).rows[0];
  const sqlContent = {
    codinglang: 'sql',
    tables: [
      {
        name: 'cities',
        columns: [
          { name: 'name', type: 'text' },
          { name: 'population', type: 'int' },
        ],
        rows: [
          ['Pune', 7],
          ['Delhi', 32],
          ['Goa', 2],
        ],
      },
    ],
  };
  const sq = (
    await exec(insert, [
      exam.id,
      2,
      'Cities above 5 million',
      JSON.stringify(sqlContent),
      JSON.stringify({ referenceSql: 'SELECT name FROM cities WHERE population > 5' }),
    ])
  ).rows[0];
  const oq = (await exec(insert, [other.id, 1, 'Elsewhere', JSON.stringify(content), JSON.stringify(answerKey)]))
    .rows[0];
  return { qid: q.id, sqlQid: sq.id, otherQid: oq.id };
}

describe('coding API', () => {
  let t: TestApp;
  let token: string;
  let ids: { qid: number; sqlQid: number; otherQid: number };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    ids = await seedCodingQuestions(t);
  });
  afterAll(async () => t?.close());

  it('requires a signed-in user on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/test/programlanguages'],
      ['POST', '/api/test/programSkeleton'],
      ['POST', '/api/test/compilecode'],
      ['GET', '/api/test/getTables'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists languages; all-p leaves out ids 9 and 11', async () => {
    const all = (await t.app.inject({ url: '/api/test/programlanguages', headers: bearer(token) })).json();
    expect(all.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 9, 11]));
    const p = (
      await t.app.inject({ url: '/api/test/programlanguages?codinglang=all-p', headers: bearer(token) })
    ).json();
    expect(p.map((l: { id: number }) => l.id)).not.toContain(9);
    expect(p.map((l: { id: number }) => l.id)).not.toContain(11);
    expect(p.map((l: { codinglanguage: string }) => l.codinglanguage)).toEqual([
      'c',
      'cpp',
      'java',
      'python',
      'javascript',
    ]);
  });

  it('generates skeletons and rejects bad bodies with 4xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/programSkeleton',
      headers: bearer(token),
      payload: {
        codingLang: 'java',
        classname: 'Solution',
        methodname: 'sumOf',
        paramtype: 'int[] nums|^^|int bonus',
        paramvalue: '[1,2,3]|^^|4',
        methodreturntype: 'int',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().programBoilerPlate).toContain('public int sumOf(int[] nums, int bonus)');
    for (const payload of [
      {},
      { codingLang: 'cobol', methodname: 'f' },
      { codingLang: 'python', methodname: 'f', paramtype: 'matrix<int>' },
      { codingLang: 'python', methodname: 'drop table' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/test/programSkeleton',
        headers: bearer(token),
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    for (const payload of [
      {},
      { code: 'x' },
      { code: 1, lang: 'python' },
      { code: 'x', lang: 'brainfuck' },
      { code: 'x', lang: 'python', testCaseFlag: true },
    ]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/test/compilecode', headers: bearer(token), payload });
      expect(bad.statusCode).toBe(400);
    }
    // Code longer than the editor holds: a 400 that says so in words (ADR 0270).
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/test/compilecode',
      headers: bearer(token),
      payload: { code: '#'.repeat(CODE_MAX_CHARS + 1), lang: 'python' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`code: ${CODE_TOO_LONG}`);
  });

  it('returns HTML without running it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/compilecode',
      headers: bearer(token),
      payload: { code: '<b>hi</b>', lang: 'html' },
    });
    // text: the spec's name of the reply (ADR 0205), the same as output.
    expect(res.json()).toMatchObject({ status: 'ok', output: '<b>hi</b>', text: '<b>hi</b>', html: true });
  });

  it('does not open questions of exams the user was not given', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/compilecode',
      headers: bearer(token),
      payload: { code: 'print(1)', lang: 'python', qid: ids.otherQid, testCaseFlag: true },
    });
    // Not yours answers as missing (ADR 0050): 404, the same as a question that does not exist.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Question not found.' });
    const tables = await t.app.inject({ url: `/api/test/getTables?qid=${ids.otherQid}`, headers: bearer(token) });
    expect(tables.statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/api/test/getTables?qid=999999', headers: bearer(token) });
    expect(missing.json()).toEqual(tables.json());
  });

  it('returns the SQL question tables and runs SQL', async () => {
    const tables = (
      await t.app.inject({ url: `/api/test/getTables?qid=${ids.sqlQid}`, headers: bearer(token) })
    ).json();
    expect(tables.tables[0]).toMatchObject({ name: 'cities', columns: ['name', 'population'] });
    const ok = (
      await t.app.inject({
        method: 'POST',
        url: '/api/test/compilecode',
        headers: bearer(token),
        payload: {
          code: 'SELECT name FROM cities WHERE population > 5 ORDER BY name',
          lang: 'sql',
          qid: ids.sqlQid,
          testCaseFlag: 1,
        },
      })
    ).json();
    expect(ok).toMatchObject({ status: 'ok', passed: 1, total: 1, columns: ['name'], rows: [['Delhi'], ['Pune']] });
    const bad = (
      await t.app.inject({
        method: 'POST',
        url: '/api/test/compilecode',
        headers: bearer(token),
        payload: { code: 'SELEKT 1', lang: 'sql', qid: ids.sqlQid },
      })
    ).json();
    expect(bad.status).toBe('sql-error');
    expect(bad.sqlMessage).toMatch(/syntax error/);
  });

  it.runIf(sandboxOk)(
    'compiles and runs the test cases; hidden cases come back without their data',
    async () => {
      const code =
        'class Solution:\n    def sumOf(self, nums, bonus):\n        return sum(nums) + bonus\n\nif __name__ == "__main__":\n    print(Solution().sumOf([1, 2, 3], 4))\n';
      const run = (
        await t.app.inject({
          method: 'POST',
          url: '/api/test/compilecode',
          headers: bearer(token),
          payload: { code, lang: 'python', qid: ids.qid },
        })
      ).json();
      expect(run).toMatchObject({ status: 'ok', output: '10\n' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/compilecode',
        headers: bearer(token),
        payload: { code, lang: 4, qid: ids.qid, testCaseFlag: 'true' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'ok', passed: 3, total: 3 });
      const hidden = body.testResults.find((r: { hidden: boolean }) => r.hidden);
      expect(hidden).toEqual({ index: 2, hidden: true, passed: true, verdict: 'ok' });
      expect(res.body).not.toContain('42');
      const broken = (
        await t.app.inject({
          method: 'POST',
          url: '/api/test/compilecode',
          headers: bearer(token),
          payload: { code: 'int main( { return 0; }', lang: 'c' },
        })
      ).json();
      expect(broken.status).toBe('compile-error');
      expect(broken.error).toMatch(/error/);
      // The boxes apart (ADR 0270): a Python syntax error is the compile output, said once;
      // a failure while running is the run's error, beside what the program printed.
      const syntax = (
        await t.app.inject({
          method: 'POST',
          url: '/api/test/compilecode',
          headers: bearer(token),
          payload: {
            code: 'class Solution:\n    def sumOf(self, nums, bonus)\n',
            lang: 'python',
            qid: ids.qid,
            testCaseFlag: 1,
          },
        })
      ).json();
      expect(syntax).toMatchObject({ status: 'compile-error', passed: 0, total: 3, runError: '' });
      expect(syntax.compileOutput).toMatch(/^ {2}File "solution\.py", line 2\n[\s\S]*SyntaxError/);
      const crash = (
        await t.app.inject({
          method: 'POST',
          url: '/api/test/compilecode',
          headers: bearer(token),
          payload: { code: 'print("start")\nraise RuntimeError("boom")', lang: 'python', qid: ids.qid },
        })
      ).json();
      expect(crash).toMatchObject({ status: 'runtime-error', output: 'start\n', compileOutput: '' });
      expect(crash.runError).toContain('RuntimeError: boom');
    },
    60_000,
  );
});

describe.runIf(sandboxOk)('coding API under load', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // The per-user share is raised here: this suite fills the shared queue from one candidate.
    t = await createTestApp({
      sandbox: { ...loadConfig({}).sandbox, concurrency: 1, queueSize: 1 },
      codeRuns: { perUser: 10, perMinute: 100 },
    });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    await seedCodingQuestions(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with Retry-After when the queue is full', async () => {
    const payload = { code: 'import time\ntime.sleep(1)\nprint("done")', lang: 'python' };
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.app.inject({ method: 'POST', url: '/api/test/compilecode', headers: bearer(token), payload }),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 503, 503]);
    const busy = replies.find((r) => r.statusCode === 503)!;
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(busy.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  }, 30_000);
});
