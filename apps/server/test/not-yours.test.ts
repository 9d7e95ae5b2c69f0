import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaff, permitted } from '../src/policies/actor.ts';
import { attemptPolicy } from '../src/policies/attempt.policy.ts';
import { mediaPolicy } from '../src/policies/media.policy.ts';
import { resultPolicy } from '../src/policies/result.policy.ts';
import { userPolicy } from '../src/policies/user.policy.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, EXAMS } from './exam/support.ts';

describe('policies (ADR 0050)', () => {
  const asha = { id: 1, role: 'ROLE_CANDIDATE' };
  const ravi = { id: 2, role: 'ROLE_CANDIDATE' };
  const support = { id: 3, role: 'ROLE_SUPPORT' };
  const admin = { id: 4, role: 'ROLE_SUPERADMIN' };
  const ashas = { userId: 1 };

  it('staff is support and super administrators, nobody else', () => {
    expect([asha, support, admin].map(isStaff)).toEqual([false, true, true]);
  });

  it('an attempt is taken by its candidate only; read also by staff', () => {
    expect(attemptPolicy.take(asha.id, ashas)).toBe(true);
    expect(attemptPolicy.take(ravi.id, ashas)).toBe(false);
    expect(attemptPolicy.take(support.id, ashas)).toBe(false);
    expect([asha, ravi, support, admin].map((a) => attemptPolicy.read(a, ashas))).toEqual([true, false, true, true]);
  });

  it('results, media and users follow the same owner-or-staff lines', () => {
    expect(resultPolicy.read(ravi.id, ashas)).toBe(false);
    expect([asha, ravi, support, admin].map((a) => resultPolicy.regenerate(a, ashas))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect([asha, ravi, support].map((a) => mediaPolicy.read(a, ashas))).toEqual([true, false, true]);
    expect([asha, ravi, support].map((a) => mediaPolicy.store(a.id, ashas))).toEqual([true, false, false]);
    expect(userPolicy.change(asha, 1)).toBe(true);
    expect(userPolicy.change(support, 1)).toBe(false);
  });

  it('not allowed and missing throw the same 404', () => {
    const refuse = (r: { userId: number } | null) => () => permitted(r, (x) => attemptPolicy.take(2, x), 'Gone.');
    expect(refuse(ashas)).toThrow(expect.objectContaining({ statusCode: 404, message: 'Gone.' }));
    expect(refuse(null)).toThrow(expect.objectContaining({ statusCode: 404, message: 'Gone.' }));
    expect(permitted(ashas, (x) => attemptPolicy.take(1, x), 'Gone.')).toBe(ashas);
  });
});

describe("another candidate's attempt, result and media answer as missing ones", () => {
  let t: TestApp;
  let asha: string;
  let ravi: string;
  let support: string;
  let id: number;
  let fileUrl: string;
  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    id = await attemptId(t, DEMO.candidate.email, EXAMS.windowSwitch);
    expect((await post('/api/test/startExam', asha, { id })).statusCode).toBe(200);
    const opened = await post('/api/test/userTest', asha, { examId: id });
    const qid = decode<Array<{ qid: number }>>(opened.json().quesData)[0]?.qid;
    const boundary = '----notyours';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="upl"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`;
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/result/uploadfile',
      headers: {
        ...bearer(asha),
        filename: `${id}_${qid}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(up.statusCode).toBe(200);
    fileUrl = up.json().file_url;
  });
  afterAll(async () => t?.close());

  it('attempt: 404 "Test not found." for the other candidate, as for an id that does not exist', async () => {
    const foreign = await post('/api/test/answeredQts', ravi, { id });
    const missing = await post('/api/test/answeredQts', ravi, { id: 99_999_999 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toMatchObject({ message: 'Test not found.' });
    expect((await post('/api/test/answeredQts', asha, { id })).statusCode).toBe(200);
  });

  it('result: 404 for the other candidate; staff may have it scored again once submitted', async () => {
    const foreign = await get(`/api/result/status/${id}`, ravi);
    const missing = await get('/api/result/status/99999999', ravi);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await post('/api/test/manualGenerateResult', ravi, { id })).statusCode).toBe(404);
    // Support passes the policy; the attempt is still in progress, so the answer is the 409 rule.
    expect((await post('/api/test/manualGenerateResult', support, { id })).statusCode).toBe(409);
  });

  it('media: 404 "File not found." for the other candidate; staff may read it', async () => {
    const foreign = await get(fileUrl, ravi);
    const missing = await get(fileUrl.replace(/\/[^/]+$/, '/0-none.pdf'), asha);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, message: 'File not found.' });
    expect(missing.json()).toEqual(foreign.json());
    expect((await get(fileUrl, support)).statusCode).toBe(200);
    expect((await get(fileUrl, asha)).statusCode).toBe(200);
  });

  it('proctoring media: the other candidate gets 404 "User exam not found.", never 403', async () => {
    const foreign = await post('/api/test/sendPrimaryImage', ravi, { userexamid: id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'User exam not found.' });
  });
});
