import { createDb, type Database } from '@invigil/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sharedRateLimitStore } from '../src/lib/shared-rate-limit-store.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** One increment of a store, as @fastify/rate-limit calls it. */
type Store = InstanceType<ReturnType<typeof sharedRateLimitStore>>;
const incr = (store: Store, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ADR 0213: rate limits are counted in the database, so they hold across API nodes.
describe('rate limits counted in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('counts within a fixed window, per route namespace, and starts again when the window ends', async () => {
    const Store = sharedRateLimitStore(t.database);
    const root = new Store();
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/login' } });
    const faces = root.child({ routeInfo: { method: 'POST', url: '/api/proctor/getfaces' } });
    expect((await incr(login, 'user-1', 400)).current).toBe(1);
    const second = await incr(login, 'user-1', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    // another route, another key: their own counts
    expect((await incr(faces, 'user-1', 400)).current).toBe(1);
    expect((await incr(login, 'user-2', 400)).current).toBe(1);
    await sleep(450);
    expect((await incr(login, 'user-1', 400)).current).toBe(1);
  });

  it('answers the plugin with an error (the request then goes through) when the database is gone', async () => {
    const gone = await createTestApp();
    const Store = sharedRateLimitStore(gone.database);
    await gone.close();
    await expect(incr(new Store(), 'k', 1000)).rejects.toBeInstanceOf(Error);
  });
});

// Needs a PostgreSQL server (the PostgreSQL pass of npm test sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes share one sign-in limit', () => {
  let a: TestApp;
  let bDb: Database;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp({ loginRatePerMinute: 4 });
    bDb = await createDb({ databaseUrl: a.databaseUrl, poolSize: 2 });
    b = await buildApp(a.config, { database: bDb, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it('four sign-ins spread over two nodes use the budget: the fifth is refused on either', async () => {
    const login = (node: FastifyInstance) =>
      node.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userName: 'nobody@example.com', password: 'wrong-password-1' },
      });
    const codes = [await login(a.app), await login(b), await login(a.app), await login(b)].map((r) => r.statusCode);
    expect(codes).not.toContain(429);
    expect((await login(a.app)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });
});
