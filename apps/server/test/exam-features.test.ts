import { answerFileName, type QuestionItem } from '@invigil/contracts';
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
afterAll(async () => t?.close());

async function begin(name: string, token = asha, email: string = DEMO.candidate.email, language = 'en-IN') {
  const id = await attemptId(t, email, name);
  const first = await post('/api/test/userTest', token, { examId: id, selectedLanguage: language });
  expect(first.statusCode).toBe(200);
  expect((await post('/api/test/startExam', token, { id, selectedLanguage: language })).statusCode).toBe(200);
  const res = await post('/api/test/userTest', token, { examId: id });
  const body = res.json<Reply<'POST /api/test/userTest'>>();
  return { id, detail: body.examDetail, items: decode<QuestionItem[]>(body.quesData) };
}

describe('adaptive test (examtypeid 4)', () => {
  it('serves one question at a time from the pools until the marks to attempt are used', async () => {
    const { id, detail, items } = await begin(EXAMS.adaptive);
    expect(detail[0]).toMatchObject({ examtypeid: 4, totalmarkstoattempt: 5 });
    expect(detail[1]!.pools).toEqual({ 1: 3, 2: 3, 3: 3 });
    expect(items).toHaveLength(1);
    expect(items[0]!.qdifficultylevelid).toBe(2);
    let current = items[0]!;
    let seq = 1;
    const seen = [current.qid];
    for (let i = 0; i < 10; i++) {
      const choice = current.choiceid.split('|^^|')[0];
      const res = await post('/api/test/nextQuestion', asha, {
        id,
        qid: current.qid,
        seq: seq++,
        answer: { selectedChoiceId: choice, buttonStyle: 'Answered' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<Reply<'POST /api/test/nextQuestion'>>();
      if (body.done) {
        expect(body.remainingMarks).toBe(0);
        break;
      }
      current = decode<QuestionItem>(body.question!);
      expect(seen).not.toContain(current.qid);
      seen.push(current.qid);
    }
    const served = await t.database.executeSql(
      `SELECT sum(q.marks)::int AS m FROM attempt_questions a JOIN questions q ON q.id = a.question_id WHERE a.user_exam_id = $1`,
      [id],
    );
    expect(served.rows[0].m).toBeLessThanOrEqual(5);
    // Repeating a call gives the same next question (double click, retry).
    const again = await post('/api/test/nextQuestion', asha, { id, qid: seen[0], seq: 1, answer: {} });
    expect(decode<QuestionItem>(again.json().question).qid).toBe(seen[1]);
    const submit = await post(`/api/result/submittest/${id}`, asha, { status: '010' });
    expect(submit.json().evaluation.totalMarks).toBe(served.rows[0].m);
  });

  it('a question that was not served is refused', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    const res = await post('/api/test/nextQuestion', asha, { id, qid: 1, seq: 1, answer: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('languages, surveys, mandatory and proctoring settings', () => {
  it('two-language test: translated texts, the missing marker and include_english', async () => {
    const { detail, items } = await begin(EXAMS.twoLanguage, asha, DEMO.candidate.email, 'hi-IN');
    expect(detail[0]).toMatchObject({ selectedLanguage: 'hi-IN', include_english: 1, languages: ['en-IN', 'hi-IN'] });
    expect(detail[0].translated_instructions).toContain('हर प्रश्न');
    expect(items[0]!.translated_qtext).toContain('भारत');
    expect(items[1]!.translated_choicetext.split('|^^|')).toEqual(['पाँच', 'सात', '--null--']);
    expect(items[2]!.translated_qtext).toBeNull();
  });

  it('a language the test does not offer falls back to en-IN', async () => {
    const { detail } = await begin(EXAMS.allTypes, ravi, DEMO.candidate2.email, 'fr-FR');
    expect(detail[0].selectedLanguage).toBe('en-IN');
  });

  it('survey type 7 has no score; mandatory test has the flags', async () => {
    const survey = await begin(EXAMS.survey);
    expect(survey.detail[0]).toMatchObject({ test_type: 7, showscore: 0 });
    const res = await post(`/api/result/submittest/${survey.id}`, asha, {
      status: '010',
      questionsData: encode([
        { qid: survey.items[0]!.qid, selectedChoiceId: survey.items[0]!.choiceid.split('|^^|')[0], seq: 1 },
      ]),
    });
    expect(res.json()).toMatchObject({ examStatus: '010', resultStatus: 'Processed', evaluation: null });
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
    const detail = (await post('/api/test/userTest', asha, { examId: id })).json().examDetail[0];
    expect(detail).toMatchObject({ answermandatoryflag: 1, navflag: 0 });
  });

  it('window switches are recorded; the proctoring count is reduced; status 111 on termination', async () => {
    const { id, detail } = await begin(EXAMS.windowSwitch);
    expect(detail[0]).toMatchObject({ webproctoringcount: 2, webproctoringzero: false });
    await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [
        { qid: (await begin(EXAMS.windowSwitch)).items[0]!.qid, seq: 1, answer: { buttonStyle: 'Not Answered' } },
      ],
      windowSwitchCount: 1,
    });
    const after = (await post('/api/test/userTest', asha, { examId: id })).json().examDetail[0];
    expect(after).toMatchObject({ webproctoringcount: 1, windowSwitchCount: 1 });
    const res = await post(`/api/result/submittest/${id}`, asha, {
      status: '111',
      windowSwitchCount: 3,
      abort_reason: 'window_switch',
    });
    expect(res.json().examStatus).toBe('111');
    const { rows } = await t.database.executeSql(
      'SELECT abort_reason, window_switch_count FROM user_exams WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ abort_reason: 'window_switch', window_switch_count: 3 });
  });
});

describe('retest, report issue, re-scoring', () => {
  it('retest puts an attempt with nothing saved to 998; it can be started again on the same deadline', async () => {
    const { id } = await begin(EXAMS.twoMinute);
    const first = (await post('/api/test/resumeExam', asha, { id })).json();
    const res = await client.call({ url: `/api/test/retest/${id}`, headers: bearer(asha) });
    expect(res.json()).toEqual({ status: 'SUCCESS', examStatus: '998' });
    const detail = (await post('/api/test/userTest', asha, { examId: id })).json().examDetail[0];
    expect(detail.status).toBe('998');
    expect(detail.time_remaining).toBeLessThanOrEqual(first.time_remaining);
    expect((await post('/api/test/answeredQts', asha, { id })).json().result).toBeNull();
    const start = (await post('/api/test/startExam', asha, { id })).json();
    expect(start.status).toBe('001');
    expect(start.exam_end_time).toBe(first.exam_end_time);
  });

  it('retest is refused once an answer is saved: the clock cannot be reset and the answer stays', async () => {
    const { id, items } = await begin(EXAMS.twoMinute);
    await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: items[0]!.qid, seq: 1, answer: { selectedChoiceId: '1' } }],
    });
    const res = await client.call({ url: `/api/test/retest/${id}`, headers: bearer(asha) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Answers have been saved for this test, so it cannot be restarted.');
    const detail = (await post('/api/test/userTest', asha, { examId: id })).json().examDetail[0];
    expect(detail.status).toBe('001');
    expect((await post('/api/test/answeredQts', asha, { id })).json().result).not.toBeNull();
  });

  it("low bandwidth on the server: nothing answered and the time unused answers nextAction 'retest' (998, not submitted)", async () => {
    const { id, detail, items } = await begin(EXAMS.twoMinute, ravi, DEMO.candidate2.email);
    const full = detail[0].total_test_time;
    // Marked for review but not answered: still nothing Answered.
    await post('/api/test/answeredQuestions', ravi, {
      id,
      changes: [{ qid: items[0]!.qid, seq: 1, answer: { buttonStyle: 'Marked Review' } }],
    });
    const body = {
      status: '010',
      examDetail: encode({ ...detail[0], time_remaining: full }),
      questionsData: encode([{ qid: items[1]!.qid, seq: 2, buttonStyle: 'Not Answered' }]),
    };
    const res = await post(`/api/result/submittest/${id}`, ravi, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      nextAction: 'retest',
      examStatus: '998',
      resultStatus: null,
      evaluation: null,
    });
    const again = await post(`/api/result/fallbacksubmit/${id}`, ravi, body);
    expect(again.json()).toEqual(res.json());
    const { rows } = await t.database.executeSql(
      'SELECT (SELECT count(*)::int FROM submissions WHERE user_exam_id = $1) AS n, status, result_status FROM user_exams WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ n: 0, status: '998', result_status: null });

    // Taken again: an answered question (marked for review too) is submitted and scored as usual.
    expect((await post('/api/test/startExam', ravi, { id })).json().status).toBe('001');
    const choice = items[0]!.choiceid.split('|^^|')[0];
    await post('/api/test/answeredQuestions', ravi, {
      id,
      changes: [{ qid: items[0]!.qid, seq: 3, answer: { selectedChoiceId: choice, buttonStyle: 'Marked Review' } }],
    });
    const resumed = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData);
    expect(resumed[0]).toMatchObject({ buttonStyle: 'Marked Review', answerStatus: true, selectedChoiceId: choice });
    const ok = await post(`/api/result/submittest/${id}`, ravi, body);
    expect(ok.json()).toMatchObject({ nextAction: 'result', examStatus: '010', evaluation: { obtainedMarks: 1 } });
  });

  it('nothing answered but time used is submitted as usual', async () => {
    const { id, detail } = await begin(EXAMS.survey, ravi, DEMO.candidate2.email);
    const used = await post(`/api/result/submittest/${id}`, ravi, {
      status: '010',
      examDetail: encode({ ...detail[0], time_remaining: detail[0].total_test_time - 30 }),
    });
    expect(used.json()).toMatchObject({ nextAction: 'result', examStatus: '010' });
  });

  it('questionIssues needs a question of an assigned test', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 LIMIT 1',
      [id],
    );
    const ok = await post('/api/test/questionIssues', asha, {
      qid: Number(rows[0]!.id),
      issuetype: 'No correct answer',
      description: 'All options look wrong.',
    });
    expect(ok.json()).toEqual({ status: 'SUCCESS' });
    const other = await post('/api/test/questionIssues', ravi, {
      qid: (
        await t.database.executeSql(
          `SELECT q.id FROM questions q JOIN exams e ON e.id = q.exam_id WHERE e.name = $1 LIMIT 1`,
          [EXAMS.adaptive],
        )
      ).rows[0].id,
      issuetype: 'Other',
      description: 'x',
    });
    expect(other.statusCode).toBe(404);
  });

  it('manualGenerateResult re-scores a submitted attempt (owner or support)', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.allTypes);
    expect((await post('/api/test/manualGenerateResult', ravi, { id })).statusCode).toBe(409);
    await post(`/api/result/submittest/${id}`, ravi, { status: '010' });
    const support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const res = await post('/api/test/manualGenerateResult', support, { id });
    expect(res.json()).toMatchObject({ status: 'SUCCESS', resultStatus: 'Processed' });
    const status = await client.call({ url: `/api/result/status/${id}`, headers: bearer(ravi) });
    expect(status.json()).toMatchObject({
      examStatus: '010',
      resultStatus: 'Processed',
      evaluation: { obtainedMarks: 0, totalMarks: 17, percentage: 0 },
    });
  });
});

describe('answer files', () => {
  const form = (name: string, data: Buffer, type = 'application/pdf') => {
    const boundary = '----invigil' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="upl"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    return { boundary, payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
  };
  const upload = (token: string, naming: string, name: string, data: Buffer) => {
    const f = form(name, data);
    return client.call({
      method: 'POST',
      url: '/api/result/uploadfile',
      headers: { ...bearer(token), filename: naming, 'content-type': `multipart/form-data; boundary=${f.boundary}` },
      payload: f.payload,
    });
  };

  it('uploads an allowed file, downloads it back, and keeps others out', async () => {
    const { id, items } = await begin(EXAMS.windowSwitch, ravi, DEMO.candidate2.email);
    const qid = items[0]!.qid;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000_000, 0x20)]);
    const res = await upload(ravi, `${id}_${qid}`, 'my answer.pdf', pdf);
    expect(res.statusCode).toBe(200);
    const { file_url, error } = res.json();
    expect(error).toBe(false);
    const dl = await post('/api/result/downloadfile', ravi, { url: file_url });
    expect(dl.json()).toMatchObject({ error: false, file_url: expect.stringMatching(/^\/api\/media\/signed\//) });
    expect((await t.app.inject({ url: dl.json().file_url })).rawPayload.equals(pdf)).toBe(true);
    const get = await t.app.inject({ url: file_url, headers: bearer(ravi) });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.length).toBe(pdf.length);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ url: file_url, headers: bearer(asha) })).statusCode).toBe(404);
    expect((await post('/api/result/downloadfile', asha, { url: file_url })).statusCode).toBe(404);
    expect((await upload(asha, `${id}_${qid}`, 'x.pdf', Buffer.from('%PDF'))).statusCode).toBe(404);
  });

  it('refuses disallowed types, bad naming and files of 30 MB (3e7 bytes) or more', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.windowSwitch);
    const qid = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData)[0]!
      .qid;
    const exe = await upload(ravi, `${id}_${qid}`, 'tool.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Your brower does not support this file format.');
    expect((await upload(ravi, 'nonsense', 'a.pdf', Buffer.from('%PDF'))).statusCode).toBe(400);
    const pdfOf = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(n - 9, 0x41)]);
    const big = await upload(ravi, `${id}_${qid}`, 'big.pdf', pdfOf(30_000_001));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size must be less than 5MB...');
    // "under 30 MB (3e7 bytes)": exactly 3e7 is already too large, as the web judges it
    const exact = await upload(ravi, `${id}_${qid}`, 'big.pdf', pdfOf(30_000_000));
    expect(exact.statusCode).toBe(413);
    expect(exact.json().message).toBe('File size must be less than 5MB...');
    // Nothing of the refused file is left in the store.
    expect((await t.app.ctx.media.list(`answer-files/${id}/`)).map((e) => e.key)).not.toContainEqual(
      expect.stringMatching(/big\.pdf$/),
    );
  });

  it('refuses a program renamed .pdf and an empty file, and keeps nothing of them (ADR 0260)', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.windowSwitch);
    const qid = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData)[0]!
      .qid;
    const exe = await upload(
      ravi,
      `${id}_${qid}`,
      'setup.pdf',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 1)]),
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({
      message: 'Your brower does not support this file format.',
      detail: "The file's contents are not a PDF document, as its name says.",
    });
    const png = await upload(ravi, `${id}_${qid}`, 'photo.png', Buffer.from('<html><script>alert(1)</script>'));
    expect(png.statusCode).toBe(415);
    const empty = await upload(ravi, `${id}_${qid}`, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');
    const keys = (await t.app.ctx.media.list(`answer-files/${id}/`)).map((e) => e.key);
    expect(keys.filter((k) => /setup|photo|empty/.test(answerFileName(k)))).toEqual([]);
    // a real Word file (a zip) and a PDF whose header comes after a few bytes pass
    const docx = await upload(
      ravi,
      `${id}_${qid}`,
      'cv.docx',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(3000, 2)]),
    );
    expect(docx.statusCode).toBe(200);
    const late = await upload(
      ravi,
      `${id}_${qid}`,
      'late.pdf',
      Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.7\n')]),
    );
    expect(late.statusCode).toBe(200);
  });

  it('keeps a name in any language, and a very long one, for display and download (ADR 0260)', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.windowSwitch);
    const qid = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData)[0]!
      .qid;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 0x20)]);
    const name = 'रिज़्यूमे 履歴書_résumé.pdf';
    const res = await upload(ravi, `${id}_${qid}`, name, pdf);
    expect(res.statusCode).toBe(200);
    expect(res.json().file_name).toBe(name);
    expect(answerFileName(res.json().file_url)).toBe(name);
    const dl = await post('/api/result/downloadfile', ravi, { url: res.json().file_url });
    const got = await t.app.inject({ url: dl.json().file_url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    const long = await upload(ravi, `${id}_${qid}`, `${'ф'.repeat(300)}.pdf`, pdf);
    expect(long.statusCode).toBe(200);
    const kept = answerFileName(long.json().file_url);
    expect(kept).toMatch(/^ф+\.pdf$/);
    expect(kept.length).toBeLessThan(300);
  });

  it('a saved uploadedFile must be a file stored for this attempt and question (ADR 0260)', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.windowSwitch);
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData);
    const [qid, other] = [items[0]!.qid, items[1]!.qid];
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 0x20)]);
    const own = (await upload(ravi, `${id}_${qid}`, 'mine.pdf', pdf)).json().file_url as string;
    const saved = async (uploadedFile: string, q = qid) => {
      const res = await post('/api/test/answeredQuestions', ravi, {
        id,
        quesData: encode([{ qid: q, seq: Date.now() % 1_000_000, uploadedFile, buttonStyle: 'Answered' }]),
        examDetail: encode({}),
      });
      expect(res.statusCode).toBe(200);
      const back = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData);
      return back.find((i) => i.qid === q)!.uploadedFile;
    };
    expect(await saved(own)).toBe(own);
    const dots = (await upload(ravi, `${id}_${qid}`, 'my..cv.pdf', pdf)).json().file_url as string;
    expect(await saved(dots)).toBe(dots);
    for (const forged of [
      'https://evil.example/cv.pdf',
      'anything',
      own.replace(`/${id}/`, `/${id + 1}/`),
      own.replace('.mine', '/../../x'),
    ])
      expect(await saved(forged)).toBeUndefined();
    // another question's file does not answer this one
    expect(await saved(own, other)).toBeUndefined();
  });
});
