import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { createDb } from '@invigil/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../src/lib/db-unavailable.ts';
import { shutDown } from '../src/lib/graceful-shutdown.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

describe('/metrics (Prometheus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('reports request latency by route pattern, active attempts and the save batches', async () => {
    const token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/login",status_code="200"\} \d+/,
    );
    // Unknown paths share one label: a scan cannot create a series per URL.
    expect(body).toContain('route="unmatched"');
    expect(body).not.toContain('/no/such/page');
    expect(body).toMatch(/invigil_active_attempts \d+/);
    expect(body).toContain('invigil_save_batch_saves_bucket');
    expect(body).toContain('process_cpu_seconds_total');
  });

  it('exports every metric the Grafana dashboard (docs/grafana-invigil.json) draws', async () => {
    const dashboard = readFileSync(new URL('../../../docs/grafana-invigil.json', import.meta.url), 'utf8');
    const exprs = (JSON.parse(dashboard) as { panels: Array<{ targets?: Array<{ expr: string }> }> }).panels.flatMap(
      (p) => (p.targets ?? []).map((t) => t.expr),
    );
    const used = new Set(
      exprs
        .flatMap((e) => e.match(/\b(?:invigil|http|process|nodejs)_[a-z0-9_]+/g) ?? [])
        .map((m) => m.replace(/_(bucket|sum|count)$/, '')),
    );
    expect(used.size).toBeGreaterThan(10);
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const exported = new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('is refused through a balancer (X-Forwarded-For) and to other machines without the token', async () => {
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(403);
    expect(relayed.json().message).toBe('Metrics are not public.');
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'scrape-secret-1' });
  });
  afterAll(async () => t?.close());

  it('needs the bearer token, from anywhere', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer('scrape-secret-2') });
    expect(wrong.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: bearer('scrape-secret-1'),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('turns /readyz to 503 first, keeps serving during the drain, then closes', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const done = shutDown(t.app, 400);
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      // Requests still arriving during the drain (before the balancer noticed) are answered.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userName: DEMO.candidate.email, password: DEMO.candidate.password, regen: true },
      });
      expect(login.statusCode).toBe(200);
      expect(await done).toBe(0);
      await expect(t.app.inject({ url: '/healthz' })).rejects.toThrow();
    } finally {
      // The app is already closed by the shutdown; this closes the database and drops its scratch copy.
      await t.close().catch(() => undefined);
    }
  });

  it('gives up after the limit with exit code 1 instead of hanging', async () => {
    const t = await createTestApp();
    try {
      // A close that never ends (a stuck job, a hung connection).
      const close = vi.spyOn(t.app, 'close').mockReturnValue(new Promise<never>(() => undefined) as never);
      expect(await shutDown(t.app, 0, 300)).toBe(1);
      close.mockRestore();
    } finally {
      await t.close();
    }
  });
});

describe('the database going away is a 503 with Retry-After, never a 500', () => {
  it('knows connection failures (also wrapped as a cause) from bugs', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: '57P01', message: 'terminating' } }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('answers 503 with Retry-After for a real driver error of an unreachable server', async () => {
    // Port 1 on this machine: nothing listens, the pg driver fails to connect.
    const db = await createDb({ databaseUrl: 'postgres://invigil@127.0.0.1:1/none', poolWaitMs: 1000 });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/x', async () => db.executeSql('SELECT 1'));
    try {
      const res = await app.inject({ url: '/x' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The service is busy. Please try again in a moment.',
      });
    } finally {
      await app.close();
      await db.close();
    }
  });

  // Needs a PostgreSQL server (the PostgreSQL pass of npm test sets TEST_DATABASE_URL).
  it.skipIf(!process.env.TEST_DATABASE_URL)('a full pool answers 503 after DB_POOL_WAIT_MS', async () => {
    const db = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1, poolWaitMs: 200 });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/x', async () => db.executeSql('SELECT 1'));
    try {
      const busy = db.executeSql('SELECT pg_sleep(1.5)');
      const res = await app.inject({ url: '/x' });
      expect(res.statusCode).toBe(503);
      expect(db.poolStats?.()).toMatchObject({ max: 1, total: 1 });
      await busy;
      expect((await app.inject({ url: '/x' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
