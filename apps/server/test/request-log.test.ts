import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoLoginKey, signAutoLogin } from '../src/modules/auth/auto-login.service.ts';
import { redactUrl } from '../src/plugins/request-log.ts';
import { bearer, createTestApp, DEMO, dbKind, loginAs, type TestApp } from './helpers.ts';

/** What the app's logger writes, one JSON line each. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const loggedUrls = () =>
  lines
    .map((l) => JSON.parse(l) as { req?: { url?: string } })
    .map((e) => e.req?.url)
    .filter((u): u is string => !!u);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(async () => t?.close());

describe(`request logs carry no secrets or personal data from query strings (${dbKind})`, () => {
  it('logs an auto-login link without its token: the path stays, every value is redacted', async () => {
    const link = signAutoLogin(autoLoginKey(t.config.dataDir), 'candidate@example.com');
    const query = new URLSearchParams({ ref: link.ref, email: link.email, sig: link.sig });
    lines.length = 0;
    await t.app.inject({ url: `/v2/user/login?${query}` });
    expect(loggedUrls()).toContain('/v2/user/login?ref=[redacted]&email=[redacted]&sig=[redacted]');
    const all = lines.join('\n');
    expect(all).not.toContain(link.sig);
    expect(all).not.toContain(link.email);
  });

  it('redacts names, e-mail addresses and phone numbers in API query strings', async () => {
    const token = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    lines.length = 0;
    await t.app.inject({
      url: '/api/dashboard/getProfile?name=Asha%20Rao&email=asha.rao%40example.com&phone=9876543210',
      headers: bearer(token),
    });
    expect(loggedUrls()).toContain('/api/dashboard/getProfile?name=[redacted]&email=[redacted]&phone=[redacted]');
    const all = lines.join('\n');
    for (const secret of ['Asha', 'asha.rao', '9876543210', token]) expect(all).not.toContain(secret);
    // The request is still logged with its method and path.
    expect(lines.some((l) => l.includes('"method":"GET"'))).toBe(true);
  });

  it('leaves a URL without a query as it is', () => {
    expect(redactUrl('/api/test/retest/12')).toBe('/api/test/retest/12');
    expect(redactUrl('/x?')).toBe('/x?');
    expect(redactUrl('/x?flag&a=1&a=2')).toBe('/x?flag&a=[redacted]&a=[redacted]');
  });
});
