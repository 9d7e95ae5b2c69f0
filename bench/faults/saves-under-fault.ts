/**
 * Fault scenarios 1, 2 and 4 (issue 16): while candidates save through HAProxy, SIGKILL one API
 * node (`--fault kill-api`), SIGTERM it (`term-api`: it drains as in a deployment), or restart
 * PostgreSQL (`restart-db`: a private server of the bench's own, restarted with pg_ctl).
 *
 *   node --import tsx bench/faults/saves-under-fault.ts [--fault kill-api|term-api|restart-db]
 *        [--candidates 200] [--before 10] [--after 20]
 *
 * Starts the local cluster (scripts/cluster.mjs) on a scratch PostgreSQL database, signs N
 * candidates in through the balancer and starts their attempts. Each candidate saves one
 * answer after another as the browser does: a save is re-sent with the same seq until the
 * server acknowledges it (200); network errors, 5xx and 429 are retried with back-off. After
 * `--before` seconds the fault happens; saving goes on for `--after` seconds.
 * Then every acknowledged save is checked in PostgreSQL: its row must hold that seq or a later
 * one. Prints the row of the fault table (scenario, load, acknowledged, lost, 5xx, recovery).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { decodePayload } from '@invigil/contracts';
import pg from 'pg';
import { Client } from '../answer-saves/client.ts';
import { BENCH_PASSWORD, prepare } from '../answer-saves/prepare.ts';
import { cluster as clusterOf, defaultServer, dropDatabase, freshDatabase } from './cluster.ts';
import { PrivatePostgres } from './private-postgres.ts';

const { values: args } = parseArgs({
  options: {
    candidates: { type: 'string', default: '200' },
    before: { type: 'string', default: '10' },
    after: { type: 'string', default: '20' },
    port: { type: 'string', default: '18700' },
    fault: { type: 'string', default: 'kill-api' },
  },
});
const N = Number(args.candidates);
const FAULTS = {
  'kill-api': 'SIGKILL one of two API nodes under saves',
  'term-api': 'SIGTERM one of two API nodes under saves (drain 3 s)',
  'restart-db': 'PostgreSQL restart (pg_ctl -m fast) under saves',
} as const;
const FAULT = args.fault as keyof typeof FAULTS;
if (!(FAULT in FAULTS)) throw new Error(`--fault must be one of ${Object.keys(FAULTS).join(', ')}`);
const privatePg = FAULT === 'restart-db' ? new PrivatePostgres(Number(args.port) + 9) : null;
const PORT = Number(args.port);
const server = privatePg?.url ?? defaultServer();
const DATABASE_URL = `${server}/invigil_faults`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cluster = clusterOf({ databaseUrl: DATABASE_URL, port: PORT });

interface Cand {
  token: string;
  id: number;
  qids: number[];
  seq: number;
  /** qid → highest acknowledged seq */
  acked: Map<number, number>;
}

const stats = { acked: 0, retries: 0, fivexx: 0, network: 0, lastFailureAfterKill: 0 };
/** Failed tries by status (0: network error), before and after the fault, for the table. */
const failures = { before: new Map<number, number>(), after: new Map<number, number>() };
let killedAt = 0;
let stop = false;

/** One candidate's save loop, with the browser's rule: the same save until it is acknowledged. */
async function saveLoop(client: Client, c: Cand) {
  while (!stop) {
    const seq = ++c.seq;
    const qid = c.qids[seq % c.qids.length]!;
    const body = {
      id: c.id,
      changes: [{ qid, seq, answer: { selectedChoiceId: String(seq), buttonStyle: 'Answered' } }],
    };
    for (let attempt = 0; ; attempt++) {
      const r = await client.request('POST', '/api/test/answeredQuestions', c.token, body, false);
      if (r.status === 200) {
        c.acked.set(qid, seq);
        stats.acked++;
        break;
      }
      const tally = killedAt ? failures.after : failures.before;
      tally.set(r.status, (tally.get(r.status) ?? 0) + 1);
      if (r.status === 0) stats.network++;
      else if (r.status >= 500) stats.fivexx++;
      else if (r.status !== 429) throw new Error(`save refused with ${r.status}`);
      stats.retries++;
      if (killedAt) stats.lastFailureAfterKill = Math.max(stats.lastFailureAfterKill, Date.now());
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }
}

/**
 * A set-up call before the fault, retried as the browser retries (network error, 5xx, 429) for at
 * most 30 s: a balancer still settling must not fail the scenario before its fault happens.
 */
async function untilAnswered<T extends { status: number }>(call: () => Promise<T>): Promise<T> {
  const until = Date.now() + 30_000;
  for (let attempt = 0; ; attempt++) {
    const r = await call();
    const transient = r.status === 0 || r.status === 429 || r.status >= 500;
    if (!transient || Date.now() > until) return r;
    await sleep(Math.min(2000, 100 * 2 ** attempt));
  }
}

async function main() {
  if (privatePg) {
    privatePg.init();
    privatePg.start();
  }
  await freshDatabase(server, 'invigil_faults');
  console.log(`preparing ${N} candidates...`);
  const ids = await prepare({ databaseUrl: DATABASE_URL, candidates: N });
  cluster.start();
  const client = new Client(PORT, N + 8);
  try {
    const cands: Cand[] = [];
    for (let i = 0; i < N; i += 10) {
      const batch = await Promise.all(
        ids.slice(i, i + 10).map(async (id, j) => {
          const login = await untilAnswered(() =>
            client.request('POST', '/api/login', undefined, {
              userName: `bench${i + j}@example.com`,
              password: BENCH_PASSWORD,
              regen: true,
            }),
          );
          if (login.status !== 200) throw new Error(`login failed ${login.status}`);
          const token = login.json.token as string;
          const ut = await untilAnswered(() => client.request('POST', '/api/test/userTest', token, { examId: id }));
          const qids = decodePayload<Array<{ qid: number }>>(ut.json.quesData).map((q) => q.qid);
          const st = await untilAnswered(() => client.request('POST', '/api/test/startExam', token, { id }));
          if (st.status !== 200) throw new Error(`start failed ${st.status}`);
          return { token, id, qids, seq: 0, acked: new Map<number, number>() };
        }),
      );
      cands.push(...batch);
    }
    const loadBefore = loadavg()[0]!;
    console.log(`${N} candidates saving through HAProxy...`);
    const loops = cands.map((c) => saveLoop(client, c));
    await sleep(Number(args.before) * 1000);
    const pids = cluster.pids();
    const ackedAtKill = stats.acked;
    killedAt = Date.now();
    if (privatePg) await privatePg.restart();
    else process.kill(pids.api1!, FAULT === 'term-api' ? 'SIGTERM' : 'SIGKILL');
    console.log(`${FAULT} after ${ackedAtKill} acknowledged saves (took ${Date.now() - killedAt} ms)`);
    await sleep(Number(args.after) * 1000);
    stop = true;
    await Promise.all(loops);
    const loadAfter = loadavg()[0]!;

    // Every acknowledged save must be in PostgreSQL with its seq or a later one.
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ user_exam_id: number; question_id: number; client_seq: number }>(
      'SELECT user_exam_id, question_id, client_seq FROM answers WHERE user_exam_id = ANY($1::int[])',
      [cands.map((c) => c.id)],
    );
    await db.end();
    const stored = new Map(rows.map((r) => [`${r.user_exam_id}:${r.question_id}`, r.client_seq]));
    let lost = 0;
    for (const c of cands) for (const [qid, seq] of c.acked) if ((stored.get(`${c.id}:${qid}`) ?? -1) < seq) lost++;
    const recoveryMs = stats.lastFailureAfterKill ? stats.lastFailureAfterKill - killedAt : 0;
    const row = {
      scenario: FAULTS[FAULT],
      candidates: N,
      load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      acknowledged: stats.acked,
      lost,
      '5xx seen by clients (retried)': stats.fivexx,
      'network errors (retried)': stats.network,
      'recovery (last failed try after the kill)': `${(recoveryMs / 1000).toFixed(1)} s`,
    };
    console.table([row]);
    console.log(
      'failed tries by status (0: network), before the fault:',
      Object.fromEntries(failures.before),
      'after:',
      Object.fromEntries(failures.after),
    );
    if (lost > 0) process.exitCode = 1;
  } finally {
    stop = true;
    client.close();
    cluster.stop();
    await dropDatabase(server, 'invigil_faults');
    privatePg?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  cluster.stop();
  try {
    privatePg?.stop();
  } catch {
    // already stopped
  }
  process.exit(1);
});
