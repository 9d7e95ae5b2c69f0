import type { QuestionItem } from '@invigil/contracts';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, encode, EXAMS, scanningClient } from './exam/support.ts';
import { MAX_FILES_PER_QUESTION } from '../src/modules/results/answer-files.ts';
import { ISSUE_REPORTS_PER_MINUTE } from '../src/modules/exam/exam.routes.ts';

/**
 * Attack review 3 (docs/security-review.md rows 52 on): sign-in and sessions, the test engine,
 * results and every route's input, as a candidate with devtools would try them.
 */
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

const storedAnswers = async (id: number) =>
  (
    await t.database.executeSql<{ question_id: number; value: { selectedChoiceId?: string } }>(
      'SELECT question_id, value FROM answers WHERE user_exam_id = $1 ORDER BY question_id',
      [id],
    )
  ).rows.map((r) => ({ qid: Number(r.question_id), choice: r.value.selectedChoiceId }));

describe(`adaptive answers stand once they chose the next question (ADR 0197, ${dbKind})`, () => {
  let id: number;
  let first: QuestionItem;
  let firstChoice: string;
  let second: QuestionItem;
  let unserved: number;

  beforeAll(async () => {
    id = await attemptId(t, DEMO.candidate.email, EXAMS.adaptive);
    expect((await post('/api/test/startExam', asha, { id })).statusCode).toBe(200);
    const res = await post('/api/test/userTest', asha, { examId: id });
    first = decode<QuestionItem[]>(res.json().quesData)[0]!;
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 AND q.id <> $2',
      [id, first.qid],
    );
    unserved = Number(rows[0]!.id);
  });

  it('a save naming a question not served to the attempt is 400, and nothing of it is stored', async () => {
    const delta = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: unserved, seq: 1, answer: { selectedChoiceId: '1', buttonStyle: 'Answered' } }],
    });
    expect(delta.statusCode).toBe(400);
    expect(delta.json().message).toBe(`Question ${unserved} is not part of this test.`);
    const full = await post('/api/test/answeredQuestions', asha, {
      id,
      examDetail: encode({}),
      quesData: encode([{ qid: unserved, seq: 2, selectedChoiceId: '1', buttonStyle: 'Answered' }]),
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().saved).toBe(0);
    const resume = await post('/api/test/resumeExam', asha, {
      id,
      quesData: encode([{ qid: unserved, seq: 3, selectedChoiceId: '1', buttonStyle: 'Answered' }]),
    });
    expect(resume.statusCode).toBe(200);
    expect(await storedAnswers(id)).toEqual([]);
  });

  it('the current question is answered as before; the next one is served from that answer', async () => {
    firstChoice = first.choiceid.split('|^^|')[0]!;
    const save = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: first.qid, seq: 1, answer: { selectedChoiceId: firstChoice, buttonStyle: 'Answered' } }],
    });
    expect(save.json().saved).toBe(1);
    const next = await post('/api/test/nextQuestion', asha, {
      id,
      qid: first.qid,
      seq: 2,
      answer: { selectedChoiceId: firstChoice, buttonStyle: 'Answered' },
    });
    expect(next.statusCode).toBe(200);
    second = decode<QuestionItem>(next.json().question);
    expect(await storedAnswers(id)).toEqual([{ qid: first.qid, choice: firstChoice }]);
    // a reload shows the first question read-only, the current one open
    const reloaded = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    expect(reloaded.map((q) => [q.qid, q.disabled])).toEqual([
      [first.qid, true],
      [second.qid, false],
    ]);
  });

  it('the first answer cannot be changed by any save, a resume, a submit or a repeated next-question call', async () => {
    const other = first.choiceid.split('|^^|').find((c) => c !== firstChoice)!;
    const item = (seq: number) => [{ qid: first.qid, seq, selectedChoiceId: other, buttonStyle: 'Answered' }];
    const delta = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: [{ qid: first.qid, seq: 10, answer: { selectedChoiceId: other, buttonStyle: 'Answered' } }],
    });
    // Not refused: the web app may still show the earlier question; its change is simply not taken.
    expect(delta.statusCode).toBe(200);
    expect(delta.json().saved).toBe(0);
    const full = await post('/api/test/answeredQuestions', asha, {
      id,
      examDetail: encode({}),
      quesData: encode(item(11)),
    });
    expect(full.json().saved).toBe(0);
    expect((await post('/api/test/resumeExam', asha, { id, quesData: encode(item(12)) })).statusCode).toBe(200);
    const again = await post('/api/test/nextQuestion', asha, {
      id,
      qid: first.qid,
      seq: 13,
      answer: { selectedChoiceId: other, buttonStyle: 'Answered' },
    });
    expect(decode<QuestionItem>(again.json().question).qid).toBe(second.qid);
    expect(await storedAnswers(id)).toEqual([{ qid: first.qid, choice: firstChoice }]);

    // The question now current still takes answers, and the submit's copy of it counts.
    const secondChoice = second.choiceid.split('|^^|')[1]!;
    const submit = await post(`/api/result/submittest/${id}`, asha, {
      status: '010',
      questionsData: encode([
        ...item(14),
        { qid: second.qid, seq: 1, selectedChoiceId: secondChoice, buttonStyle: 'Answered' },
      ]),
    });
    expect(submit.statusCode).toBe(200);
    expect(await storedAnswers(id)).toEqual(
      [
        { qid: first.qid, choice: firstChoice },
        { qid: second.qid, choice: secondChoice },
      ].sort((a, b) => a.qid - b.qid),
    );
  });
});

describe(`no question before the clock runs (ADR 0198, ${dbKind})`, () => {
  it('userTest of a test not started gives its detail and outlines only; the adaptive pools serve none', async () => {
    // Ravi has no adaptive attempt in the demo data: one is given to him here.
    await t.database.executeSql(
      `INSERT INTO user_exams (user_id, exam_id, status) SELECT u.id, e.id, '000' FROM users u, exams e
        WHERE u.email = $1 AND e.name = $2`,
      [DEMO.candidate2.email, EXAMS.adaptive],
    );
    for (const exam of [EXAMS.twoMinute, EXAMS.adaptive]) {
      const id = await attemptId(t, DEMO.candidate2.email, exam);
      const res = await post('/api/test/userTest', ravi, { examId: id });
      expect(res.statusCode).toBe(200);
      expect(res.json().examDetail[0]).toMatchObject({ id, status: '000' });
      const outlines = decode<QuestionItem[]>(res.json().quesData);
      if (exam === EXAMS.adaptive) expect(outlines).toEqual([]);
      else {
        // every question, as the spec's flow loads them, but nothing to work on before the clock
        const { rows } = await t.database.executeSql<{ n: number }>(
          'SELECT count(*)::int AS n FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1',
          [id],
        );
        expect(outlines).toHaveLength(Number(rows[0]!.n));
        for (const o of outlines) {
          expect(o).toMatchObject({ qtext: '', choicetext: '', choiceid: '', question_resource_url: null });
          expect(o.questionContent).toBeNull();
          expect(o.passagetext).toBeUndefined();
          expect(o.qid).toBeGreaterThan(0);
        }
        // once started, the same items come whole
        expect((await post('/api/test/startExam', ravi, { id })).statusCode).toBe(200);
        const whole = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData);
        expect(whole.map((w) => w.qid)).toEqual(outlines.map((o) => o.qid));
        expect(whole.every((w) => w.qtext.length > 0)).toBe(true);
        continue;
      }
      const served = await t.database.executeSql('SELECT 1 FROM attempt_questions WHERE user_exam_id = $1', [id]);
      expect(served.rows).toHaveLength(0);
    }
  });

  it("a coding question's tables wait for its test to be in progress, as its runs do", async () => {
    const id = await attemptId(t, DEMO.candidate2.email, 'Coding Test (All Languages)');
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 AND q.qtype_code = 20 LIMIT 1',
      [id],
    );
    const url = `/api/test/getTables?qid=${Number(rows[0]!.id)}`;
    expect((await client.call({ url, headers: bearer(ravi) })).statusCode).toBe(409);
    expect((await post('/api/test/startExam', ravi, { id })).statusCode).toBe(200);
    expect((await client.call({ url, headers: bearer(ravi) })).statusCode).toBe(200);
  });
});

describe(`question issue reports are bounded per user (${dbKind})`, () => {
  it(`report ${ISSUE_REPORTS_PER_MINUTE + 1} in a minute is 429 with Retry-After, and not stored; another user is unaffected`, async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    const { rows } = await t.database.executeSql<{ id: number }>(
      'SELECT q.id FROM questions q JOIN user_exams ue ON ue.exam_id = q.exam_id WHERE ue.id = $1 LIMIT 1',
      [id],
    );
    const qid = Number(rows[0]!.id);
    const count = async () =>
      Number(
        (
          await t.database.executeSql<{ n: number }>(
            'SELECT count(*)::int AS n FROM question_issues WHERE question_id = $1',
            [qid],
          )
        ).rows[0]!.n,
      );
    const report = (token: string) =>
      post('/api/test/questionIssues', token, { qid, issuetype: 'Other', description: 'y'.repeat(2000) });
    for (let i = 0; i < ISSUE_REPORTS_PER_MINUTE; i++) expect((await report(asha)).statusCode).toBe(200);
    const over = await report(asha);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count()).toBe(ISSUE_REPORTS_PER_MINUTE);
    expect((await report(ravi)).statusCode).toBe(200);
  });
});

describe(`answer files: in time and bounded (${dbKind})`, () => {
  const upload = (token: string, naming: string) => {
    const boundary = '----invigil' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="upl"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    return client.call({
      method: 'POST',
      url: '/api/result/uploadfile',
      headers: { ...bearer(token), filename: naming, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), Buffer.from('%PDF-1.4\n'), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  /** Files kept for the attempt in the local media store (DATA_DIR/media). */
  const files = (id: number) => {
    const dir = path.join(t.config.dataDir, 'media', 'answer-files', String(id));
    return existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  };

  it(`the ${MAX_FILES_PER_QUESTION + 1}th file for one question is 409 and not kept; after the deadline none is`, async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.windowSwitch);
    expect((await post('/api/test/startExam', asha, { id })).statusCode).toBe(200);
    const [q1, q2] = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    for (let i = 0; i < MAX_FILES_PER_QUESTION; i++)
      expect((await upload(asha, `${id}_${q1!.qid}`)).statusCode).toBe(200);
    const over = await upload(asha, `${id}_${q1!.qid}`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`At most ${MAX_FILES_PER_QUESTION} files can be uploaded for one question.`);
    expect((await upload(asha, `${id}_${q2!.qid}`)).statusCode).toBe(200);
    expect(files(id)).toBe(MAX_FILES_PER_QUESTION + 1);

    await t.database.executeSql(`UPDATE user_exams SET deadline_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const late = await upload(asha, `${id}_${q2!.qid}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This test is not in progress.');
    expect(files(id)).toBe(MAX_FILES_PER_QUESTION + 1);
  });
});

describe(`the group report keeps a hidden score hidden (${dbKind})`, () => {
  it("a test set not to show its score (showscore 0) has no percentage in the candidate's report", async () => {
    const { rows } = await t.database.executeSql<{
      exam_id: number;
      name: string;
      group_id: number;
      percentage: string;
      user_id: number;
    }>(
      `SELECT ue.exam_id, e.name, ue.group_id, ue.percentage, ue.user_id FROM user_exams ue
         JOIN exams e ON e.id = ue.exam_id JOIN users u ON u.id = ue.user_id
         JOIN user_groups ug ON ug.group_id = ue.group_id AND ug.user_id = ue.user_id AND ug.report_ready
        WHERE u.email = $1 AND ue.percentage IS NOT NULL ORDER BY ue.id`,
      [DEMO.candidate.email],
    );
    const [hidden, shown] = rows.filter((r) => r.group_id === rows[0]!.group_id);
    expect(shown).toBeDefined();
    await t.database.executeSql(`UPDATE exams SET settings = settings || '{"showscore": 0}'::jsonb WHERE id = $1`, [
      hidden!.exam_id,
    ]);
    const res = await client.call({
      url: `/api/users/group-report/${hidden!.user_id}/${hidden!.group_id}`,
      headers: bearer(asha),
    });
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const line = (name: string) => text.split('\n').find((l) => l.includes(name)) ?? '';
    expect(line(hidden!.name)).toContain('N.A.');
    expect(line(hidden!.name)).not.toContain(`${Number(hidden!.percentage).toFixed(2)} %`);
    expect(line(shown!.name)).toContain(`${Number(shown!.percentage).toFixed(2)} %`);
  });
});

describe(`held: request bodies a browser's devtools can send (${dbKind})`, () => {
  const raw = (payload: string | Buffer, contentType?: string, url = '/api/login', token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...(token ? bearer(token) : {}),
      },
      payload,
    });
  const login = JSON.stringify({ userName: 'nobody@example.com', password: 'x' });

  it('deep nesting, prototype keys, odd content types and bad bytes are 4xx with a message, never 500', async () => {
    const deepArray = '['.repeat(200_000) + ']'.repeat(200_000);
    const deepObject = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const cases: Array<[string | Buffer, string | undefined, string?]> = [
      [deepArray, 'application/json'],
      [deepObject, 'application/json', '/api/test/userTest'],
      [`{"id":1,"changes":${deepObject}}`, 'application/json', '/api/test/answeredQuestions'],
      ['{"__proto__":{"role":"ROLE_SUPERADMIN"},"userName":"a","password":"b"}', 'application/json'],
      ['{"constructor":{"prototype":{"x":1}},"userName":"a","password":"b"}', 'application/json'],
      [login, 'application/x-www-form-urlencoded'],
      [login, 'multipart/form-data'],
      [login, 'application/vnd.api+json'],
      [login, ''],
      [Buffer.from(login), undefined],
      ['', 'application/json'],
      ['null', 'application/json'],
      [Buffer.from([0x7b, 0x22, 0x75, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 'application/json'],
    ];
    for (const [payload, type, url] of cases) {
      const res = await raw(payload, type, url, url ? asha : undefined);
      expect(res.statusCode, `${type} ${String(payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('the token is read from the bearer header only: not from the query, a cookie or a bare header', async () => {
    const token = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    for (const [url, headers] of [
      [`/api/dashboard/getProfile?token=${token}`, {}],
      ['/api/dashboard/getProfile', { cookie: `token=${token}` }],
      ['/api/dashboard/getProfile', { authorization: token }],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('answers that are not choices, nonsense matching orders and absurd typing figures score 0, never 500', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
    expect((await post('/api/test/startExam', asha, { id })).statusCode).toBe(200);
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    const garbage = {
      selectedChoiceId: "999999,abc,,,-1,' OR 1=1 --",
      matchOrder: [1e9, -5, 0],
      typing: {
        wordCount: 1e9,
        correctCount: 1e9,
        incorrectCount: 0,
        skippedCount: 0,
        wpm: 1e300,
        typingAccuracy: 100,
        keyStrokes: 1,
      },
      buttonStyle: 'Answered' as const,
    };
    const save = await post('/api/test/answeredQuestions', asha, {
      id,
      changes: items.map((q) => ({ qid: q.qid, seq: 1, answer: garbage })),
    });
    expect(save.json().saved).toBe(items.length);
    const submit = await post(`/api/result/submittest/${id}`, asha, { status: '010' });
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({ examStatus: '010', resultStatus: 'Processed' });
    expect(submit.json().evaluation.obtainedMarks).toBe(0);
  });

  it('a window-switch count sent lower is not taken; a submit after the deadline stores none of its answers', async () => {
    const id = await attemptId(t, DEMO.candidate2.email, EXAMS.allTypes);
    expect((await post('/api/test/startExam', ravi, { id })).statusCode).toBe(200);
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', ravi, { examId: id })).json().quesData);
    const change = (seq: number) => [{ qid: items[0]!.qid, seq, answer: { buttonStyle: 'Not Answered' as const } }];
    await post('/api/test/answeredQuestions', ravi, { id, windowSwitchCount: 3, changes: change(1) });
    await post('/api/test/answeredQuestions', ravi, { id, windowSwitchCount: 0, changes: change(2) });
    const count = await t.database.executeSql('SELECT window_switch_count AS n FROM user_exams WHERE id = $1', [id]);
    expect(Number(count.rows[0]!.n)).toBe(3);

    await t.database.executeSql(`UPDATE user_exams SET deadline_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const late = await post(`/api/result/submittest/${id}`, ravi, {
      status: '010',
      windowSwitchCount: 0,
      questionsData: encode(items.map((q) => ({ qid: q.qid, seq: 99, selectedChoiceId: '1' }))),
    });
    expect(late.json()).toMatchObject({ examStatus: '011' });
    const rows = await t.database.executeSql('SELECT max(client_seq) AS s FROM answers WHERE user_exam_id = $1', [id]);
    expect(Number(rows.rows[0]!.s)).toBe(2);
  });
});
