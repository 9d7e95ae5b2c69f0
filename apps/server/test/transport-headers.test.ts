import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, DEMO, dbKind, loginAs, type TestApp } from './helpers.ts';

const YEAR = 31_536_000;

describe(`API replies are not cached (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends Cache-Control: no-store on every /api reply: success, failure, sign-in and unknown routes', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: DEMO.candidate.email, password: DEMO.candidate.password, regen: true },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const replies = [
      login,
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { userName: 'a@b.cc', password: 'x' } }),
      await t.app.inject({ url: '/api/dashboard/getProfile', headers: bearer(token) }),
      await t.app.inject({ url: '/api/dashboard/getProfile?x=1', headers: bearer(token) }),
      await t.app.inject({ url: '/api/dashboard/getProfile' }),
      await t.app.inject({ url: '/api/no-such-route', headers: bearer(token) }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 200, 200, 401, 404]);
    for (const r of replies) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('sends no HSTS by default, and sets no cookie: the token travels in the body and the bearer header', async () => {
    expect(loadConfig({}).hstsMaxAge).toBe(0);
    const token = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const res = await t.app.inject({
      url: '/api/dashboard/getProfile',
      headers: { ...bearer(token), 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userName: DEMO.support.email, password: DEMO.support.password, regen: true },
    });
    expect(login.headers['set-cookie']).toBeUndefined();
  });
});

describe(`HSTS when served over HTTPS (${dbKind})`, () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    const env = { HSTS_MAX_AGE: String(YEAR) };
    behindProxy = await createTestApp({
      hstsMaxAge: loadConfig(env).hstsMaxAge,
      trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy,
    });
    direct = await createTestApp({ hstsMaxAge: loadConfig(env).hstsMaxAge });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  const get = (t: TestApp, proto?: string) =>
    t.app.inject({ url: '/api/no-such-route', headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it('sends Strict-Transport-Security with HSTS_MAX_AGE on https requests only', async () => {
    expect((await get(behindProxy, 'https')).headers['strict-transport-security']).toBe(
      `max-age=${YEAR}; includeSubDomains`,
    );
    expect((await get(behindProxy, 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(behindProxy)).headers['strict-transport-security']).toBeUndefined();
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    expect((await get(direct, 'https')).headers['strict-transport-security']).toBeUndefined();
  });
});
