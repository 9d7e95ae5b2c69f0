import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ALREADY, LOGIN_REGENERATED, MESSAGES } from '@invigil/contracts';
import { bearer, createTestApp, DEMO, dbKind, loginAs, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxLoginAttempts: 5, lockMinutes: 15 });
});
afterAll(async () => t?.close());

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });

describe(`sign-in (${dbKind})`, () => {
  it('succeeds with the spec fields, lowercasing the username', async () => {
    const res = await login({ userName: 'Candidate@Example.com', password: DEMO.candidate.password, regen: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(LOGIN_REGENERATED);
    expect(body).toMatchObject({
      role: 'ROLE_CANDIDATE',
      userdetail: { firstname: 'Asha', lastname: 'Rao', email: 'candidate@example.com' },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(typeof body.userId).toBe('number');
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('answers the spec message for a wrong password with remainingAttempts, and the same for an unknown user', async () => {
    const wrong = await login({ userName: DEMO.support.email, password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: MESSAGES.wrongCredentials, remainingAttempts: 4 });
    const unknown = await login({ userName: 'nobody@example.com', password: 'nope' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MESSAGES.wrongCredentials);
    // The same count as a real account's first failure (login-enumeration.test.ts).
    expect(unknown.json().remainingAttempts).toBe(4);
    // A correct password resets the count.
    expect(
      (await login({ userName: DEMO.support.email, password: DEMO.support.password, regen: true })).statusCode,
    ).toBe(200);
    expect((await login({ userName: DEMO.support.email, password: 'nope' })).json().remainingAttempts).toBe(4);
  });

  it('locks after repeated failures with the spec messages, and unlocks when the period has passed', async () => {
    const email = DEMO.admin.email;
    const seen: Array<[number, string]> = [];
    for (let i = 0; i < 5; i++) {
      const res = await login({ userName: email, password: 'bad' });
      seen.push([res.json().remainingAttempts, res.json().message]);
    }
    expect(seen.map((s) => s[0])).toEqual([4, 3, 2, 1, 0]);
    expect(seen[3]![1]).toBe(MESSAGES.lastAttempt);
    expect(seen[4]![1]).toBe(MESSAGES.locked);
    const locked = await login({ userName: email, password: DEMO.admin.password });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe(MESSAGES.locked);
    // Move the lock into the past, as if the period had run out.
    await t.database.executeSql(`UPDATE users SET locked_until = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);
    const after = await login({ userName: email, password: DEMO.admin.password, regen: true });
    expect(after.statusCode).toBe(200);
    expect((await login({ userName: email, password: 'bad' })).json().remainingAttempts).toBe(4);
  });

  it('allows one active session: a second sign-in is refused until regen, which revokes the first token', async () => {
    const first = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    const again = await login({ userName: DEMO.candidate2.email, password: DEMO.candidate2.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe(LOGIN_ALREADY);
    expect(again.json().token).toBeUndefined();
    const ok = await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(first) });
    expect(ok.statusCode).toBe(200);
    const regen = await login({ userName: DEMO.candidate2.email, password: DEMO.candidate2.password, regen: true });
    expect(regen.json().status).toBe(LOGIN_REGENERATED);
    const replaced = await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(first) });
    expect(replaced.statusCode).toBe(401);
    const fresh = await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(regen.json().token) });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 401 for a missing, malformed or forged token', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
      bearer('forged-token-value-that-was-never-issued'),
    ]) {
      const res = await t.app.inject({ url: '/api/dashboard/getProfile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('expires a session after the idle period', async () => {
    const token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    await t.database.executeSql(`UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE revoked_at IS NULL`);
    expect((await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) })).statusCode).toBe(401);
    // An idle session no longer blocks a new sign-in.
    expect((await login({ userName: DEMO.candidate.email, password: DEMO.candidate.password })).statusCode).toBe(200);
  });

  it('logs out with status Logout; the token stops working and a new sign-in needs no regen', async () => {
    const token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const out = await t.app.inject({ url: '/api/login/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'Logout' });
    expect((await t.app.inject({ url: '/api/login/logout', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login({ userName: DEMO.candidate.email, password: DEMO.candidate.password })).statusCode).toBe(200);
  });

  it('stores only hashes of passwords and tokens', async () => {
    const token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const { rows } = await t.database.executeSql(`SELECT password_hash FROM users`);
    expect(rows.every((r) => String(r.password_hash).startsWith('scrypt$'))).toBe(true);
    const sessions = await t.database.executeSql(`SELECT token_hash FROM sessions`);
    expect(sessions.rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it.each([
    ['no body', undefined],
    ['empty object', {}],
    ['missing password', { userName: 'a@b.co' }],
    ['wrong types', { userName: 5, password: true }],
    ['regen not boolean', { userName: 'a@b.co', password: 'x', regen: 'yes' }],
    ['oversized username', { userName: 'a'.repeat(500), password: 'x' }],
  ])('answers 400 with a message for a bad body: %s', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: payload as object | undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message.length).toBeGreaterThan(3);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers 400 for invalid JSON and 413 for a body over the limit', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ userName: 'x', password: 'y'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('sign-in rate limit per IP', () => {
  it('answers 429 past the per-minute limit', async () => {
    const limited = await createTestApp({ loginRatePerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { userName: 'x@y.zz', password: 'p' },
            })
          ).statusCode,
        );
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
