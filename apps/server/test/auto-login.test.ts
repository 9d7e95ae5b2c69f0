import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@invigil/contracts';
import { loadConfig } from '../src/config.ts';
import { autoLoginKey, signAutoLogin, verifyAutoLogin } from '../src/modules/auth/auto-login.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = autoLoginKey(t.config.dataDir);
});
afterAll(async () => t?.close());

const auto = (payload: object) => t.app.inject({ method: 'POST', url: '/api/login/auto', payload });

it('signs in with a link signed today', async () => {
  const res = await auto({ ...signAutoLogin(key, 'candidate@example.com'), regen: true });
  expect(res.statusCode).toBe(200);
  expect(res.json().userdetail.firstname).toBe('Asha');
});

it('refuses a tampered e-mail, a forged signature and a link from another day', async () => {
  const good = signAutoLogin(key, 'candidate@example.com');
  const otherEmail = { ...good, email: Buffer.from('admin@example.com').toString('base64') };
  expect((await auto(otherEmail)).json().message).toBe(MESSAGES.autoLoginInvalid);
  const forged = signAutoLogin('not-the-key', 'admin@example.com');
  expect((await auto(forged)).statusCode).toBe(401);
  const yesterday = signAutoLogin(key, 'candidate@example.com', new Date(Date.now() - 86_400_000 * 2));
  const stale = await auto(yesterday);
  expect(stale.statusCode).toBe(401);
  expect(stale.json().message).toBe(MESSAGES.autoLoginExpired);
});

it('answers 400 for an unsigned link', async () => {
  const res = await auto({ ref: String(Date.now()), email: Buffer.from('candidate@example.com').toString('base64') });
  expect(res.statusCode).toBe(400);
});

it('keeps the key stable under the data directory', () => {
  expect(autoLoginKey(t.config.dataDir)).toBe(key);
  expect(autoLoginKey(t.config.dataDir, loadConfig({ AUTO_LOGIN_SECRET: 'from-env' }).autoLoginSecret)).toBe(
    'from-env',
  );
});

describe('single use and a short life (issue 11)', () => {
  it('refuses a link the second time, with the expired-link message', async () => {
    const link = signAutoLogin(key, 'candidate@example.com');
    const first = await auto({ ...link, regen: true });
    expect(first.statusCode).toBe(200);
    const second = await auto({ ...link, regen: true });
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(MESSAGES.autoLoginExpired);
    expect(second.json().token).toBeUndefined();
    // The first session is untouched by the refused replay.
    const profile = await t.app.inject({
      url: '/api/dashboard/getProfile',
      headers: { authorization: `Bearer ${first.json().token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('is not used up by the "already signed in" answer, which the client follows with regen', async () => {
    const link = signAutoLogin(key, 'candidate@example.com');
    const busy = await auto(link);
    expect(busy.statusCode).toBe(409);
    expect((await auto({ ...link, regen: true })).statusCode).toBe(200);
    expect((await auto({ ...link, regen: true })).statusCode).toBe(401);
  });

  it(`refuses a link older than AUTO_LOGIN_TTL_MINUTES (default 15) with the expired message`, async () => {
    expect(loadConfig({}).autoLoginTtlMinutes).toBe(15);
    expect(loadConfig({ AUTO_LOGIN_TTL_MINUTES: '5' }).autoLoginTtlMinutes).toBe(5);
    const old = signAutoLogin(key, 'candidate@example.com', new Date(Date.now() - 16 * 60_000));
    const res = await auto({ ...old, regen: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.autoLoginExpired);
  });

  it('works within the TTL and on its UTC day only, and not from the future', () => {
    const at = (iso: string) => new Date(iso);
    const link = signAutoLogin(key, 'candidate@example.com', at('2026-03-10T10:00:00Z'));
    const ok = verifyAutoLogin(key, link, 15, at('2026-03-10T10:14:00Z'));
    expect(ok).toEqual({ email: 'candidate@example.com', expiresAt: at('2026-03-10T10:15:00Z') });
    expect(() => verifyAutoLogin(key, link, 15, at('2026-03-10T10:15:00Z'))).toThrow(MESSAGES.autoLoginExpired);
    expect(() => verifyAutoLogin(key, link, 15, at('2026-03-10T09:58:00Z'))).toThrow(MESSAGES.autoLoginExpired);
    // The spec: valid only on the day of ref; a late link ends at midnight UTC.
    const late = signAutoLogin(key, 'candidate@example.com', at('2026-03-10T23:55:00Z'));
    expect(verifyAutoLogin(key, late, 15, at('2026-03-10T23:59:00Z')).expiresAt).toEqual(at('2026-03-11T00:00:00Z'));
    expect(() => verifyAutoLogin(key, late, 15, at('2026-03-11T00:01:00Z'))).toThrow(MESSAGES.autoLoginExpired);
  });

  it('keeps used links only until they would have expired anyway', async () => {
    const count = async () =>
      Number(
        (await t.database.executeSql<{ n: number }>('SELECT count(*)::int AS n FROM used_auto_login_links')).rows[0]?.n,
      );
    await t.database.executeSql(`UPDATE used_auto_login_links SET expires_at = now() - interval '1 second'`);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect((await auto({ ...signAutoLogin(key, 'candidate@example.com'), regen: true })).statusCode).toBe(200);
    // The expired rows went; only the link just used is kept.
    expect(await count()).toBe(1);
  });
});
