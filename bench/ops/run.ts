/**
 * Operations views under load (issue 15): Ongoing Tests with N active attempts (server time of
 * getActiveUsers, and the delay from a save to the row's update on the live stream), and the
 * timeline of an attempt with M events. The app is built in this process on a fresh database
 * (PGlite in memory, or --db postgres with TEST_DATABASE_URL's server) and listens on a free port.
 *
 *   node --import tsx bench/ops/run.ts --active 5000 --events 10000 --runs 20 [--db postgres]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Database } from '@invigil/db';
import { hashPassword } from '@invigil/db/passwords';
import { seed } from '@invigil/db/seed/index';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const { values: args } = parseArgs({
  options: {
    active: { type: 'string', default: '5000' },
    events: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pglite' },
  },
});
const ACTIVE = Number(args.active);
const EVENTS = Number(args.events);
const RUNS = Number(args.runs);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const summary = (xs: number[]) => ({
  p50: +pct(xs, 0.5).toFixed(1),
  p95: +pct(xs, 0.95).toFixed(1),
  max: +Math.max(...xs).toFixed(1),
});

async function openDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (args.db !== 'postgres') return { database: await createDb(), drop: async () => undefined };
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS invigil_bench_ops WITH (FORCE)');
  await admin.query('CREATE DATABASE invigil_bench_ops');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/invigil_bench_ops';
  return { database: await createDb({ databaseUrl: u.toString(), poolSize: 10 }), drop: async () => undefined };
}

/** N candidates, each with an attempt of the Operations Demo Test in progress, some answers and a session. */
async function prepare(database: Database) {
  const hash = await hashPassword('Bench@123');
  const { rows: ex } = await database.executeSql<{ id: number; group_id: number }>(
    `SELECT e.id, (SELECT id FROM groups WHERE name = 'Operations Demo') AS group_id FROM exams e WHERE e.name = 'Operations Demo Test'`,
  );
  const examId = Number(ex[0]!.id);
  const groupId = Number(ex[0]!.group_id);
  await database.executeSql(
    `INSERT INTO users (email, password_hash, first_name, last_name, role)
     SELECT 'bench' || g || '@example.com', $1, 'Bench', 'User ' || g, 'ROLE_CANDIDATE' FROM generate_series(1, $2::int) g`,
    [hash, ACTIVE],
  );
  await database.executeSql(
    `INSERT INTO user_exams (user_id, exam_id, group_id, status, scheduled_at, expires_at, started_at, deadline_at, updated_at)
     SELECT u.id, $1, $2, '001', now() - interval '1 day', now() + interval '30 days',
            now() - (random() * interval '60 minutes'), now() + interval '6 hours', now() - (random() * interval '60 minutes')
       FROM users u WHERE u.email LIKE 'bench%@example.com'`,
    [examId, groupId],
  );
  await database.executeSql(
    `INSERT INTO answers (user_exam_id, question_id, value, client_seq, updated_at)
     SELECT ue.id, q.id, jsonb_build_object('selectedChoiceId', '1'), 1, now() - (random() * interval '30 minutes')
       FROM user_exams ue JOIN users u ON u.id = ue.user_id AND u.email LIKE 'bench%@example.com'
       JOIN questions q ON q.exam_id = ue.exam_id AND q.position <= 1 + (ue.id % 3)`,
  );
  await database.executeSql(
    `INSERT INTO sessions (user_id, token_hash, user_agent, revoked_at)
     SELECT u.id, md5(u.email), 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', now()
       FROM users u WHERE u.email LIKE 'bench%@example.com'`,
  );
  const { rows: one } = await database.executeSql<{ id: number }>(
    `SELECT ue.id FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email = 'bench1@example.com'`,
  );
  const attempt = Number(one[0]!.id);
  await database.executeSql(
    `INSERT INTO attempt_events (user_exam_id, user_id, actor_id, kind, data, created_at)
     SELECT $1, ue.user_id, ue.user_id, 'save', jsonb_build_object('seq', g, 'changes', 1, 'saved', 1, 'offline', g % 50 = 0, 'form', 'delta'),
            now() - make_interval(secs => ($2::int - g))
       FROM user_exams ue, generate_series(1, $2::int) g WHERE ue.id = $1`,
    [attempt, EVENTS],
  );
  await database.executeSql('ANALYZE');
  const { rows: q } = await database.executeSql<{ id: number }>(
    'SELECT id FROM questions WHERE exam_id = $1 ORDER BY position',
    [examId],
  );
  return { attempt, qids: q.map((r) => Number(r.id)) };
}

async function main() {
  const load0 = loadavg();
  const { database, drop } = await openDatabase();
  await database.migrate();
  await seed(database, { reset: true });
  const t0 = Date.now();
  const { attempt, qids } = await prepare(database);
  console.log(`prepared ${ACTIVE} active attempts and ${EVENTS} events in ${Date.now() - t0} ms`);
  const config = {
    ...loadConfig({}),
    logLevel: 'silent' as const,
    queue: false,
    seedOnStart: false,
    webDist: undefined,
    loginRatePerMinute: 1000,
  };
  const app = await buildApp(config, { database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = async (userName: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/api/login', payload: { userName, password, regen: true } })).json()
      .token as string;
  const admin = await login('admin@example.com', 'Admin@1234');
  const support = await login('support@example.com', 'Support@123');
  const cand = await login('bench1@example.com', 'Bench@123');
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });

  // 1. getActiveUsers: time inside the server (inject: no socket), and over HTTP with the JSON transfer.
  const inject: number[] = [];
  const http: number[] = [];
  const sql: number[] = [];
  let total = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const s0 = performance.now();
    await app.ctx.repositories.support.ongoing();
    sql.push(performance.now() - s0);
    const a = performance.now();
    const res = await app.inject({ url: '/api/test/getActiveUsers', headers: auth(admin) });
    inject.push(performance.now() - a);
    total = res.json().totalUsers;
    bytes = res.body.length;
    const b = performance.now();
    await (await fetch(`${address}/api/test/getActiveUsers`, { headers: auth(admin) })).text();
    http.push(performance.now() - b);
  }

  // 2. Save -> the row's update on the live stream (what the Ongoing Tests screen applies).
  const ctrl = new AbortController();
  const stream = await fetch(`${address}/api/test/getActiveUsers/stream`, {
    headers: auth(admin),
    signal: ctrl.signal,
  });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** Reads stream messages until one carries this attempt with `count` answers. */
  const waitFor = async (count: number) => {
    for (;;) {
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const change = JSON.parse(data.slice(6)) as {
          rows: Array<{ userExamId: number; answeredQuestionsCount: number }>;
        };
        if (change.rows.some((r) => r.userExamId === attempt && r.answeredQuestionsCount === count)) return;
      }
      const r = await reader.read();
      if (r.done) throw new Error('stream ended');
      buffer += decoder.decode(r.value, { stream: true });
    }
  };
  const delays: number[] = [];
  await database.executeSql('DELETE FROM answers WHERE user_exam_id = $1', [attempt]);
  // Answers are set, then cleared, question after question, so #Answered changes every save.
  const answered = new Set<number>();
  for (let i = 0; i < RUNS; i++) {
    buffer = '';
    const qid = qids[i % qids.length]!;
    const set = Math.floor(i / qids.length) % 2 === 0;
    if (set) answered.add(qid);
    else answered.delete(qid);
    const a = performance.now();
    const saved = await app.inject({
      method: 'POST',
      url: '/api/test/answeredQuestions',
      headers: auth(cand),
      payload: { id: attempt, changes: [{ qid, seq: i + 1, answer: set ? { selectedChoiceId: '1' } : {} }] },
    });
    if (saved.statusCode !== 200) throw new Error(`save ${saved.statusCode} ${saved.body}`);
    await waitFor(answered.size);
    delays.push(performance.now() - a);
    // Next save after the 250 ms coalescing window, as a candidate's next answer would be.
    await new Promise((r) => setTimeout(r, 300));
  }
  ctrl.abort();

  // 3. The timeline of an attempt with EVENTS events: the first page (200, newest first) and a deep page.
  const first: number[] = [];
  const deep: number[] = [];
  let events = 0;
  for (let i = 0; i < RUNS; i++) {
    const a = performance.now();
    const res = await app.inject({ url: `/api/support/timeline/${attempt}`, headers: auth(support) });
    first.push(performance.now() - a);
    events = res.json().events.length;
    const before = Number(res.json().nextBefore) - EVENTS + 400;
    const b = performance.now();
    await app.inject({
      url: `/api/support/timeline/${attempt}?before=${before}`,
      headers: auth(support),
    });
    deep.push(performance.now() - b);
  }
  await app.close();
  await database.close();
  await drop();

  const result = {
    date: new Date().toISOString(),
    db: args.db,
    loadavgBefore: load0.map((x) => +x.toFixed(2)),
    loadavgAfter: loadavg().map((x) => +x.toFixed(2)),
    getActiveUsers: {
      activeAttempts: total,
      replyBytes: bytes,
      serverMs: summary(inject),
      sqlMs: summary(sql),
      httpMs: summary(http),
      goalMs: 200,
    },
    saveToRowUpdate: { samples: delays.length, ms: summary(delays), goalMs: 2000 },
    timeline: { events: EVENTS, pageSize: events, firstPageMs: summary(first), deepPageMs: summary(deep), goalMs: 200 },
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(path.join(import.meta.dirname, `results-${args.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

await main();
