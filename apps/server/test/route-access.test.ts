import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * The only /api routes reachable without a session. Adding `public: true` to a route that is
 * not here, or here without `public: true`, fails this suite.
 */
/** GET /api/media/signed/*: the signature is the permission (ADR 0150). POST /api/login/invite: the link's token is (ADR 0153). */
const PUBLIC = [
  'POST /api/login',
  'POST /api/login/auto',
  'POST /api/login/invite',
  'GET /api/media/signed/*',
  'HEAD /api/media/signed/*',
];
/** The OpenAPI UI and document (registered by @fastify/swagger-ui). */
const PUBLIC_PREFIX = '/api/docs';
/** Routes limited to roles, with their roles. */
const STAFF = ['ROLE_SUPPORT', 'ROLE_SUPERADMIN'];
const SUPER = ['ROLE_SUPERADMIN'];
const ROLE_ROUTES: Record<string, string[]> = {
  'GET /api/facial-analysis/stats': SUPER,
  'POST /api/test/searchUserOrg': STAFF,
  'POST /api/test/searchRecord': STAFF,
  'POST /api/test/regenratetest': STAFF,
  'GET /api/support/timeline/:userExamId': STAFF,
  'GET /api/support/media/:userExamId': STAFF,
  'POST /api/support/unlock': STAFF,
  'GET /api/test/getActiveUsers': SUPER,
  'GET /api/test/getActiveUsers/stream': SUPER,
  'POST /api/test/regeneratelisting': SUPER,
  'GET /api/result/addintoqueue': SUPER,
  'POST /api/admin/imports': SUPER,
  'POST /api/admin/imports/extension': SUPER,
  'POST /api/admin/rosters': SUPER,
  'GET /api/admin/tests': SUPER,
  'POST /api/admin/schedules': SUPER,
  'GET /api/admin/tests/:id/export': SUPER,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A concrete URL for a route pattern: parameters become 1, a wildcard a file name. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x.txt');
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const isPublicListed = (r: { method: string; url: string }) =>
  PUBLIC.includes(key(r)) || r.url === PUBLIC_PREFIX || r.url.startsWith(`${PUBLIC_PREFIX}/`);

describe('authentication is on by default for /api', () => {
  it('knows the routes (the walk below is not empty)', () => {
    const urls = t.app.routeAccess.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/login', '/api/test/startExam', '/api/result/files/*']));
    expect(t.app.routeAccess.length).toBeGreaterThan(40);
  });

  it('public routes are exactly the listed ones', () => {
    const declared = t.app.routeAccess.filter((r) => r.access === 'public').map(key);
    const unexpected = t.app.routeAccess.filter((r) => r.access === 'public' && !isPublicListed(r)).map(key);
    expect(unexpected, 'routes marked public but not on the public list').toEqual([]);
    for (const p of PUBLIC) expect(declared, `${p} is public`).toContain(p);
    const docs = t.app.routeAccess.filter((r) => r.url.startsWith(PUBLIC_PREFIX));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((r) => r.access !== 'public').map(key)).toEqual([]);
  });

  it('every other /api route answers 401 without a token, before its body is looked at', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeAccess) {
      if (r.access === 'public') continue;
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      if (res.statusCode !== 401) failures.push(`${key(r)} -> ${res.statusCode}`);
      else if (r.method !== 'HEAD') expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect(failures).toEqual([]);
  });

  it('a bad token is 401 as well; a public route needs none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/startExam',
      headers: bearer('not-a-session'),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('role routes are exactly the listed ones; another role gets 403, the role 200', async () => {
    const declared = Object.fromEntries(
      t.app.routeAccess
        .filter((r) => typeof r.access === 'object' && r.method !== 'HEAD')
        .map((r) => [key(r), typeof r.access === 'object' ? [...r.access.roles] : []]),
    );
    expect(declared).toEqual(ROLE_ROUTES);
    const candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    const url = '/api/facial-analysis/stats';
    const refused = await t.app.inject({ url, headers: bearer(candidate) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, message: 'You are not allowed to do this.' });
    expect((await t.app.inject({ url, headers: bearer(admin) })).statusCode).toBe(200);
  });

  it('paths outside /api stay public (health, readiness)', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
