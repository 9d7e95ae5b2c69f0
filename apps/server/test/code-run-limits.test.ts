import { createDb, type Database } from '@invigil/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { HttpError } from '../src/lib/http-errors.ts';
import { CodeRunLeaseRepository } from '../src/modules/coding/code-run-lease.repository.ts';
import { CodeRunLimiter, type CodeRunLimits } from '../src/modules/coding/code-run-limiter.ts';
import { SharedCodeRunLimiter } from '../src/modules/coding/shared-code-run-limiter.ts';
import { GateExecutor, until } from './gate-executor.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One API node's limiter over the shared database (its own process count). */
const node = (database: Database, limits: CodeRunLimits, leaseMs?: number) =>
  new SharedCodeRunLimiter(new CodeRunLeaseRepository(database), new CodeRunLimiter(limits), limits, leaseMs);

/** The 429 an acquire throws (or fails the test). */
async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(429);
  return err as HttpError;
}

const leasesOf = async (database: Database, userId: number) =>
  Number(
    (
      await database.executeSql<{ n: number }>(
        'SELECT count(*)::int AS n FROM code_run_leases WHERE user_id = $1 AND expires_at > now()',
        [userId],
      )
    ).rows[0]!.n,
  );

/** A test with a coding question, in progress for each given user. */
async function codingTestInProgress(database: Database, emails: string[]) {
  const exec = database.executeSql.bind(database);
  const exam = (await exec("INSERT INTO exams (name, duration_seconds) VALUES ('Run limits', 1800) RETURNING id"))
    .rows[0];
  await exec("INSERT INTO questions (exam_id, position, qtype_code, text) VALUES ($1, 1, 20, 'Print something')", [
    exam.id,
  ]);
  for (const email of emails)
    await exec(
      `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at)
       SELECT id, $2, '001', now(), now() + interval '30 minutes' FROM users WHERE email = $1`,
      [email, exam.id],
    );
}

const run = (app: FastifyInstance, token: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/test/compilecode',
    headers: bearer(token),
    payload: { code, lang: 'python' },
  });

// ADR 0214: the code runner's per-user limits are counted in the database, so they hold across
// API nodes. Two limiters over one database stand for two nodes (PGlite has one process).
describe('code run limits counted in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses the (perUser + 1)th run in flight on either node, and gives the slot back when a run ends', async () => {
    const limits = { perUser: 2, perMinute: 100 };
    const [a, b] = [node(t.database, limits), node(t.database, limits)];
    const endA = await a.acquire(101);
    const endB = await b.acquire(101);
    expect(await leasesOf(t.database, 101)).toBe(2);
    for (const n of [a, b]) {
      const err = await refusal(n.acquire(101));
      expect(err.message).toBe(
        'You already have 2 code runs in progress (at most 2 at a time). Wait for them to finish, then run again.',
      );
      expect(err.retryAfterSeconds).toBe(1);
    }
    // another user is not held back
    await (
      await a.acquire(102)
    )();
    await endA();
    expect(await leasesOf(t.database, 101)).toBe(1);
    const again = await b.acquire(101);
    await Promise.all([again(), endB()]);
    expect(await leasesOf(t.database, 101)).toBe(0);
  });

  it('refuses past the runs per minute on every node, with Retry-After, and a refused run does not count', async () => {
    const limits = { perUser: 5, perMinute: 3 };
    const [a, b] = [node(t.database, limits), node(t.database, limits)];
    await (
      await a.acquire(201)
    )();
    await (
      await b.acquire(201)
    )();
    await (
      await a.acquire(201)
    )();
    for (const n of [b, a]) {
      const err = await refusal(n.acquire(201));
      expect(err.message).toMatch(/^Too many code runs: at most 3 per minute\. Try again in \d+ seconds\.$/);
      expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(58);
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(err.message).toContain(`Try again in ${err.retryAfterSeconds} seconds.`);
    }
    const { rows } = await t.database.executeSql<{ n: number }>(
      'SELECT count(*)::int AS n FROM code_run_starts WHERE user_id = 201',
    );
    expect(Number(rows[0]!.n)).toBe(3);
    // The window slides with the database's clock: starts of over a minute ago leave it.
    await t.database.executeSql(
      `UPDATE code_run_starts SET started_at = started_at - interval '61 seconds' WHERE user_id = 201`,
    );
    await (
      await b.acquire(201)
    )();
  });

  it('does not count leases that expired (a node killed mid-run), and sweeps them', async () => {
    const limits = { perUser: 2, perMinute: 100 };
    await t.database.executeSql(
      `INSERT INTO code_run_leases (id, user_id, node, expires_at) VALUES
         ('dead-1', 301, 'killed:1', now() - interval '1 second'),
         ('dead-2', 301, 'killed:1', now() - interval '5 minutes')`,
    );
    const a = node(t.database, limits);
    const ends = [await a.acquire(301), await a.acquire(301)];
    const { rows } = await t.database.executeSql<{ id: string }>(
      "SELECT id FROM code_run_leases WHERE user_id = 301 AND id LIKE 'dead-%'",
    );
    expect(rows).toEqual([]);
    // A live lease of another node still counts.
    await Promise.all(ends.map((end) => end()));
    await t.database.executeSql(
      `INSERT INTO code_run_leases (id, user_id, node, expires_at) VALUES ('live-1', 301, 'other:2', now() + interval '1 minute')`,
    );
    const one = await a.acquire(301);
    await refusal(a.acquire(301));
    await one();
  });

  it('renews the lease of a run that outlives it, and deletes it when the run ends', async () => {
    const limits = { perUser: 1, perMinute: 100 };
    const a = node(t.database, limits, 300);
    const b = node(t.database, limits, 300);
    const end = await a.acquire(401);
    await sleep(800);
    expect(await leasesOf(t.database, 401)).toBe(1);
    await refusal(b.acquire(401));
    await end();
    await end(); // a second end is harmless
    expect(await leasesOf(t.database, 401)).toBe(0);
    await (
      await b.acquire(401)
    )();
  });

  it('lets the run through to the process count when the database cannot be reached (ADR 0213)', async () => {
    const gone = await createDb();
    await gone.close();
    const limits = { perUser: 2, perMinute: 100 };
    const a = node(gone, limits);
    const fallbacks: unknown[] = [];
    a.onFallback((err) => fallbacks.push(err));
    const ends = [await a.acquire(501), await a.acquire(501)];
    const err = await refusal(a.acquire(501));
    expect(err.message).toMatch(/at most 2 at a time/);
    await Promise.all(ends.map((end) => end()));
    await (
      await a.acquire(501)
    )();
    // every run let through on the process's count is reported (the refused one never asked the database)
    expect(fallbacks).toHaveLength(3);
    expect(fallbacks.every((e) => e instanceof Error)).toBe(true);
  });
});

describe('the process count forgets a run refused by the shared count', () => {
  it('a refused release gives back the start as well as the slot', () => {
    const local = new CodeRunLimiter({ perUser: 1, perMinute: 1 });
    local.acquire(1)({ refused: true });
    const release = local.acquire(1);
    release();
    expect(() => local.acquire(1)).toThrow(/at most 1 per minute/);
  });
});

describe('compile releases its slot whatever the outcome', () => {
  let t: TestApp;
  let asha: string;
  let ashaId: number;
  beforeAll(async () => {
    t = await createTestApp({ codeRuns: { perUser: 1, perMinute: 100 } }, { executor: new GateExecutor() });
    asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    await codingTestInProgress(t.database, [DEMO.candidate.email]);
    ashaId = Number(
      (await t.database.executeSql('SELECT id FROM users WHERE email = $1', [DEMO.candidate.email])).rows[0].id,
    );
  });
  afterAll(() => t?.close());

  it('a busy runner (503) and a broken one (500) leave no lease behind', async () => {
    const busy = await run(t.app, asha, 'BUSY');
    expect(busy.statusCode).toBe(503);
    expect(await leasesOf(t.database, ashaId)).toBe(0);
    const broken = await run(t.app, asha, 'FAIL');
    expect(broken.statusCode).toBe(500);
    expect(await leasesOf(t.database, ashaId)).toBe(0);
    // With one run allowed in flight, the next one is served.
    expect((await run(t.app, asha, 'print(1)')).statusCode).toBe(200);
    expect(await leasesOf(t.database, ashaId)).toBe(0);
  });

  it("a run let through on the node's own count (database away) is counted in /metrics", async () => {
    const fallbacks = async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(/^invigil_code_run_limit_fallbacks_total (\d+)$/m.exec(body)?.[1]);
    };
    expect(await fallbacks()).toBe(0);
    const leases = t.app.ctx.repositories.codeRunLeases;
    const take = leases.take.bind(leases);
    leases.take = () => Promise.reject(new Error('connection refused'));
    try {
      expect((await run(t.app, asha, 'print(1)')).statusCode).toBe(200);
    } finally {
      leases.take = take;
    }
    expect(await fallbacks()).toBe(1);
    expect((await run(t.app, asha, 'print(1)')).statusCode).toBe(200);
    expect(await fallbacks()).toBe(1);
  });
});

// Needs a PostgreSQL server (the PostgreSQL pass of npm test sets TEST_DATABASE_URL): two API
// nodes with their own pools over one database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes share one user’s code run limits', () => {
  let a: TestApp;
  let bDb: Database;
  let b: FastifyInstance;
  const gateA = new GateExecutor();
  const gateB = new GateExecutor();
  let asha: string;

  beforeAll(async () => {
    a = await createTestApp({ codeRuns: { perUser: 2, perMinute: 8 } }, { executor: gateA });
    bDb = await createDb({ databaseUrl: a.databaseUrl, poolSize: 4 });
    b = await buildApp(a.config, { database: bDb, logger: false, executor: gateB });
    await b.ready();
    asha = await loginAs(a.app, DEMO.candidate.email, DEMO.candidate.password);
    await codingTestInProgress(a.database, [DEMO.candidate.email]);
  });
  afterAll(async () => {
    gateA.release();
    gateB.release();
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it('one run in flight on each node: the third is refused on either', async () => {
    const first = run(a.app, asha, 'HOLD');
    const second = run(b, asha, 'HOLD');
    await until(() => gateA.held.length === 1 && gateB.held.length === 1);
    for (const n of [a.app, b]) {
      const over = await run(n, asha, 'HOLD');
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe('1');
      expect(over.json().message).toMatch(/^You already have 2 code runs in progress \(at most 2 at a time\)/);
    }
    gateA.release();
    gateB.release();
    expect((await Promise.all([first, second])).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('six runs sent at once over both nodes: exactly two start', async () => {
    const sent = [a.app, b, a.app, b, a.app, b].map((n) => run(n, asha, 'HOLD'));
    const settled: number[] = [];
    sent.forEach((p) => void p.then((r) => settled.push(r.statusCode)));
    await until(() => settled.length === 4);
    expect(settled).toEqual([429, 429, 429, 429]);
    expect(gateA.held.length + gateB.held.length).toBe(2);
    gateA.release();
    gateB.release();
    expect((await Promise.all(sent)).filter((r) => r.statusCode === 200)).toHaveLength(2);
  });

  it('the runs per minute are counted over both nodes', async () => {
    // 2 + 2 runs so far; 4 more, spread, reach the 8 per minute.
    for (const n of [a.app, b, a.app, b]) expect((await run(n, asha, 'print(1)')).statusCode).toBe(200);
    for (const n of [a.app, b]) {
      const over = await run(n, asha, 'print(1)');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(over.json().message).toMatch(/^Too many code runs: at most 8 per minute\. Try again in \d+ seconds\.$/);
    }
  });
});
