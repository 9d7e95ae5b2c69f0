import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptId, EXAMS } from './exam/support.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * Calls made as the spec's client or a careless caller makes them (sections 5, 7 and 8): the
 * spec's texts where it names one, otherwise a 4xx whose message names what is wrong.
 */
describe('the API as the spec words it', () => {
  let t: TestApp;
  let candidate: string;

  beforeAll(async () => {
    t = await createTestApp();
    candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(async () => t?.close());

  describe('section 8: a 401 carries the session-expired notice', () => {
    it.each([
      ['no token', {}],
      ['an unknown token', bearer('never-issued-token-never-issued-token-xx')],
    ])('%s', async (_what, headers) => {
      const res = await t.app.inject({ url: '/api/dashboard/getProfile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Session expired. Please login again!',
      });
    });
  });

  describe("section 7: POST /login's regen flag", () => {
    const login = (regen: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userName: DEMO.support.email, password: DEMO.support.password, regen },
      });

    it('null, 0 and "false" are no regen: a second sign-in is told it is already logged in', async () => {
      expect((await login(true)).statusCode).toBe(200);
      for (const regen of [null, 0, 'false', false]) {
        const res = await login(regen);
        expect(res.statusCode).toBe(409);
        expect(res.json().status).toBe('User Already logged in, logout to proceed further or contact support');
      }
    });

    it('1 and "true" re-log in, as true does', async () => {
      for (const regen of [1, 'true']) {
        const res = await login(regen);
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe('Token Regenerate complete successfully');
      }
    });

    it('another value is a 400 naming the flag', async () => {
      const res = await login('yes');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^regen: /);
    });
  });

  describe('section 5: a password change whose confirmation differs', () => {
    const change = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/dashboard/updatePassword', payload, headers: bearer(candidate) });
    const password = DEMO.candidate.password;

    it("is 400 'Password does not match' and changes nothing", async () => {
      const res = await change({ oldPassword: password, newPassword: 'Changed@123', confirmPassword: 'Changed@124' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password does not match');
      // the old password still stands: changing it to itself with a matching confirmation works
      const same = await change({ oldPassword: password, newPassword: password, confirmPassword: password });
      expect(same.json()).toEqual({ oldMatch: true, update: true });
    });
  });

  describe('section 4: 011 Time Out is the server clock’s to say', () => {
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(candidate) });
    const deadlineIn = (id: number, seconds: number) =>
      t.database.executeSql(`UPDATE user_exams SET deadline_at = now() + make_interval(secs => $2) WHERE id = $1`, [
        id,
        seconds,
      ]);

    it('a submit claiming 011 with most of the time left is recorded as finished (010)', async () => {
      const id = await attemptId(t, DEMO.candidate.email, EXAMS.windowSwitch);
      expect((await call('/api/test/startExam', { id, selectedLanguage: 'en-IN' })).statusCode).toBe(200);
      const res = await call(`/api/result/submittest/${id}`, { submitType: 'STANDARD', status: '011' });
      expect(res.statusCode).toBe(200);
      expect(res.json().examStatus).toBe('010');
    });

    it('a submit claiming 011 as the countdown ends (a few seconds either side) stays 011', async () => {
      const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
      expect((await call('/api/test/startExam', { id, selectedLanguage: 'en-IN' })).statusCode).toBe(200);
      await deadlineIn(id, 3);
      const res = await call(`/api/result/submittest/${id}`, { submitType: 'STANDARD', status: '011' });
      expect(res.json().examStatus).toBe('011');
    });
  });

  describe('ids the spec keeps in session storage may come as strings of digits', () => {
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(candidate) });

    it('userHome and the menu action take organizationId / org "2"', async () => {
      const home = await call('/api/dashboard/userHome', { selectedTab: 'TEST', organizationId: '2' });
      expect(home.statusCode).toBe(200);
      expect(home.json().latestOrg).toBe(2);
      const menu = await call('/api/dashboard/menu', { newValue: 'Completed', org: '1' });
      expect(menu.statusCode).toBe(200);
      expect(menu.json().latestOrg).toBe(1);
    });

    it('updateProfile takes userInfoID and orgId as strings', async () => {
      const res = await call('/api/dashboard/updateProfile', {
        firstName: 'Asha',
        lastName: 'Rao',
        contactNumber: '9876543210',
        userInfoID: '1',
        email: DEMO.candidate.email,
        orgId: '1',
      });
      expect(res.json()).toEqual({ success: true, message: 'User data updated successfully' });
    });

    it('practice takes the practice test id as a string; anything else is still refused', async () => {
      const home = await call('/api/dashboard/userHome', { selectedTab: 'PRACTISE' });
      const practice = String(home.json().practice[0].id);
      const res = await call('/api/dashboard/practice', { practice });
      expect(res.json()).toMatchObject({ success: true, message: 'Exam is assigned' });
      const again = await call('/api/dashboard/practice', { practice });
      expect(again.json()).toMatchObject({ success: false, message: 'Exam is already assigned hence cant assign' });
      for (const bad of ['1e2', ' 7', '0x47', true])
        expect((await call('/api/dashboard/practice', { practice: bad })).statusCode).toBe(400);
    });
  });

  describe('a body matching none of a call’s forms names the field', () => {
    const post = (url: string, payload: unknown, token = candidate) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

    it('answeredQuestions without its answers', async () => {
      const res = await post('/api/test/answeredQuestions', { id: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^changes: /);
    });

    it('answeredQuestions with a word for its id', async () => {
      const res = await post('/api/test/answeredQuestions', { id: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^id: /);
    });

    it('independent-resultprocess without the attempt', async () => {
      const res = await post('/api/result/independent-resultprocess', { submitType: 'MONGODB_SKIPPED' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^userExamId: Invalid input: expected \w+, received undefined$/);
    });
  });

  describe('section 7: uploadaudio and uploadvideo sent as the spec sends them (multipart)', () => {
    function multipart(fields: Record<string, string>, file?: { field: string; name: string; bytes: Buffer }) {
      const boundary = '----spec-api-conformance';
      const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      );
      if (file)
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from('\r\n'),
        );
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return {
        payload: Buffer.concat(parts),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    }

    const upload = (url: string, body: ReturnType<typeof multipart>) =>
      t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...bearer(candidate), ...body.headers } });
    const fields = { examId: '91', questionNo: '1', windowSwitchCount: '0', remainingTime: '600' };

    it("an empty audio file is 'Uploaded audio file is empty' (noAudio)", async () => {
      const res = await upload(
        '/api/test/uploadaudio',
        multipart(fields, { field: 'file', name: 'a_b_91_1.wav', bytes: Buffer.alloc(0) }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: 'Uploaded audio file is empty', type: 'noAudio' });
    });

    it('no audio file at all is the same', async () => {
      const res = await upload('/api/test/uploadaudio', multipart(fields));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Uploaded audio file is empty');
    });

    it('an empty video file is corruptVideo', async () => {
      const res = await upload(
        '/api/test/uploadvideo',
        multipart(fields, { field: 'video', name: 'v.mp4', bytes: Buffer.alloc(0) }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().type).toBe('corruptVideo');
    });

    it('a recording in the body is 415 naming the resumable upload, with the spec’s many fields', async () => {
      const many = { ...fields, examDetail: 'e'.repeat(100_000), testData: 't'.repeat(100_000), userImage: 'x' };
      for (const [url, field] of [
        ['/api/test/uploadaudio', 'file'],
        ['/api/test/uploadvideo', 'video'],
      ] as const) {
        const res = await upload(url, multipart(many, { field, name: 'r.bin', bytes: Buffer.alloc(3_000_000, 1) }));
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toContain('uploadId');
      }
    });
  });
});
