import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';
import type { Reply } from './reply.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ queue: true });
});
afterAll(async () => t?.close());

it('submit answers Processing and the pg-boss scoring job writes the result', async () => {
  const token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  await post('/api/test/startExam', { id });
  const items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
  const answers = items.map((q, i) => ({
    qid: q.qid,
    seq: i + 1,
    selectedChoiceId: q.choiceid.split('|^^|')[i === 0 ? 0 : 1],
  }));
  const res = await post(`/api/result/submittest/${id}`, { status: '010', questionsData: encode(answers) });
  expect(res.json()).toMatchObject({ examStatus: '010', resultStatus: 'Processing', evaluation: null });
  let status: Reply<'GET /api/result/status/:id'> | undefined;
  for (let i = 0; i < 60; i++) {
    status = (await t.app.inject({ url: `/api/result/status/${id}`, headers: bearer(token) })).json<
      Reply<'GET /api/result/status/:id'>
    >();
    if (status.resultStatus === 'Processed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toEqual({
    examStatus: '010',
    resultStatus: 'Processed',
    evaluation: { obtainedMarks: 2, totalMarks: 2, percentage: 100 },
  });
});

it('a scoring batch handed out twice, or the overdue sweep beside it, leaves one result and one run', async () => {
  const { results } = t.app.ctx.services;
  const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
  const runs = async () => {
    await t.app.ctx.repositories.events.flush();
    const { rows } = await t.database.executeSql<{ n: number }>(
      `SELECT count(*)::int AS n FROM attempt_events WHERE user_exam_id = $1 AND kind = 'score.run'`,
      [id],
    );
    return Number(rows[0]?.n);
  };
  const result = async () =>
    (
      await t.database.executeSql<{ result_status: string; obtained_marks: string; result_date: Date }>(
        'SELECT result_status, obtained_marks, result_date FROM user_exams WHERE id = $1',
        [id],
      )
    ).rows[0];
  const first = await result();
  expect(first).toMatchObject({ result_status: 'Processed', obtained_marks: '2' });
  const before = await runs();
  // The same jobs again (a killed worker's batch handed out again), twice at once: nothing is rewritten.
  await Promise.all([results.scoreMany([id, id]), results.scoreMany([id])]);
  expect(await result()).toEqual(first);
  expect(await runs()).toBe(before);

  // A lost job: the attempt closed two minutes ago and still has no result. The sweep scores it
  // once, at the same time as a late batch; a second sweep finds nothing.
  await t.database.executeSql(
    `UPDATE user_exams SET result_status = 'Processing', obtained_marks = NULL, updated_at = now() - interval '2 minutes' WHERE id = $1`,
    [id],
  );
  const [rescued] = await Promise.all([results.rescueUnscored(), results.scoreMany([id])]);
  expect(rescued).toBe(1);
  expect(await result()).toMatchObject({ result_status: 'Processed', obtained_marks: '2' });
  expect(await runs()).toBe(before + 1);
  expect(await results.rescueUnscored()).toBe(0);

  // One that closed two hours ago without a result is left to people (Pending Results), not swept.
  await t.database.executeSql(
    `UPDATE user_exams SET result_status = 'Processing', obtained_marks = NULL, finished_at = now() - interval '2 hours',
            updated_at = now() - interval '2 minutes' WHERE id = $1`,
    [id],
  );
  expect(await results.rescueUnscored()).toBe(0);
  expect(await result()).toMatchObject({ result_status: 'Processing' });
});
