import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, dbKind, type TestApp } from './helpers.ts';

/** Sign-in attempts, each claiming another client address in X-Forwarded-For. */
async function rotatingLogins(t: TestApp, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: { userName: `spray${i}@example.com`, password: 'Guess@123' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe(`forwarded headers are believed only from configured proxies (${dbKind})`, () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    // Through config.ts as in production; inject's socket address is 127.0.0.1.
    direct = await createTestApp({ ...pick(loadConfig({})), loginRatePerMinute: 3 });
    proxied = await createTestApp({ ...pick(loadConfig({ TRUST_PROXY: '127.0.0.1' })), loginRatePerMinute: 3 });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('trusts no proxy by default: a new X-Forwarded-For per request does not get past the login limit', async () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    const codes = await rotatingLogins(direct, 5);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('uses X-Forwarded-For when the request comes from a configured proxy', async () => {
    const codes = await rotatingLogins(proxied, 5);
    // Each attempt is another client behind the trusted balancer: each has its own limit.
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { userName: 'candidate@example.com', password: 'Candidate@123', regen: true },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await proxied.database.executeSql<{ ip: string }>(
      'SELECT ip FROM sessions ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]?.ip).toBe('198.51.100.7');
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDRs and proxy-addr names, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });
});

/** The settings this file is about, from a loaded config. */
function pick(c: ReturnType<typeof loadConfig>) {
  return { trustProxy: c.trustProxy };
}
