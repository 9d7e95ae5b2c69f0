/**
 * Answer-save load generator (issue 4). N simulated candidates, each signed in with its own
 * token, save progress against the real server (a separate process) on PostgreSQL or PGlite.
 * Load comes from forked client processes (--clients), one request in flight per candidate. Each round
 * runs the trivial route (the ceiling), the delta save and the spec's full 50-question form;
 * medians over the rounds are reported with the load average. Afterwards every acknowledged
 * save is checked through the API and, with the server stopped, by counting rows in the database.
 *
 *   node --import tsx bench/answer-saves/run.ts --db postgres|pglite [--candidates 200] [--seconds 5]
 *        [--rounds 3] [--clients 2] [--phases trivial,delta,full] [--workers 1] [--target single|cluster]
 *
 * `--target cluster` (PostgreSQL only) runs the same phases against the local cluster
 * (scripts/cluster.mjs: HAProxy, two API nodes, a worker; no analysis node) instead of one
 * server process: each round goes through HAProxy to the two nodes, then straight to one node;
 * after the rounds one node is stopped (SIGTERM, it drains) and the same rounds go through
 * HAProxy to the node left. Results land in results-cluster.json.
 */
import { fork, spawn, type ChildProcess, type Serializable } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePayload } from '@invigil/contracts';
import { createDb } from '@invigil/db';
import pg from 'pg';
import { cluster as clusterOf } from '../faults/cluster.ts';
import { Client, percentile } from './client.ts';
import type { PhaseKind, PhaseReport, WorkerCand } from './load-worker.ts';
import { BENCH_PASSWORD, prepare } from './prepare.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const DB = arg('db', 'postgres');
const N = Number(arg('candidates', '200'));
const SECONDS = Number(arg('seconds', '5'));
const ROUNDS = Number(arg('rounds', '3'));
const CLIENTS = Number(arg('clients', '2'));
const WORKERS = Number(arg('workers', '1'));
const PHASES = arg('phases', 'trivial,delta,full').split(',') as PhaseKind[];
const TARGET = arg('target', 'single');
if (TARGET === 'cluster' && DB !== 'postgres') throw new Error('--target cluster needs --db postgres');
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = () => loadavg().map((l) => +l.toFixed(2));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

/** CPU seconds used so far by a process and its threads (Linux /proc), 0 when unknown. */
function procCpu(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}
/** Busy CPU seconds of the whole machine (all processes, other engineers' too). */
function machineBusy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
}
/** The server's processes (the primary and any cluster workers). */
function serverPids(root: number): number[] {
  const pids = [root];
  try {
    for (const d of readFileSync(`/proc/${root}/task/${root}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
      pids.push(Number(d));
  } catch {
    /* no children */
  }
  return pids;
}

async function scratchPg(): Promise<string> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query('DROP DATABASE IF EXISTS invigil_bench WITH (FORCE)');
  await c.query('CREATE DATABASE invigil_bench');
  await c.end();
  const u = new URL(PG_ADMIN);
  u.pathname = '/invigil_bench';
  return u.toString();
}

/** PostgreSQL backends serving the bench database (the server's pool). */
async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  await c.end();
  return rows.map((r) => Number(r.pid));
}

/** A port nobody listens on (other engineers run servers on this machine too). */
async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  const port = Number(arg('port', '0')) || (TARGET === 'cluster' ? 18760 : await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-'));
  const databaseUrl = DB === 'postgres' ? await scratchPg() : undefined;
  const pgliteDir = path.join(dataDir, 'pglite');
  console.log(`preparing ${DB} with ${N} candidates...`);
  const ids = await prepare({ databaseUrl, dataDir: databaseUrl ? undefined : pgliteDir, candidates: N });
  /** Where a pass of rounds sends its load: one label and port each. */
  type Target = { name: string; port: number };
  let passes: Array<{ before?: () => Promise<void>; targets: Target[] }>;
  let serverProcessPids: () => number[];
  let stopServer: () => Promise<void>;
  if (TARGET === 'cluster') {
    const cluster = clusterOf({ databaseUrl: databaseUrl!, port, analysis: false, env: { LOG_LEVEL: 'warn' } });
    cluster.start();
    const pids = cluster.pids();
    serverProcessPids = () => [pids.api1!, pids.api2!, pids.haproxy!];
    stopServer = async () => cluster.stop();
    process.on('exit', () => cluster.stop());
    passes = [
      {
        targets: [
          { name: 'haproxy-2-nodes', port },
          { name: 'one-node-direct', port: port + 1 },
        ],
      },
      {
        // api2 drains (readyz 503) and exits; HAProxy's health check takes it out (fall 2 x 1 s).
        before: async () => {
          process.kill(pids.api2!, 'SIGTERM');
          await new Promise((r) => setTimeout(r, 8000));
        },
        targets: [{ name: 'haproxy-1-node', port }],
      },
    ];
  } else {
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000000',
        SEED_ON_START: 'off',
        WEB_DIST: path.join(dataDir, 'no-web'),
        WEB_CONCURRENCY: String(WORKERS),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = once(server, 'exit');
    process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
    serverProcessPids = () => serverPids(server.pid!);
    stopServer = async () => {
      server.kill('SIGTERM');
      await exited;
    };
    passes = [{ targets: [{ name: 'single', port }] }];
  }
  const client = new Client(port, 16);
  const threads: ChildProcess[] = [];
  try {
    for (let i = 0; i < 120; i++) {
      if ((await client.request('GET', '/readyz')).status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log('signing in and starting...');
    const cands: WorkerCand[] = [];
    for (let i = 0; i < N; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, N - i) }, async (_, j) => {
          const id = ids[i + j]!;
          const login = await client.request('POST', '/api/login', undefined, {
            userName: `bench${i + j}@example.com`,
            password: BENCH_PASSWORD,
            regen: true,
          });
          if (login.status !== 200) throw new Error(`login failed ${login.status} ${JSON.stringify(login.json)}`);
          const token = login.json.token as string;
          const ut = await client.request('POST', '/api/test/userTest', token, { examId: id });
          const qids = decodePayload<Array<{ qid: number }>>(ut.json.quesData).map((q) => q.qid);
          const st = await client.request('POST', '/api/test/startExam', token, { id });
          if (st.status !== 200) throw new Error(`start failed ${st.status}`);
          return { token, id, qids };
        }),
      );
      cands.push(...batch);
    }
    for (let k = 0; k < CLIENTS; k++) {
      threads.push(fork(path.join(here, 'load-worker.ts'), [], { execArgv: ['--import', 'tsx'], cwd: root }));
    }
    const ask = <T>(w: ChildProcess, msg: Serializable) =>
      new Promise<T>((resolve) => {
        w.once('message', (m) => resolve(m as T));
        w.send(msg);
      });
    await Promise.all(
      threads.map((w, k) => ask(w, { type: 'init', port, cands: cands.filter((_, i) => i % CLIENTS === k) })),
    );
    /** One phase's figures in one round (the fields the summary reads). */
    type PhaseOut = { ok: number; failed: number; perSecond: number; p50: number; p99: number };
    const rounds: Array<Record<string, PhaseOut>> = [];
    /** Phase names: the kind alone for one server, target/kind for a cluster. */
    const phaseNames: string[] = [];
    for (const pass of passes) {
      await pass.before?.();
      for (let r = 0; r < ROUNDS; r++) {
        const round: Record<string, PhaseOut> = {};
        for (const target of pass.targets)
          for (const kind of PHASES) {
            const name = TARGET === 'cluster' ? `${target.name}/${kind}` : kind;
            if (!phaseNames.includes(name)) phaseNames.push(name);
            const loadBefore = load();
            const pgPids = databaseUrl ? await backendPids(databaseUrl) : [];
            const sPids = serverProcessPids();
            const cpuBefore = {
              server: sPids.reduce((a, p) => a + procCpu(p), 0),
              pg: pgPids.reduce((a, p) => a + procCpu(p), 0),
              machine: machineBusy(),
            };
            const t0 = Date.now();
            const reports = await Promise.all(
              threads.map((w) =>
                ask<PhaseReport>(w, { type: 'phase', kind, until: t0 + SECONDS * 1000, port: target.port }),
              ),
            );
            const secs = (Date.now() - t0) / 1000;
            const lat = Float64Array.from(reports.flatMap((x) => x.lat)).sort();
            const ok = reports.reduce((s, x) => s + x.ok, 0);
            const failed = reports.reduce((s, x) => s + x.failed, 0);
            const cpuPct = (v: number) => Math.round((v / secs) * 100);
            const cpu = {
              server: cpuPct(sPids.reduce((a, p) => a + procCpu(p), 0) - cpuBefore.server),
              clients: cpuPct(reports.reduce((a, x) => a + x.cpu, 0)),
              // Backends open at the start, plus those the pool opened during the phase (all of their time).
              postgresBackends: cpuPct(
                (databaseUrl ? (await backendPids(databaseUrl)).filter((p) => !pgPids.includes(p)) : [])
                  .concat(pgPids)
                  .reduce((a, p) => a + procCpu(p), 0) - cpuBefore.pg,
              ),
              machine: cpuPct(machineBusy() - cpuBefore.machine),
            };
            const out = {
              ok,
              failed,
              perSecond: Math.round(ok / secs),
              p50: +percentile(lat, 50).toFixed(2),
              p99: +percentile(lat, 99).toFixed(2),
              loadBefore,
              loadAfter: load(),
              cpuPercent: cpu,
            };
            console.log(JSON.stringify({ round: r + 1, phase: name, ...out }));
            round[name] = out;
          }
        rounds.push(round);
      }
    }
    const acked = (
      await Promise.all(
        threads.map((w) => ask<Array<{ id: number; acked: Array<[number, number]> }>>(w, { type: 'acked' })),
      )
    ).flat();
    console.log('verifying every acknowledged save is stored (API, then rows in the database)...');
    let lostApi = 0;
    for (const c of cands) {
      const res = await client.request('POST', '/api/test/answeredQts', c.token, { id: c.id });
      const saved = decodePayload<{ answers: Array<{ qid: number; seq: number }> }>(res.json.result);
      const bySeq = new Map(saved.answers.map((a) => [a.qid, a.seq]));
      for (const [qid, seq] of acked.find((a) => a.id === c.id)!.acked) if ((bySeq.get(qid) ?? -1) < seq) lostApi++;
    }
    await stopServer();
    const database = await createDb({ databaseUrl, dataDir: databaseUrl ? undefined : pgliteDir });
    const { rows } = await database.executeSql(
      'SELECT user_exam_id, question_id, client_seq FROM answers WHERE user_exam_id = ANY($1::int[])',
      [ids],
    );
    await database.close();
    const stored = new Map(rows.map((x) => [`${x.user_exam_id}:${x.question_id}`, Number(x.client_seq)]));
    let expectedRows = 0;
    let lostDb = 0;
    let acknowledgedSaves = 0;
    for (const a of acked) {
      for (const [qid, seq] of a.acked) {
        expectedRows++;
        if ((stored.get(`${a.id}:${qid}`) ?? -1) < seq) lostDb++;
      }
    }
    for (const r of rounds)
      for (const [name, out] of Object.entries(r)) if (!name.endsWith('trivial')) acknowledgedSaves += out.ok;
    const med = (name: string, f: 'perSecond' | 'p50' | 'p99') =>
      median(rounds.filter((r) => r[name]).map((r) => r[name]![f]));
    const summary = Object.fromEntries(
      phaseNames.map((k) => [
        k,
        {
          perSecond: med(k, 'perSecond'),
          p50: med(k, 'p50'),
          p99: med(k, 'p99'),
          failed: rounds.reduce((s, r) => s + (r[k]?.failed ?? 0), 0),
        },
      ]),
    );
    const result = {
      db: DB,
      target: TARGET,
      candidates: N,
      seconds: SECONDS,
      rounds: ROUNDS,
      clientThreads: CLIENTS,
      serverProcesses: WORKERS,
      median: summary,
      deltaToTrivialRatio:
        TARGET === 'single' && PHASES.includes('delta') && PHASES.includes('trivial')
          ? +(summary.delta!.perSecond / Math.max(1, summary.trivial!.perSecond)).toFixed(3)
          : null,
      acknowledgedSaves,
      answerRows: rows.length,
      expectedAnswerRows: expectedRows,
      lostSavesApi: lostApi,
      lostSavesDb: lostDb,
      perRound: rounds,
      at: new Date().toISOString(),
    };
    console.log(
      JSON.stringify(
        { median: summary, ratio: result.deltaToTrivialRatio, answerRows: rows.length, expectedRows, lostApi, lostDb },
        null,
        1,
      ),
    );
    const file = TARGET === 'cluster' ? 'results-cluster.json' : `results-${DB}.json`;
    writeFileSync(path.join(here, file), JSON.stringify(result, null, 2) + '\n');
  } finally {
    for (const w of threads) w.kill();
    client.close();
    await stopServer().catch(() => undefined);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
