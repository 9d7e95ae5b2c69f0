import type { QuestionItem } from '@invigil/contracts';
import { inspectHost } from '@invigil/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode } from './exam/support.ts';

const sandboxOk = inspectHost().ok;
const CODING = 'Coding Test (All Languages)';

const PARTLY = 'def sumOf(nums, bonus):\n    return sum(nums) + bonus if nums else 0\n';
const NOT_COMPILING = '#include <stdio.h>\nint main(void) { printf("%d", 1) return 0; }\n';
const SQL_RIGHT = 'SELECT name, salary FROM employees WHERE salary > 70000 ORDER BY salary DESC';
const SQL_WRONG = 'SELECT name, salary FROM employees ORDER BY salary DESC';
const HTML_RIGHT = '<html><body><h1>Welcome to <b>Invigil</b></h1><ul><li>one</li></ul></body></html>';
const FACTORIAL =
  'long factorial(int n) {\n    long r = 1;\n    for (int i = 2; i <= n; i++) r *= i;\n    return r;\n}\n';
const SPIN = 'def sumOf(nums, bonus):\n    while True:\n        pass\n';
const FORK = 'import os\nwhile True:\n    os.fork()\n';
const WRONG_C = 'long factorial(int n) {\n    return n;\n}\n';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Starts the candidate's coding attempt, answers by question position, submits; the evaluation. */
async function takeAndSubmit(user: { email: string; password: string }, answers: Record<number, [string, string]>) {
  const token = await loginAs(t.app, user.email, user.password);
  const id = await attemptId(t, user.email, CODING);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
  const items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
  const state = items.map((q, i) =>
    answers[i] ? { ...q, descriptiveText: answers[i]![1], codelang: answers[i]![0], seq: 1 } : q,
  );
  const res = await post(`/api/result/submittest/${id}`, {
    submitType: 'STANDARD',
    status: '010',
    examDetail: encode({ id, time_remaining: 100 }),
    questionsData: encode(state),
  });
  expect(res.statusCode).toBe(200);
  return { id, items, evaluation: res.json().evaluation };
}

const results = async (id: number) =>
  (
    await t.database.executeSql<{ question_id: number; status: string; passed: number; total: number; marks: string }>(
      `SELECT question_id, status, passed, total, marks, scored_at FROM coding_results WHERE user_exam_id = $1 ORDER BY question_id`,
      [id],
    )
  ).rows;

describe.runIf(sandboxOk)('scoring coding answers on the hidden test cases', () => {
  it('marks per passed test case: partly right, not compiling, SQL result sets, HTML, fixed C', async () => {
    const { id, evaluation } = await takeAndSubmit(DEMO.candidate, {
      0: ['python', PARTLY],
      1: ['c', NOT_COMPILING],
      2: ['sql', SQL_RIGHT],
      3: ['pgsql', SQL_WRONG],
      5: ['html', HTML_RIGHT],
      6: ['c', FACTORIAL],
    });
    // 3 of 4 cases x 4 marks + 0 + 2 + 0 + (mysql unanswered) 0 + 2 + 3 of 3 x 3 marks.
    expect(evaluation).toEqual({ obtainedMarks: 10, totalMarks: 18, percentage: 55.56 });
    const rows = await results(id);
    expect(rows.map((r) => [r.status, r.passed, r.total, Number(r.marks)])).toEqual([
      ['ok', 3, 4, 3],
      ['compile-error', 0, 3, 0],
      ['ok', 1, 1, 2],
      ['ok', 0, 1, 0],
      ['unanswered', 0, 0, 0],
      ['ok', 2, 2, 2],
      ['ok', 3, 3, 3],
    ]);
  });

  it('a timing-out, a forking and a wrong answer score 0; rescoring reuses the stored runs', async () => {
    const { id, evaluation } = await takeAndSubmit(DEMO.candidate2, {
      0: ['python', SPIN],
      1: ['python', FORK],
      6: ['c', WRONG_C],
    });
    expect(evaluation).toMatchObject({ obtainedMarks: 0, totalMarks: 18 });
    const rows = await results(id);
    const byPos = rows.slice(0, 2).map((r) => r.status);
    expect(byPos[0]).toMatch(/time-limit/);
    expect(byPos[1]).not.toBe('ok');
    expect(rows[6]).toMatchObject({ status: 'ok', passed: 0, total: 3 });
    // The scoring job retried (pg-boss retry, regenerate): one row per question, not run again.
    const before = JSON.stringify(rows);
    const again = await t.app.ctx.services.results.score(id);
    expect(again).toMatchObject({ obtainedMarks: 0, totalMarks: 18 });
    expect(JSON.stringify(await results(id))).toBe(before);
  });
});
