import { SEQ_MAX, type QuestionItem, type SavedTest } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';

// A save's seq is the page's change counter (ADR 0010); ADR 0235: one no honest page reaches is
// refused, so it cannot hold a question's later saves below it or leave the page no higher number.

let t: TestApp;
let asha: string;
let id: number;
let qids: number[];
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(asha), payload });
const change = (qid: number, seq: number, choice: string) => ({
  qid,
  seq,
  answer: { selectedChoiceId: choice, buttonStyle: 'Answered' },
});
const saved = async () => decode<SavedTest>((await post('/api/test/answeredQts', { id })).json().result);

beforeAll(async () => {
  t = await createTestApp();
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
  expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
  qids = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData).map((q) => q.qid);
});
afterAll(async () => {
  await t?.close();
});

describe('a seq near the 32-bit maximum', () => {
  it('is refused with 400 naming the field; the next ordinary save of that question is kept', async () => {
    const [qid] = qids;
    const huge = await post('/api/test/answeredQuestions', { id, changes: [change(qid!, 2_147_483_647, '1')] });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^changes\.0\.seq: /);

    const normal = await post('/api/test/answeredQuestions', { id, changes: [change(qid!, 2, '2')] });
    expect(normal.statusCode).toBe(200);
    expect(normal.json().saved).toBe(1);
    const s = await saved();
    expect(s.maxSeq).toBe(2);
    expect(s.answers.find((a) => a.qid === qid)).toMatchObject({ seq: 2, answer: { selectedChoiceId: '2' } });
  });

  it('is refused in the full form and by nextQuestion too; the bound itself is taken', async () => {
    const item = (seq: number) => encode([{ qid: qids[1], seq, selectedChoiceId: '1', buttonStyle: 'Answered' }]);
    const full = await post('/api/test/answeredQuestions', { id, examDetail: encode({}), quesData: item(SEQ_MAX + 1) });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toMatch(/^quesData: /);
    const next = await post('/api/test/nextQuestion', { id, qid: qids[1], seq: 2_147_483_647, answer: {} });
    expect(next.statusCode).toBe(400);
    expect(next.json().message).toMatch(/^seq: /);

    const atBound = await post('/api/test/answeredQuestions', { id, changes: [change(qids[2]!, SEQ_MAX, '1')] });
    expect(atBound.statusCode).toBe(200);
    expect((await saved()).maxSeq).toBe(SEQ_MAX);
  });
});
