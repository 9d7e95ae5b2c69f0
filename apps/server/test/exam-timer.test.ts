import type { QuestionItem, SavedTest } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS } from './exam/support.ts';

// The timer walk (ADR 0231): what a request claims about time changes nothing the server keeps.

let t: TestApp;
let asha: string;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(asha), payload });

beforeAll(async () => {
  t = await createTestApp();
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => {
  await t?.close();
});

/** Moves the attempt's start and deadline back: it has run `seconds` by the server's clock. */
const hasRun = (id: number, seconds: number) =>
  t.database.executeSql(
    `UPDATE user_exams SET started_at = started_at - make_interval(secs => $2::int),
            deadline_at = deadline_at - make_interval(secs => $2::int) WHERE id = $1`,
    [id, seconds],
  );

const storedTimes = async (id: number) => {
  const saved = decode<SavedTest>((await post('/api/test/answeredQts', { id })).json().result);
  return Object.fromEntries(saved.answers.map((a) => [a.qid, a.answer.timeSpend]));
};

describe('time spent on a question, as the server keeps it', () => {
  let id: number;
  let qids: number[];
  beforeAll(async () => {
    id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    await post('/api/test/startExam', { id });
    qids = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData).map((q) => q.qid);
    await hasRun(id, 120);
  });

  it('is at most the time the attempt has run, whatever a save claims', async () => {
    const claim = (qid: number, seq: number, timeSpend: number) => ({
      qid,
      seq,
      answer: { buttonStyle: 'Not Answered', timeSpend },
    });
    const res = await post('/api/test/answeredQuestions', {
      id,
      changes: [claim(qids[0]!, 1, 10_000_000), claim(qids[1]!, 1, 45)],
    });
    expect(res.statusCode).toBe(200);
    const kept = await storedTimes(id);
    // two minutes have run: 115 days are not kept, 45 s are
    expect(kept[qids[0]!]).toBeGreaterThanOrEqual(120);
    expect(kept[qids[0]!]).toBeLessThanOrEqual(125);
    expect(kept[qids[1]!]).toBe(45);
  });

  it('is bounded the same in the full form, on resume and in the submit', async () => {
    const item = (qid: number, seq: number) => ({ qid, seq, buttonStyle: 'Not Answered', timeSpend: 9e6 });
    await post('/api/test/answeredQuestions', { id, examDetail: encode({}), quesData: encode([item(qids[2]!, 2)]) });
    await post('/api/test/resumeExam', { id, quesData: encode([item(qids[3]!, 2)]) });
    await post(`/api/result/submittest/${id}`, {
      submitType: 'STANDARD',
      status: '010',
      questionsData: encode([item(qids[4]!, 2)]),
    });
    const kept = await storedTimes(id);
    for (const qid of qids.slice(2, 5)) expect(kept[qid]).toBeLessThanOrEqual(125);
  });
});

describe('time claimed by a request', () => {
  it('a start, a resume or a userTest claiming more time gets the server deadline', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.survey);
    const forged = encode({ time_remaining: 99_999, total_test_time: 99_999 });
    const before = await post('/api/test/userTest', { examId: id, remainingTime: 99_999 });
    expect(before.json().examDetail[0].time_remaining).toBe(600);
    const start = await post('/api/test/startExam', { id, examDetail: forged, remainingTime: 99_999 });
    expect(start.json().time_remaining).toBeLessThanOrEqual(600);
    await hasRun(id, 300);
    for (const res of [
      await post('/api/test/resumeExam', { id, examDetail: forged }),
      await post('/api/test/startExam', { id, examDetail: forged }),
    ])
      expect(res.json().time_remaining).toBeLessThanOrEqual(300);
    const detail = (await post('/api/test/userTest', { examId: id, remainingTime: 99_999 })).json().examDetail[0];
    expect(detail.time_remaining).toBeLessThanOrEqual(300);
  });

  it('a time-out claimed while the server has time left is a finish (010), not a time-out', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
    await post('/api/test/startExam', { id });
    const res = await post(`/api/result/submittest/${id}`, {
      submitType: 'STANDARD',
      status: '011',
      examDetail: encode({ time_remaining: -50 }),
      questionsData: encode([]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().examStatus).toBe('010');
  });
});
