import { MESSAGES, type DashboardLists, type QuestionItem, type RosterReport } from '@invigil/contracts';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { importPackage, uploadRoster } from './content/admin-calls.ts';
import { fixturePackage } from './content/packages.ts';
import { decode, scanningClient } from './exam/support.ts';

/**
 * Issue 17 end to end on the API: a roster makes candidates with set-password links, a test is
 * imported and scheduled for their group, a new candidate sets a password, sees the test on the
 * dashboard, takes it (never receiving an answer) and gets a score; attempts and audit follow.
 */
let t: TestApp;
let admin: string;
let client: ReturnType<typeof scanningClient>;
const HEADER = 'First Name,Last Name,E-mail,Contact Number,Organisation,Group';
const ROSTER = [
  HEADER,
  'Nila,Menon,nila.menon@acme.example,9876512345,Acme Learning,Batch A',
  'Omar,Sheikh,omar.sheikh@acme.example,9876512346,Acme Learning,Batch A',
  '"Priya, Jr.",Nair,PRIYA.NAIR@acme.example,9876512347,Acme Learning,Batch B',
  `Asha,Rao,${DEMO.candidate.email},9876543210,Acme Learning,Batch A`,
].join('\n');

const userCount = async () =>
  (await t.database.executeSql<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
const tokenOf = (link: string) => new URL(link).searchParams.get('invite')!;

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
});
afterAll(async () => t?.close());

describe('rosters', () => {
  let report: RosterReport;
  it('creates new candidates, updates known ones, and gives new ones a set-password link', async () => {
    const res = await uploadRoster(t, admin, ROSTER);
    expect(res.statusCode, res.body).toBe(200);
    report = res.json();
    expect(report).toMatchObject({ applied: true, rows: 4, created: 3, updated: 1, rejected: [], fileError: null });
    expect(report.organisations).toEqual([{ id: expect.any(Number), name: 'Acme Learning', created: true }]);
    expect(report.groups.map((g) => [g.name, g.organisation, g.created])).toEqual([
      ['Batch A', 'Acme Learning', true],
      ['Batch B', 'Acme Learning', true],
    ]);
    expect(report.links.map((l) => [l.email, l.name])).toEqual([
      ['nila.menon@acme.example', 'Nila Menon'],
      ['omar.sheikh@acme.example', 'Omar Sheikh'],
      ['priya.nair@acme.example', 'Priya, Jr. Nair'],
    ]);
    expect(report.links[0]!.link).toMatch(/^http:\/\/localhost(:\d+)?\/v2\/user\/login\?invite=[A-Za-z0-9_-]{43}$/);
    // No password anywhere: new accounts have none until their owner sets one.
    expect(JSON.stringify(report)).not.toMatch(/password/i);
    const { rows } = await t.database.executeSql<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE email LIKE '%@acme.example'",
    );
    expect(rows.map((r) => r.password_hash)).toEqual(['!invited', '!invited', '!invited']);
  });

  it('uploading the same roster again creates nobody and issues fresh links that replace the old', async () => {
    const res = await uploadRoster(t, admin, ROSTER);
    expect(res.json()).toMatchObject({ applied: true, created: 0, updated: 4 });
    const old = tokenOf(report.links[1]!.link);
    const refused = await client.call({
      method: 'POST',
      url: '/api/login/invite',
      payload: { token: old, password: 'Welcome@123' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.inviteInvalid);
    report = res.json();
  });

  it('refuses a file with bad rows as a whole, naming each row and why', async () => {
    const before = await userCount();
    const bad = [
      HEADER,
      'Ok,Person,ok.person@acme.example,9876512399,Acme Learning,Batch A',
      'Bad,Mail,not-an-email,9876512398,Acme Learning,Batch A',
      'Bad,Phone,bad.phone@acme.example,98765,Acme Learning,Batch A',
      "=cmd|' /C calc'!A0,Evil,evil@acme.example,9876512397,Acme Learning,Batch A",
      'Twice,Again,OK.person@acme.example,9876512396,Acme Learning,Batch A',
      `Sam,Iyer,${DEMO.support.email},9123456780,Acme Learning,Batch A`,
      'Short,Row,short@acme.example',
    ].join('\r\n');
    const res = await uploadRoster(t, admin, bad);
    expect(res.statusCode).toBe(422);
    const r: RosterReport = res.json().report;
    expect(r.applied).toBe(false);
    expect(r.rejected.map((x) => [x.line, x.reasons])).toEqual([
      [3, ['Invalid Email Address']],
      [4, ['Invalid Mobile Number (exactly 10 digits).']],
      [5, ['The first name cell starts like a spreadsheet formula (=).']],
      [6, ['The e-mail is also on line 2.']],
      [7, ['The e-mail belongs to a staff account; a roster changes candidates only.']],
      [
        8,
        [
          'It has 3 columns; the header has 6.',
          'Invalid Mobile Number (exactly 10 digits).',
          'The organisation is missing or too long.',
          'The group is missing or too long.',
        ],
      ],
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong header and a non-CSV file with a clear message', async () => {
    const wrong = await uploadRoster(t, admin, 'name,email\nA,a@b.co');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(
      'The header must be: first name, last name, e-mail, contact number, organisation, group (found: name, email).',
    );
    const broken = await uploadRoster(t, admin, `${HEADER}\n"unclosed,quote`);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().report.fileError).toMatch(/^The file is not valid CSV/);
  });
});

describe('rosters as spreadsheets save them', () => {
  const names = async (domain: string) =>
    (
      await t.database.executeSql<{ email: string; first_name: string; last_name: string }>(
        'SELECT email, first_name, last_name FROM users WHERE email LIKE $1 ORDER BY email',
        [`%@${domain}`],
      )
    ).rows.map((r) => [r.email, r.first_name, r.last_name]);

  it('reads a semicolon-separated file with a BOM and Windows line endings, quoted cells kept whole', async () => {
    const csv = [
      '\uFEFFFirst Name;Last Name;E-mail;Contact Number;Organisation;Group',
      'Jörg;"Müller; Sohn";jorg@semi.example;9876511111;Acme Learning;Batch S',
      '"Zoë";"O\'Neil, Jr.";ZOE@semi.example;9876511112;Acme Learning;Batch S',
      ';;;;;',
      '',
    ].join('\r\n');
    const res = await uploadRoster(t, admin, Buffer.from(csv, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, rows: 2, created: 2, rejected: [] });
    expect(await names('semi.example')).toEqual([
      ['jorg@semi.example', 'Jörg', 'Müller; Sohn'],
      ['zoe@semi.example', 'Zoë', "O'Neil, Jr."],
    ]);
  });

  it('reads a tab-separated file, and empty cells after the last column', async () => {
    const csv = [
      'first name\tlast name\te-mail\tcontact number\torganisation\tgroup\t',
      'Tara\tTab\ttara@tab.example\t9876511113\tAcme Learning\tBatch S\t\t',
    ].join('\n');
    const res = await uploadRoster(t, admin, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('tab.example')).toEqual([['tara@tab.example', 'Tara', 'Tab']]);
  });

  it('reads a file saved in the Windows code page without turning its letters into U+FFFD', async () => {
    const csv = `${HEADER}\r\nJosé,Müller,jose@cp1252.example,9876511114,Acme Learning,Batch S\r\n`;
    const res = await uploadRoster(t, admin, Buffer.from(csv, 'latin1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('cp1252.example')).toEqual([['jose@cp1252.example', 'José', 'Müller']]);
  });

  it('refuses a workbook uploaded in place of its CSV, saying so', async () => {
    const xlsx = Buffer.from(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<workbook/>') }),
    );
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    for (const [data, kind] of [
      [xlsx, '.xlsx or .ods'],
      [xls, '.xls'],
    ] as const) {
      const res = await uploadRoster(t, admin, data);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        `The file is a spreadsheet workbook (${kind}), not CSV: save it as CSV (comma or semicolon separated) and upload that.`,
      );
    }
  });

  it('still refuses an e-mail given twice in another case, naming the first line', async () => {
    const csv = [
      HEADER.replaceAll(',', ';'),
      'Dup;One;dup@semi2.example;9876511115;Acme Learning;Batch S',
      'Dup;Two;DUP@Semi2.example;9876511116;Acme Learning;Batch S',
    ].join('\r\n');
    const res = await uploadRoster(t, admin, csv);
    expect(res.statusCode).toBe(422);
    expect((res.json().report as RosterReport).rejected).toEqual([
      { line: 3, email: 'dup@semi2.example', reasons: ['The e-mail is also on line 2.'] },
    ]);
    expect(await names('semi2.example')).toEqual([]);
  });
});

describe('set-password links', () => {
  it('an invited user cannot sign in before setting a password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: 'nila.menon@acme.example', password: '!invited' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a weak password is refused with the spec rule; a good one signs in, once', async () => {
    const roster = await uploadRoster(t, admin, ROSTER);
    const link = (roster.json() as RosterReport).links.find((l) => l.email === 'nila.menon@acme.example')!;
    const token = tokenOf(link.link);
    const weak = await client.call({ method: 'POST', url: '/api/login/invite', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MESSAGES.passwordRule);
    const ok = await client.call({
      method: 'POST',
      url: '/api/login/invite',
      payload: { token, password: 'Welcome@123' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'SUCCESS', role: 'ROLE_CANDIDATE', userdetail: { firstname: 'Nila' } });
    const again = await client.call({
      method: 'POST',
      url: '/api/login/invite',
      payload: { token, password: 'Welcome@123' },
    });
    expect(again.statusCode).toBe(401);
    expect(await loginAs(t.app, 'nila.menon@acme.example', 'Welcome@123')).toBeTruthy();
    // Having a password, she gets no new link from a later roster.
    const later = (await uploadRoster(t, admin, ROSTER)).json() as RosterReport;
    expect(later.links.map((l) => l.email)).not.toContain('nila.menon@acme.example');
  });
});

describe('scheduling an imported test and taking it', () => {
  let testId: number;
  let groupId: number;
  let nila: string;
  const now = Date.now();
  const window = {
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 86_400_000).toISOString(),
  };
  beforeAll(async () => {
    const imported = await importPackage(t, admin, fixturePackage('qti3'));
    testId = imported.json().examId;
    const lists = await t.app.inject({ url: '/api/admin/tests', headers: bearer(admin) });
    expect(lists.statusCode).toBe(200);
    expect(lists.json().tests[0]).toMatchObject({
      id: testId,
      name: 'Imported Demo (QTI 3.0)',
      questions: 17,
      durationMinutes: 30,
    });
    groupId = lists.json().groups.find((g: { name: string }) => g.name === 'Batch A').id;
    nila = await loginAs(t.app, 'nila.menon@acme.example', 'Welcome@123');
  });

  const schedule = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/schedules', headers: bearer(admin), payload: body });

  it('refuses a test that is not an imported one, an unknown group and a window that does not fit', async () => {
    const base = { testId, groupId, ...window, durationMinutes: 20 };
    expect((await schedule({ ...base, testId: 1 })).statusCode).toBe(404);
    expect((await schedule({ ...base, groupId: 999_999 })).statusCode).toBe(404);
    const inverted = await schedule({ ...base, startsAt: window.endsAt, endsAt: window.startsAt });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe('endsAt: The window must end after it starts.');
    const long = await schedule({ ...base, durationMinutes: 2000 });
    expect(long.statusCode).toBe(400);
  });

  let examId: number;
  it('assigns the test to every member of the group with the schedule settings', async () => {
    const res = await schedule({
      testId,
      groupId,
      ...window,
      durationMinutes: 20,
      languages: ['en-IN', 'hi-IN'],
      attempts: 2,
      showScore: true,
      monitoring: { windowSwitchLimit: 3, photo_timer: 60, photo_action: 'S' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assigned: 3 });
    examId = res.json().examId;
    expect(examId).not.toBe(testId);
  });

  it('the candidate dashboard lists it as it lists demo tests', async () => {
    const home = await client.call({
      method: 'POST',
      url: '/api/dashboard/userHome',
      headers: bearer(nila),
      payload: { selectedTab: 'TEST' },
    });
    expect(home.statusCode).toBe(200);
    const lists = home.json() as DashboardLists;
    expect(lists.org.map((o) => o.org_name)).toEqual(['Acme Learning']);
    const group = lists.groups.find((g) => g.groupName === 'Batch A')!;
    expect(group.pending).toEqual([
      expect.objectContaining({
        examName: 'Imported Demo (QTI 3.0)',
        status: '000',
        statusLabel: 'NOT STARTED',
        available: true,
        languageLocale: 'en-IN,hi-IN',
      }),
    ]);
  });

  it('the candidate takes it without ever receiving an answer, and gets a score', async () => {
    const id = (
      await t.database.executeSql<{ id: number }>(
        "SELECT ue.id FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'nila.menon@acme.example' AND ue.exam_id = $1",
        [examId],
      )
    ).rows[0]!.id;
    const post = (url: string, payload: object) => client.call({ method: 'POST', url, headers: bearer(nila), payload });
    const opened = await post('/api/test/userTest', { examId: id, selectedLanguage: 'en-IN' });
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = opened.json().examDetail[0];
    expect(detail).toMatchObject({
      total_test_time: 1200,
      webproctoringcount: 3,
      showscore: 1,
      languages: ['en-IN', 'hi-IN'],
    });
    // Outlines before the start; the questions' content comes once the clock runs (ADR 0198).
    const outlines = decode<QuestionItem[]>(opened.json().quesData);
    expect(outlines).toHaveLength(17);
    expect(outlines.every((q) => q.qtext === '' && q.choicetext === '')).toBe(true);
    expect((await post('/api/test/startExam', { id, selectedLanguage: 'en-IN' })).statusCode).toBe(200);
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
    expect(items).toHaveLength(17);
    expect(JSON.stringify(items)).not.toMatch(/Paris|Rome|testCases|"hidden"|\[\[1,102\]/);
    // Descriptive questions that take only text, or only a file, say so to the view.
    expect(items.map((q) => q.questionContent)).toEqual(
      expect.arrayContaining([
        { fileUpload: false, textAnswer: true },
        { fileUpload: true, textAnswer: false },
      ]),
    );
    expect(items[5]!.questionContent).toBeNull();
    const monitoring = await post('/api/test/getMonitoringData', { userexamid: id });
    expect(monitoring.json().result).toMatchObject({ photo_timer: 60, photo_action: 'S' });
    const choice = (q: QuestionItem, text: string) =>
      q.choiceid.split('|^^|')[q.choicetext.split('|^^|').indexOf(text)]!;
    const [planet, primes, , , capitals] = items as [
      QuestionItem,
      QuestionItem,
      QuestionItem,
      QuestionItem,
      QuestionItem,
    ];
    const save = await post('/api/test/answeredQuestions', {
      id,
      changes: [
        { qid: planet.qid, seq: 1, answer: { selectedChoiceId: choice(planet, 'Mars') } },
        { qid: primes.qid, seq: 1, answer: { selectedChoiceId: `${choice(primes, '2')},${choice(primes, '5')}` } },
        { qid: capitals.qid, seq: 1, answer: { descriptiveText: 'paris|^^| Rome ' } },
      ],
    });
    expect(save.statusCode, save.body).toBe(200);
    const submitted = await post(`/api/result/submittest/${id}`, { status: '010', submitType: 'STANDARD' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Recorded answers (27 video, 28 spoken) are reviewed by people and left out of the machine's total.
    const recorded = items.filter((q) => q.qtypecode === 27 || q.qtypecode === 28);
    expect(recorded.length).toBeGreaterThan(0);
    const marks = 1 + 1 + 2 + 1 + 1 + 5 + 2 + 4 + 3 + 3 + 1 + 1 + 1 + 1 + 4 + 3 + 5;
    const recordedMarks = recorded.reduce((sum, q) => sum + q.qmarks, 0);
    expect(submitted.json().evaluation).toMatchObject({ obtainedMarks: 3, totalMarks: marks - recordedMarks });
  });

  it('a second attempt follows the first (attempts: 2), and no third', async () => {
    const attempts = async () =>
      (
        await t.database.executeSql<{ attempt_no: number; status: string }>(
          "SELECT ue.attempt_no, ue.status FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'nila.menon@acme.example' AND ue.exam_id = $1 ORDER BY attempt_no",
          [examId],
        )
      ).rows;
    expect(await attempts()).toEqual([
      { attempt_no: 1, status: '010' },
      { attempt_no: 2, status: '000' },
    ]);
    const second = (
      await t.database.executeSql<{ id: number }>(
        "SELECT ue.id FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'nila.menon@acme.example' AND ue.attempt_no = 2 AND ue.exam_id = $1",
        [examId],
      )
    ).rows[0]!.id;
    const post = (url: string, payload: object) => client.call({ method: 'POST', url, headers: bearer(nila), payload });
    await post('/api/test/startExam', { id: second, selectedLanguage: 'en-IN' });
    await post('/api/test/userTest', { examId: second });
    await post(`/api/result/submittest/${second}`, { status: '010', submitType: 'STANDARD' });
    expect((await attempts()).map((a) => a.status)).toEqual(['010', '010']);
  });

  it('a member a later roster adds to the group gets the scheduled test', async () => {
    const more = `${ROSTER}\nRia,Das,ria.das@acme.example,9876512350,Acme Learning,Batch A`;
    expect((await uploadRoster(t, admin, more)).statusCode).toBe(200);
    const { rows } = await t.database.executeSql<{ n: number }>(
      "SELECT count(*)::int AS n FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'ria.das@acme.example' AND ue.exam_id = $1",
      [examId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('every admin call is audited with who made it and the answer', async () => {
    await t.app.ctx.repositories.events.flush();
    const { rows } = await t.database.executeSql<{ kind: string; actor_id: number | null; status: number }>(
      "SELECT kind, actor_id, (data->>'status')::int AS status FROM attempt_events WHERE kind LIKE 'admin.%' ORDER BY id",
    );
    const kinds = new Set(rows.map((r) => `${r.kind} ${r.status}`));
    for (const k of [
      'admin.post /api/admin/rosters 200',
      'admin.post /api/admin/rosters 422',
      'admin.post /api/admin/imports 200',
      'admin.get /api/admin/tests 200',
      'admin.post /api/admin/schedules 200',
      'admin.post /api/admin/schedules 404',
      'admin.post /api/admin/schedules 400',
    ])
      expect(kinds, k).toContain(k);
    expect(rows.every((r) => r.actor_id !== null)).toBe(true);
  });
});
