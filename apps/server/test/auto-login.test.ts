import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@invigil/contracts';
import { loadConfig } from '../src/config.ts';
import { autoLoginKey, signAutoLogin } from '../src/modules/auth/auto-login.service.ts';
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
