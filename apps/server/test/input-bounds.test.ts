import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, encode, EXAMS } from './exam/support.ts';

/** Issue 11, item 9: odd input is a 400, never a 500. */
describe('input bounds', () => {
  let t: TestApp;
  let token: string;
  let own: number;
  const TOO_BIG = 2_147_483_648;
  const post = (url: string, payload: unknown, auth = true) =>
    t.app.inject({ method: 'POST', url, headers: auth ? bearer(token) : {}, payload: payload as object });
  const get = (url: string) => t.app.inject({ url, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    own = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
  });
  afterAll(() => t.close());

  it('ids above 2,147,483,647 answer 400 on every operation that takes one', async () => {
    const big = String(TOO_BIG);
    const replies = await Promise.all([
      post('/api/test/userTest', { examId: TOO_BIG }),
      post('/api/test/startExam', { id: TOO_BIG }),
      post('/api/test/resumeExam', { id: TOO_BIG }),
      post('/api/test/answeredQts', { id: TOO_BIG }),
      post('/api/test/answeredQuestions', { id: TOO_BIG, questionsData: [] }),
      get(`/api/test/retest/${big}`),
      post('/api/test/questionIssues', { id: own, qid: TOO_BIG, issue: 'x' }),
      post('/api/test/nextQuestion', { id: TOO_BIG, qid: 1, seq: 0 }),
      post(`/api/result/submittest/${big}`, {}),
      post(`/api/result/fallbacksubmit/${big}`, {}),
      get(`/api/result/status/${big}`),
      post('/api/result/independent-resultprocess', { userExamId: TOO_BIG }),
      post('/api/test/manualGenerateResult', { id: TOO_BIG }),
      get(`/api/users/group-report/1/${big}`),
      post('/api/test/sendPrimaryImage', { userexamid: TOO_BIG }),
      post('/api/test/getMonitoringData', { userexamid: TOO_BIG }),
      post('/api/test/saveImage', { userexamid: TOO_BIG, image: 'aGk=' }),
      post('/api/test/compilecode', { code: 'x', lang: 'python', qid: '99999999999', testCaseFlag: true }),
      get('/api/test/getTables?qid=99999999999'),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 400));
    for (const r of replies) expect(Object.keys(r.json())).toEqual(['statusCode', 'error', 'message']);
  });

  it('ids are integers or decimal strings: true, 0x47, 1e2, " 7" and 7.5 are refused', async () => {
    for (const examId of [true, '0x47', '1e2', ' 7', 7.5, '', null, [7]]) {
      const res = await post('/api/test/userTest', { examId });
      expect(res.statusCode, JSON.stringify(examId)).toBe(400);
    }
    expect((await get('/api/test/retest/0x47')).statusCode).toBe(400);
    expect((await get(`/api/result/status/${own}`)).statusCode).not.toBe(400);
    expect((await post('/api/test/userTest', { examId: String(own) })).statusCode).toBe(200);
    expect((await post('/api/test/userTest', { examId: own })).statusCode).toBe(200);
  });

  it('the speaker sample is a form: its userexamid is refused as 0x47, 1e2 or 7.5 too (attack walk 4)', async () => {
    // Read with Number() it was the attempt named in hex ('0x57' was attempt 87) or another one ('1e3').
    const sample = (userexamid: string) => {
      const form = new FormData();
      form.append('userexamid', userexamid);
      form.append('audiofile', new Blob([Buffer.alloc(64)]), 'a.wav');
      const req = new Request('http://x/', { method: 'POST', body: form });
      return req.arrayBuffer().then((body) =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/getaudio',
          headers: { ...bearer(token), 'content-type': req.headers.get('content-type')! },
          payload: Buffer.from(body),
        }),
      );
    };
    for (const id of [`0x${own.toString(16)}`, '1e2', '7.5', ' 7', '', String(TOO_BIG)]) {
      const res = await sample(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/^userexamid/);
    }
    // A decimal id reaches the attempt (not monitored: the sample is not a picture of it, 4xx or 503).
    expect((await sample(String(own))).json().message).not.toMatch(/^userexamid/);
  });

  it("an answer's seq above 2,147,483,647 answers 400 in a delta save, a full save and nextQuestion", async () => {
    expect((await post('/api/test/startExam', { id: own })).statusCode).toBe(200);
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 LIMIT 1',
      [own],
    );
    const qid = Number(rows[0]!.id);
    const delta = await post('/api/test/answeredQuestions', {
      id: own,
      changes: [{ qid, seq: TOO_BIG, answer: { selectedChoiceId: '1' } }],
    });
    expect(delta.statusCode).toBe(400);
    const quesData = encode([{ qid, seq: TOO_BIG, selectedChoiceId: '1' }]);
    const full = await post('/api/test/answeredQuestions', { id: own, examDetail: encode({}), quesData });
    expect(full.statusCode).toBe(400);
    const next = await post('/api/test/nextQuestion', { id: own, qid, seq: TOO_BIG, answer: {} });
    expect(next.statusCode).toBe(400);
  });

  it('a NUL byte in a body, query or path string answers 400, sign-in included', async () => {
    const signIn = await post('/api/login', { userName: 'candidate\u0000@example.com', password: 'x' }, false);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toMatch(/invalid characters/i);
    const replies = await Promise.all([
      post('/api/test/questionIssues', { id: own, qid: 1, issue: 'bad\u0000issue' }),
      post('/api/dashboard/updateProfile', { firstName: 'A\u0000', lastName: 'B' }),
      post('/api/result/downloadfile', { url: '/api/result/files/a\u0000b' }),
      get('/api/test/programlanguages?codinglang=all%00'),
      get('/api/result/files/answer-files/1/1/a%00b.pdf'),
      post('/api/test/programSkeleton', { codingLang: 'java', classname: 'A\u0000' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 400));
  });

  it('a file key ending in .. or . answers 400', async () => {
    for (const tail of ['..', '.']) {
      const key = `answer-files/${own}/1/${tail}`;
      // URL parsing removes dot segments before the path reaches a route: what is left
      // (`answer-files/<id>/`) is not a media key, 400 (never a file, never a 500).
      const read = await get(`/api/result/files/${key}`);
      expect(read.statusCode, tail).toBe(400);
      expect(read.json().message, tail).toBe('Invalid media key.');
      const check = await post('/api/result/downloadfile', { url: `/api/result/files/${key}` });
      expect(check.statusCode, tail).toBe(400);
    }
  });
});
