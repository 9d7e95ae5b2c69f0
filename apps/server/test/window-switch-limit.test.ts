import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';

/**
 * Window switches past the test's limit (webproctoringcount, 2 in the demo) end the test with
 * status 111 (spec, Window-switch proctoring). The browser counts them, but once it has told the
 * server a count past the limit the verdict is the server's: a page that then skips or loses its
 * own 111 submit, and finishes with 010 later, must not get a scored, completed test
 * (security review row 79).
 */
let t: TestApp;
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function started(email: string, password: string) {
  const token = await loginAs(t.app, email, password);
  const id = await attemptId(t, email, EXAMS.windowSwitch);
  expect((await post('/api/test/startExam', token, { id })).statusCode).toBe(200);
  const items = decode<QuestionItem[]>((await post('/api/test/userTest', token, { examId: id })).json().quesData);
  return { token, id, qid: items[0]!.qid, choice: items[0]!.choiceid.split('|^^|')[0]! };
}

const attemptRow = async (id: number) =>
  (
    await t.database.executeSql<{ status: string; abort_reason: string | null; window_switch_count: number }>(
      'SELECT status, abort_reason, window_switch_count FROM user_exams WHERE id = $1',
      [id],
    )
  ).rows[0]!;

describe(`window switches past the limit are the server's verdict (${dbKind})`, () => {
  it('a save reporting switches up to the limit keeps the test running', async () => {
    const { token, id, qid, choice } = await started(DEMO.candidate.email, DEMO.candidate.password);
    const save = await post('/api/test/answeredQuestions', token, {
      id,
      windowSwitchCount: 2,
      changes: [{ qid, seq: 1, answer: { selectedChoiceId: choice, buttonStyle: 'Answered' } }],
    });
    expect(save.statusCode).toBe(200);
    expect(await attemptRow(id)).toMatchObject({ status: '001', window_switch_count: 2 });

    // one more switch: past the limit. The save's answer is kept, then the test stops.
    const past = await post('/api/test/answeredQuestions', token, {
      id,
      windowSwitchCount: 3,
      changes: [{ qid, seq: 2, answer: { selectedChoiceId: choice, buttonStyle: 'Answered' } }],
    });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ message: 'This test was terminated.', examStatus: '111' });
    expect(await attemptRow(id)).toMatchObject({
      status: '111',
      abort_reason: 'window_switch',
      window_switch_count: 3,
    });

    // the page that skipped its own 111 submit finishes as usual: the termination stands
    const finish = await post(`/api/result/submittest/${id}`, token, { status: '010', windowSwitchCount: 0 });
    expect(finish.statusCode).toBe(200);
    expect(finish.json()).toMatchObject({ examStatus: '111' });
    const more = await post('/api/test/answeredQuestions', token, {
      id,
      changes: [{ qid, seq: 3, answer: { buttonStyle: 'Answered', selectedChoiceId: choice } }],
    });
    expect(more.statusCode).toBe(409);
  });

  it('a finish (010) carrying a count past the limit is submitted as the violation, 111', async () => {
    const { token, id, qid, choice } = await started(DEMO.candidate2.email, DEMO.candidate2.password);
    const submit = await post(`/api/result/submittest/${id}`, token, {
      status: '010',
      windowSwitchCount: 7,
      examDetail: encode({ time_remaining: 500 }),
      questionsData: encode([{ qid, seq: 1, selectedChoiceId: choice, buttonStyle: 'Answered' }]),
    });
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({ examStatus: '111' });
    expect(await attemptRow(id)).toMatchObject({
      status: '111',
      abort_reason: 'window_switch',
      window_switch_count: 7,
    });
  });
});
