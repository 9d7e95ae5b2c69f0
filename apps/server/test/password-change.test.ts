import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@invigil/contracts';
import { newToken } from '../src/lib/tokens.ts';
import { bearer, createTestApp, DEMO, dbKind, loginAs, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxLoginAttempts: 3, lockMinutes: 15 });
});
afterAll(async () => t?.close());

const change = (token: string, oldPassword: string, newPassword = 'Changed@123') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/updatePassword',
    headers: bearer(token),
    payload: { oldPassword, newPassword },
  });
const profile = (token: string) => t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) });

/** Another device's session of the same user (the single-session rule allows one by sign-in). */
async function otherSession(email: string): Promise<string> {
  const { users, sessions } = t.app.ctx.repositories;
  const user = await users.findByEmail(email);
  const token = newToken();
  await sessions.create(user!.id, token, { userAgent: 'other device' });
  return token;
}

describe(`password change (${dbKind})`, () => {
  it('ends every other session of the user and keeps the one that changed it', async () => {
    const mine = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const other = await otherSession(DEMO.candidate.email);
    const stranger = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    expect((await profile(other)).statusCode).toBe(200);

    const res = await change(mine, DEMO.candidate.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ oldMatch: true, update: true });

    expect((await profile(mine)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(stranger)).statusCode).toBe(200);
    const { rows } = await t.database.executeSql<{ revoked_reason: string }>(
      `SELECT revoked_reason FROM sessions WHERE user_agent = 'other device'`,
    );
    expect(rows[0]?.revoked_reason).toBe('password-change');
  });

  it('does not end other sessions when the old password is wrong', async () => {
    const mine = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const other = await otherSession(DEMO.support.email);
    expect((await change(mine, 'Wrong@1234')).json()).toEqual({ oldMatch: false, update: false });
    expect((await profile(other)).statusCode).toBe(200);
  });

  it('locks after MAX_LOGIN_ATTEMPTS wrong old passwords, as sign-in does (423, the spec lock message)', async () => {
    const mine = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    const replies = [];
    for (let i = 0; i < 4; i++) {
      const res = await change(mine, `Guess@${i}0000`);
      replies.push([res.statusCode, res.json().message ?? res.json().oldMatch]);
    }
    expect(replies).toEqual([
      [200, false],
      [200, false],
      [423, MESSAGES.locked],
      [423, MESSAGES.locked],
    ]);
    // Locked: even the right old password is refused, and so is sign-in, until the period runs out.
    expect((await change(mine, DEMO.admin.password)).statusCode).toBe(423);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: DEMO.admin.email, password: DEMO.admin.password, regen: true },
    });
    expect(signIn.statusCode).toBe(423);
    // The session that guessed is not ended by the lock.
    expect((await profile(mine)).statusCode).toBe(200);
    await t.database.executeSql(`UPDATE users SET locked_until = now() - interval '1 second' WHERE email = $1`, [
      DEMO.admin.email,
    ]);
    expect((await change(mine, DEMO.admin.password)).json()).toEqual({ oldMatch: true, update: true });
  });

  it('documents 423 for the password change', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/dashboard/updatePassword'].post.responses)).toContain('423');
  });
});
