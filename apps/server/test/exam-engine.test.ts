import type { QuestionItem, SavedTest } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS, scanningClient } from './exam/support.ts';
import type { Reply } from './reply.ts';

let t: TestApp;
let asha: string;
let ravi: string;
let client: ReturnType<typeof scanningClient>;
const post = (url: string, token: string, payload: object) =>
  client.call({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
});
afterAll(async () => {
  // Every response of this suite was scanned for answer keys.
  expect(client.stats.scanned).toBeGreaterThan(40);
  await t?.close();
});

describe('taking a test: start, save, resume, submit', () => {
  let id: number;
  let items: QuestionItem[];
  beforeAll(async () => {
    id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
  });

  it('userTest before the start gives the exam detail and outlines: the content comes once the clock runs (ADR 0198)', async () => {
    const res = await post('/api/test/userTest', asha, {
      examId: id,
      remainingTime: 999999,
      selectedLanguage: 'en-IN',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Reply<'POST /api/test/userTest'>>();
    expect(body.msg).toBe('SUCCESS');
    const detail = body.examDetail[0];
    expect(detail).toMatchObject({
      id,
      status: '000',
      instancename: EXAMS.allTypes,
      total_test_time: 1800,
      time_remaining: 1800,
      selectedLanguage: 'en-IN',
    });
    const outlines = decode<QuestionItem[]>(body.quesData);
    expect(outlines.length).toBeGreaterThan(5);
    expect(new Set(outlines.map((o) => o.qtext))).toEqual(new Set(['']));
    expect(outlines.every((o) => o.choicetext === '' && o.questionContent === null && !o.passagetext)).toBe(true);
  });

  it('a save before starting is refused', async () => {
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 ORDER BY q.position LIMIT 1',
      [id],
    );
    const res = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: Number(rows[0]!.id), seq: 1, answer: { selectedChoiceId: '1' } }],
    });
    expect(res.statusCode).toBe(409);
  });

  it('startExam moves 000 to 001 and fixes the deadline; a second start keeps it', async () => {
    const first = await post('/api/test/startExam', asha, { id, selectedLanguage: 'en-IN' });
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('001');
    expect(first.json().time_remaining).toBeLessThanOrEqual(1800);
    expect(first.json().time_remaining).toBeGreaterThan(1790);
    const again = await post('/api/test/startExam', asha, { id, selectedLanguage: 'hi-IN' });
    expect(again.json().exam_end_time).toBe(first.json().exam_end_time);
  });

  it('once started, userTest gives every question without answers', async () => {
    const res = await post('/api/test/userTest', asha, { examId: id });
    expect(res.json<Reply<'POST /api/test/userTest'>>().examDetail[0]).toMatchObject({ status: '001' });
    items = decode<QuestionItem[]>(res.json().quesData);
    expect(items.map((q) => q.qtypecode)).toEqual([1, 2, 3, 13, 5, 4, 6, 7]);
    expect(items.every((q) => q.buttonStyle === 'Not Visited')).toBe(true);
    const blanks = items.find((q) => q.qtypecode === 3)!;
    expect(Object.keys(blanks.blanks!)).toEqual(['BLANK1', 'BLANK2']);
    expect(blanks.passageheader).toBe('Passage: States of water');
    const match = items.find((q) => q.qtypecode === 7)!;
    expect(match.questionContent!.columnB!.map((b) => b.id)).not.toEqual([101, 102, 103, 104]);
  });

  it('delta saves upsert only the changed answers; a lower seq never overwrites a higher one', async () => {
    const single = items[0]!;
    const multi = items[1]!;
    const choices = (q: QuestionItem) => q.choiceid.split('|^^|');
    let res = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [
        { qid: single.qid, seq: 2, answer: { selectedChoiceId: choices(single)[1], buttonStyle: 'Answered' } },
        {
          qid: multi.qid,
          seq: 3,
          answer: { selectedChoiceId: `${choices(multi)[0]},${choices(multi)[2]}`, buttonStyle: 'Answered' },
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(2);
    expect(res.json().version).toBeNull();
    res = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: single.qid, seq: 1, answer: { selectedChoiceId: choices(single)[0] } }],
    });
    expect(res.json().saved).toBe(0);
    res = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: single.qid, seq: 2, answer: { selectedChoiceId: choices(single)[1], buttonStyle: 'Answered' } }],
    });
    expect(res.json().saved).toBe(0);
    const { rows } = await t.database.executeSql('SELECT count(*)::int AS n FROM answers WHERE user_exam_id = $1', [
      id,
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('the full form is kept as a versioned snapshot (an identical one is not kept again) and upserts its answers', async () => {
    const byType = (code: number) => items.find((q) => q.qtypecode === code);
    const mb = byType(3)!;
    const b1 = mb.blanks!.BLANK1!.choiceid.split('|^^|');
    const b2 = mb.blanks!.BLANK2!.choiceid.split('|^^|');
    const state = items.map((q) => ({ ...q }));
    Object.assign(
      state.find((q) => q.qid === mb.qid)!,
      { selectedChoiceId: `${b1[1]},${b2[0]}`, seq: 4, buttonStyle: 'Answered' },
    );
    Object.assign(
      state.find((q) => q.qtypecode === 5)!,
      { descriptiveText: 'paris|^^|Rome', selectedChoiceId: 'paris|^^|Rome', seq: 5 },
    );
    // Matching: the ids sent (opaque, ADR 0070) in the order New Delhi, Tokyo, Lima, Nairobi (two of four right).
    const match = state.find((q) => q.qtypecode === 7)!;
    const idOf = (text: string) => match.questionContent!.columnB!.find((b) => b.text === text)!.id;
    const order = ['New Delhi', 'Tokyo', 'Lima', 'Nairobi'].map(idOf);
    Object.assign(match, { matchOrder: order, descriptiveText: order.join('|^^|'), seq: 6 });
    // A client cannot smuggle an answer key in: unknown fields are dropped.
    Object.assign(state[0]!, { correctid: '1', isCorrect: true });
    const payload = { id, examDetail: encode({ id }), quesData: encode(state) };
    const one = await post('/api/test/answeredQuestions', asha, payload);
    expect(one.statusCode).toBe(200);
    expect(one.json().version).toBe(1);
    expect(one.json().saved).toBe(3);
    const two = await post('/api/test/answeredQuestions', asha, payload);
    expect(two.json().version).toBe(1);
    expect(two.json().saved).toBe(0);
    const { rows } = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM answer_snapshots WHERE user_exam_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answeredQts returns the server copy with seqs; userTest reflects the answers', async () => {
    const res = await post('/api/test/answeredQts', asha, { id });
    const saved = decode<SavedTest>(res.json().result);
    expect(saved.maxSeq).toBe(6);
    expect(saved.answers).toHaveLength(5);
    const again = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    expect(
      again
        .filter((q) => q.buttonStyle === 'Answered')
        .map((q) => q.qtypecode)
        .sort(),
    ).toEqual([1, 2, 3, 5, 7]);
    expect(again.find((q) => q.qtypecode === 2)!.selectedChoiceId).toContain(',');
  });

  it('resumeExam merges a newer local copy and keeps the server time', async () => {
    const desc = items.find((q) => q.qtypecode === 4)!;
    const res = await post('/api/test/resumeExam', asha, {
      id,
      examDetail: encode({ time_remaining: 99999 }),
      quesData: encode([{ ...desc, descriptiveText: '<p>My essay</p>', seq: 7 }]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().time_remaining).toBeLessThanOrEqual(1800);
    const saved = decode<SavedTest>((await post('/api/test/answeredQts', asha, { id })).json().result);
    expect(saved.answers.find((a) => a.qid === desc.qid)!.answer.descriptiveText).toBe('<p>My essay</p>');
  });

  it('another candidate gets 404 on every call for this attempt', async () => {
    const calls: Array<[string, object]> = [
      ['/api/test/userTest', { examId: id }],
      ['/api/test/startExam', { id }],
      ['/api/test/resumeExam', { id }],
      ['/api/test/answeredQts', { id }],
      [
        '/api/test/answeredQuestions',
        { id, changes: [{ qid: items[0]!.qid, seq: 99, answer: { selectedChoiceId: '1' } }] },
      ],
      [`/api/result/submittest/${id}`, {}],
      [`/api/result/fallbacksubmit/${id}`, {}],
      ['/api/result/independent-resultprocess', { userExamId: id }],
      ['/api/test/manualGenerateResult', { id }],
      ['/api/test/nextQuestion', { id, qid: items[0]!.qid, seq: 1, answer: {} }],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, ravi, body);
      expect(res.statusCode, url).toBe(404);
    }
    const get = await client.call({ url: `/api/test/retest/${id}`, headers: bearer(ravi) });
    expect(get.statusCode).toBe(404);
    const status = await client.call({ url: `/api/result/status/${id}`, headers: bearer(ravi) });
    expect(status.statusCode).toBe(404);
  });

  it('submit is idempotent across submittest, fallback and independent calls, and scores', async () => {
    const first = await post(`/api/result/submittest/${id}`, asha, {
      submitType: 'STANDARD',
      status: '010',
      questionsData: encode([]),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'SUCCESS',
      nextAction: 'result',
      examStatus: '010',
      resultStatus: 'Processed',
    });
    // single 1 + multi 1 + blanks 2 + typed 1 + matching 4*2/4 = 7 of 1+1+2+1+1+5+2+4 = 17.
    expect(first.json().evaluation).toEqual({ obtainedMarks: 7, totalMarks: 17, percentage: 41.18 });
    const again = await Promise.all([
      post(`/api/result/submittest/${id}`, asha, { status: '111' }),
      post(`/api/result/fallbacksubmit/${id}`, asha, { submitType: 'FALLBACK_ON_CATCH' }),
      post('/api/result/independent-resultprocess', asha, { userExamId: id, submitType: 'MONGODB_SKIPPED' }),
    ]);
    for (const r of again) expect(r.json()).toEqual(first.json());
    const { rows } = await t.database.executeSql(
      'SELECT count(*)::int AS n, min(submit_type) AS t FROM submissions WHERE user_exam_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ n: 1, t: 'STANDARD' });
    const late = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: items[0]!.qid, seq: 100, answer: { selectedChoiceId: '1' } }],
    });
    expect(late.statusCode).toBe(409);
    expect((await post('/api/test/userTest', asha, { examId: id })).statusCode).toBe(409);
  });
});

describe('time cannot be extended', () => {
  it('a save after the deadline is refused and the attempt is closed with 011 and scored', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
    await post('/api/test/startExam', asha, { id });
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: items[0]!.qid, seq: 1, answer: { selectedChoiceId: items[0]!.choiceid.split('|^^|')[0] } }],
    });
    await t.database.executeSql(`UPDATE user_exams SET deadline_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const late = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: items[1]!.qid, seq: 2, answer: { selectedChoiceId: items[1]!.choiceid.split('|^^|')[1] } }],
    });
    expect(late.statusCode).toBe(409);
    const { rows } = await t.database.executeSql(
      'SELECT status, result_status, obtained_marks::float AS m FROM user_exams WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: '011', result_status: 'Processed', m: 1 });
    const submit = await post(`/api/result/submittest/${id}`, asha, {
      status: '010',
      questionsData: encode([{ qid: items[1]!.qid, selectedChoiceId: '1', seq: 9 }]),
    });
    expect(submit.json().examStatus).toBe('011');
    expect(submit.json().evaluation.obtainedMarks).toBe(1);
  });

  it('the sweep closes attempts whose deadline passed even with no browser', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.twoMinute);
    await post('/api/test/userTest', ravi, { examId: id });
    await post('/api/test/startExam', ravi, { id });
    await t.database.executeSql(`UPDATE user_exams SET deadline_at = now() - interval '30 seconds' WHERE id = $1`, [
      id,
    ]);
    const closed = await t.app.ctx.services.results.sweep();
    expect(closed).toContain(id);
    const { rows } = await t.database.executeSql(
      'SELECT ue.status, ue.result_status, s.submit_type FROM user_exams ue JOIN submissions s ON s.user_exam_id = ue.id WHERE ue.id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: '011', result_status: 'Processed', submit_type: 'TIMEOUT' });
  });
});

describe('bad bodies answer 4xx', () => {
  const cases: Array<[string, object]> = [
    ['/api/test/userTest', {}],
    ['/api/test/userTest', { examId: 'abc' }],
    ['/api/test/startExam', { id: -1 }],
    ['/api/test/answeredQts', { id: 'x' }],
    ['/api/test/answeredQuestions', { id: 1 }],
    ['/api/test/answeredQuestions', { id: 1, changes: [] }],
    ['/api/test/answeredQuestions', { id: 1, examDetail: '', quesData: '%%%' }],
    ['/api/test/answeredQuestions', { id: 1, changes: [{ qid: 1, seq: 1, answer: { descriptiveText: 5 } }] }],
    ['/api/test/questionIssues', { qid: 1, issuetype: 'Bad', description: 'x' }],
    ['/api/test/questionIssues', { qid: 1, issuetype: 'Other', description: '  ' }],
    ['/api/result/submittest/abc', {}],
    ['/api/result/submittest/1', { status: '999' }],
    ['/api/result/independent-resultprocess', {}],
    ['/api/test/nextQuestion', { id: 1 }],
    ['/api/result/downloadfile', {}],
  ];
  it.each(cases)('%s %j', async (url, body) => {
    const res = await post(url, asha, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('message');
  });
  it('a garbage encoded quesData on an open attempt is a 400', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
    await post('/api/test/userTest', asha, { examId: id });
    await post('/api/test/startExam', asha, { id });
    const res = await post('/api/test/answeredQuestions', asha, {
      id,
      examDetail: encode({}),
      quesData: encode({ not: 'a list' }),
    });
    expect(res.statusCode).toBe(400);
    const wrongQ = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: 999999, seq: 1, answer: {} }],
    });
    expect(wrongQ.statusCode).toBe(400);
  });
  it('no token is a 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/userTest', payload: { examId: 1 } });
    expect(res.statusCode).toBe(401);
  });
});
