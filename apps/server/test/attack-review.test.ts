import { AnalysisInputError, type Analyzer } from '@invigil/analysis';
import { MESSAGES, type RosterReport } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { uploadRoster } from './content/admin-calls.ts';
import { createUpload, FakeFrames, patch, recordingAttempt, tusHeaders, userId } from './recordings/support.ts';

/**
 * Attack review 2 (ADR 0180, docs/security-review.md): the attacks on the newest surfaces that
 * found a hole, each kept as a regression test here or beside the code it fixed.
 */
let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp({}, { analyzer: new FakeFrames() as unknown as Analyzer });
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
});
afterAll(() => t?.close());

const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split('/').pop()!;

describe('tus uploads: the upload Fastify authorised is the one tus touches', () => {
  it("a query or extra segment naming another candidate's upload never reaches it", async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const r = await recordingAttempt(t, DEMO.candidate2.email);
    const mine = idOf(
      await createUpload(t.app, ravi, { attempt: r.userExamId, question: r.spoken, kind: 'audio' }, 10),
    );
    const theirs = idOf(
      await createUpload(t.app, asha, { attempt: a.userExamId, question: a.spoken, kind: 'audio' }, 10),
    );
    const offsetOf = async (id: string, token: string) =>
      (await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) })).headers[
        'upload-offset'
      ];
    const url = `/api/uploads/${mine}?x=/${theirs}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...tusHeaders(ravi), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('EVIL'),
    });
    // The bytes went to Ravi's own upload, the one Fastify authorised.
    expect(res.statusCode).toBe(204);
    expect(await offsetOf(mine, ravi)).toBe('4');
    expect(await offsetOf(theirs, asha)).toBe('0');
    expect((await t.app.inject({ method: 'DELETE', url, headers: tusHeaders(ravi) })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/uploads/${mine}`, headers: tusHeaders(ravi) })).statusCode,
    ).toBe(404);
    // Asha's upload is untouched: no byte written, not deleted.
    expect(await offsetOf(theirs, asha)).toBe('0');
    expect(await patch(t.app, asha, theirs, 0, Buffer.from('0123456789')).then((x) => x.statusCode)).toBe(204);
  });
});

describe('set-password links', () => {
  const ROSTER = [
    'first name,last name,e-mail,contact number,organisation,group',
    'Tara,Iyer,tara.iyer@review.example,9876500001,Review Org,Batch R',
  ].join('\n');
  const invite = (payload: object) => t.app.inject({ method: 'POST', url: '/api/login/invite', payload });

  it('an expired link is refused with the clear message, and sets nothing', async () => {
    const admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    const report = (await uploadRoster(t, admin, ROSTER)).json() as RosterReport;
    const token = new URL(report.links[0]!.link).searchParams.get('invite')!;
    await t.database.executeSql(`UPDATE user_invites SET expires_at = now() - interval '1 second'`);
    const res = await invite({ token, password: 'Welcome@123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.inviteInvalid);
    const { rows } = await t.database.executeSql<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      ['tara.iyer@review.example'],
    );
    expect(rows[0]!.password_hash).toBe('!invited');
  });

  it('a token of the wrong shape is 400 before any lookup; a guessed one is 401', async () => {
    for (const token of ['', 'x'.repeat(5000), '../../etc/passwd', { $ne: null }]) {
      const res = await invite({ token, password: 'Welcome@123' });
      expect(res.statusCode, JSON.stringify(token).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(/token/);
    }
    const guessed = await invite({ token: 'A'.repeat(43), password: 'Welcome@123' });
    expect(guessed.statusCode).toBe(401);
  });
});

describe('set-password guessing is rate limited', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ loginRatePerMinute: 3 });
  });
  afterAll(() => limited?.close());

  it('the fourth try in a minute from one address is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/login/invite',
            payload: { token: 'B'.repeat(43), password: 'Welcome@123' },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('single-face and face-match are not an unmetered oracle (ADR 0190)', () => {
  /** Answers single-face with one face; face-match finds no face (400). Counts the calls that reach it. */
  const engine = {
    calls: 0,
    async singleFace() {
      engine.calls++;
      return { face_detected: true, multiple_faces: false, face_count: 1, object_detected: false, object_names: [] };
    },
    async faceMatch(): Promise<never> {
      engine.calls++;
      throw new AnalysisInputError('NO_FACE', 'No face was found in the current picture.');
    },
    async stats() {
      return {};
    },
    async close() {},
  };
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ faceAnalysisPerMinute: 4 }, { analyzer: engine as unknown as Analyzer });
  });
  afterAll(() => limited?.close());

  it('past the per-user budget both routes answer 429 with Retry-After; another user is unaffected', async () => {
    const a = await loginAs(limited.app, DEMO.candidate.email, DEMO.candidate.password);
    const r = await loginAs(limited.app, DEMO.candidate2.email, DEMO.candidate2.password);
    const single = (token: string, payload: object = { primaryImage: 'AAAA' }) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/facial-analysis/single-face',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const match = (token: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/facial-analysis/face-match',
        headers: { authorization: `Bearer ${token}` },
        payload: { primaryImage: 'AAAA', currentImage: 'AAAA' },
      });
    // one budget over both routes: two of each, whatever their outcome
    expect([(await single(a)).statusCode, (await single(a)).statusCode]).toEqual([200, 200]);
    expect([(await match(a)).statusCode, (await match(a)).statusCode]).toEqual([400, 400]);
    expect(engine.calls).toBe(4);
    for (const res of [await single(a), await match(a), await single(a, {})]) {
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Too many face analysis requests: at most 4 per minute. Try again in ${wait} seconds.`,
        retryAfter: wait,
      });
    }
    // refused before the analysis (and before the body is read: an empty body is 429, not 400)
    expect(engine.calls).toBe(4);
    const other = await single(r);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ face_count: 1 });
    expect(engine.calls).toBe(5);
  });
});

describe('held: probes that must stay 4xx with a clear message (never 500)', () => {
  it('export ids, signed media links and imported-media paths', async () => {
    const admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    const probes: Array<[string, string, number]> = [
      ['GET', '/api/admin/tests/-1/export', 400],
      ['GET', '/api/admin/tests/abc/export', 400],
      ['GET', '/api/admin/tests/99999999999999999999/export', 400],
      ['GET', '/api/admin/tests/2147483647/export', 404],
      ['GET', '/api/media/signed/answer-files/1/1/1-a.pdf', 403],
      ['GET', `/api/media/signed/answer-files/1/1/1-a.pdf?exp=99999999999&d=i&sig=${'0'.repeat(64)}`, 403],
      ['GET', `/api/media/signed/..%2F..%2Fsecrets%2Fmedia-url?exp=1&d=a&sig=${'a'.repeat(64)}`, 403],
      ['GET', '/media/items/..%2F..%2Fsecrets%2Fauto-login', 404],
      ['GET', '/media/items/0123456789abcdef0123456789abcdef/1-x.svg', 404],
    ];
    const failures: string[] = [];
    for (const [method, url, status] of probes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      if (res.statusCode !== status || !res.json().message)
        failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('held: a monitored attempt cannot be taken around its camera setup', () => {
  it('no start, resume, answer, file, recording or picture check before the setup', async () => {
    const { rows: exam } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored review', 1800, '{"monitoringflag":1,"photo_timer":20}'::jsonb) RETURNING id`,
    );
    const { rows: q } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO questions (exam_id, position, qtype_code, qtype_name, text, marks) VALUES ($1, 1, 28, 'Spoken Answer', 'Say', 1) RETURNING id`,
      [exam[0]!.id],
    );
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO user_exams (user_id, exam_id, status, expires_at)
       SELECT id, $1, '000', now() + interval '1 day' FROM users WHERE email = $2 RETURNING id`,
      [exam[0]!.id, DEMO.candidate.email],
    );
    const id = Number(rows[0]!.id);
    const qid = Number(q[0]!.id);
    const headers = { authorization: `Bearer ${asha}` };
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
    const results = {
      start: (await post('/api/test/startExam', { id })).statusCode,
      resume: (await post('/api/test/resumeExam', { id })).statusCode,
      save: (await post('/api/test/answeredQuestions', { id, changes: [{ qid, seq: 1, answer: {} }] })).statusCode,
      next: (await post('/api/test/nextQuestion', { id, qid, seq: 1, answer: {} })).statusCode,
      photo: (await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: 'AAAA' })).statusCode,
      upload: (await createUpload(t.app, asha, { attempt: id, question: qid, kind: 'audio' }, 10)).statusCode,
    };
    // nextQuestion is the adaptive tests' call: this one is not adaptive (400) before anything else.
    expect(results).toEqual({ start: 409, resume: 409, save: 409, next: 400, photo: 409, upload: 409 });
    const { rows: after } = await t.database.executeSql<{ status: string }>(
      'SELECT status FROM user_exams WHERE id = $1',
      [id],
    );
    expect(after[0]!.status).toBe('000');
  });
});

describe('held: tus uploads hold to the size they declared', () => {
  it('more bytes than declared, a far offset or a changed length are 4xx and write nothing', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const id = idOf(await createUpload(t.app, asha, { attempt: a.userExamId, question: a.spoken, kind: 'audio' }, 10));
    const send = (offset: string, bytes: Buffer, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: {
          ...tusHeaders(asha),
          'upload-offset': offset,
          'content-type': 'application/offset+octet-stream',
          ...extra,
        },
        payload: bytes,
      });
    const statuses = [
      (await send('0', Buffer.alloc(20, 1))).statusCode,
      (await send('999999999999', Buffer.alloc(1))).statusCode,
      (await send('0', Buffer.alloc(5), { 'upload-length': '30000000' })).statusCode,
    ];
    for (const s of statuses) expect(s >= 400 && s < 500, String(statuses)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(asha) });
    expect(head.headers['upload-length']).toBe('10');
    expect(Number(head.headers['upload-offset'])).toBeLessThanOrEqual(10);
  });
});

describe('held: uploadImg and the open-upload cap', () => {
  const still = (token: string, name: string, bytes: Buffer) => {
    const boundary = '----review';
    return t.app.inject({
      method: 'POST',
      url: '/api/test/uploadImg',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('a still named for another user, or a page of HTML named .jpg, is refused', async () => {
    const r = await recordingAttempt(t, DEMO.candidate2.email);
    const ashaId = await userId(t, DEMO.candidate.email);
    const raviId = await userId(t, DEMO.candidate2.email);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const foreign = await still(ravi, `${ashaId}_${r.userExamId}_${r.video}.jpg`, jpeg);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The file name must start with your own user id.');
    const html = await still(
      ravi,
      `${raviId}_${r.userExamId}_${r.video}.jpg`,
      Buffer.from('<script>alert(1)</script>'),
    );
    expect(html.statusCode).toBe(415);
  });

  it('the eleventh unfinished upload of one candidate is 429', async () => {
    const r = await recordingAttempt(t, DEMO.candidate2.email);
    await t.database.executeSql(`DELETE FROM media_uploads WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
      DEMO.candidate2.email,
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await createUpload(t.app, ravi, { attempt: r.userExamId, question: r.spoken, kind: 'audio' }, 10)).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});
