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
  const items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
  await post('/api/test/startExam', { id });
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
