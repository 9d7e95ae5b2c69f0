/**
 * Answer-save load generator (issue 4). N simulated candidates, each signed in with its own
 * token, save progress against the real server on PostgreSQL or PGlite. Reports saves/s and
 * p50/p99 for the delta save and the spec's full 50-question form, the req/s of a trivial route
 * (the ceiling), and checks afterwards that no save was lost (every acknowledged seq is stored).
 *
 *   node --import tsx bench/answer-saves/run.ts --db postgres|pglite [--candidates 100] [--seconds 15]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePayload, encodePayload } from '@invigil/contracts';
import pg from 'pg';
import { Client, percentile } from './client.ts';
import { BENCH_PASSWORD, QUESTIONS, prepare } from './prepare.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const DB = arg('db', 'postgres');
const N = Number(arg('candidates', '100'));
const SECONDS = Number(arg('seconds', '15'));
let PORT = Number(arg('port', '0'));
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
  if (!PORT) PORT = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-'));
  const databaseUrl = DB === 'postgres' ? await scratchPg() : undefined;
  console.log(`preparing ${DB} with ${N} candidates...`);
  const ids = await prepare({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'), candidates: N });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '1000000', SEED_ON_START: 'off', WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const client = new Client(PORT, N + 4);
  try {
    for (let i = 0; i < 120; i++) {
      const r = await client.request('GET', '/readyz');
      if (r.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log('signing in and starting...');
    type Cand = { token: string; id: number; qids: number[]; seq: number; acked: Map<number, number>; values: Map<number, { seq: number; value: string }> };
    const cands: Cand[] = [];
    for (let i = 0; i < N; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, N - i) }, async (_, j) => {
        const login = await client.request('POST', '/api/login', undefined, { userName: `bench${i + j}@example.com`, password: BENCH_PASSWORD, regen: true });
        if (login.status !== 200) throw new Error(`login failed ${login.status} ${JSON.stringify(login.json)}`);
        return login.json.token as string;
      }));
      for (const token of batch) cands.push({ token, id: ids[cands.length]!, qids: [], seq: 0, acked: new Map(), values: new Map() });
    }
    for (const c of cands) {
      const ut = await client.request('POST', '/api/test/userTest', c.token, { examId: c.id });
      c.qids = decodePayload<any[]>(ut.json.quesData).map((q) => q.qid);
      const st = await client.request('POST', '/api/test/startExam', c.token, { id: c.id });
      if (st.status !== 200) throw new Error(`start failed ${st.status}`);
    }
    const phase = async (name: string, make: (c: (typeof cands)[number]) => { method: string; path: string; body?: unknown; after?(ok: boolean): void }) => {
      const lat: number[] = [];
      let ok = 0;
      let failed = 0;
      const end = Date.now() + SECONDS * 1000;
      const t0 = Date.now();
      await Promise.all(cands.map(async (c) => {
        while (Date.now() < end) {
          const r = make(c);
          const res = await client.request(r.method, r.path, c.token, r.body);
          lat.push(res.ms);
          if (res.status === 200) ok++;
          else failed++;
          r.after?.(res.status === 200);
        }
      }));
      const secs = (Date.now() - t0) / 1000;
      lat.sort((a, b) => a - b);
      const out = { name, requests: ok + failed, ok, failed, perSecond: Math.round(ok / secs), p50: +percentile(lat, 50).toFixed(2), p99: +percentile(lat, 99).toFixed(2) };
      console.log(JSON.stringify(out));
      return out;
    };
    const trivial = await phase('trivial GET /healthz', () => ({ method: 'GET', path: '/healthz' }));
    const ack = (c: Cand, qid: number, seq: number, value: string) => (good: boolean) => {
      if (!good) return;
      c.acked.set(qid, Math.max(c.acked.get(qid) ?? 0, seq));
      if ((c.values.get(qid)?.seq ?? 0) <= seq) c.values.set(qid, { seq, value });
    };
    const delta = await phase('delta save (1 changed answer)', (c) => {
      const seq = ++c.seq;
      const qid = c.qids[seq % QUESTIONS]!;
      const value = String(seq);
      return {
        method: 'POST', path: '/api/test/answeredQuestions',
        body: { id: c.id, changes: [{ qid, seq, answer: { selectedChoiceId: value, buttonStyle: 'Answered' } }] },
        after: ack(c, qid, seq, value),
      };
    });
    // The spec's full form: all 50 questions every time (one changed), kept as a versioned snapshot.
    const full = await phase(`full-form save (${QUESTIONS} questions, versioned snapshot)`, (c) => {
      const seq = ++c.seq;
      const changed = c.qids[seq % QUESTIONS]!;
      const items = c.qids.map((qid) => {
        if (qid === changed) return { qid, seq, selectedChoiceId: String(seq), buttonStyle: 'Answered' };
        const v = c.values.get(qid);
        return v ? { qid, seq: v.seq, selectedChoiceId: v.value, buttonStyle: 'Answered' } : { qid, buttonStyle: 'Not Visited' };
      });
      return {
        method: 'POST', path: '/api/test/answeredQuestions',
        body: { id: c.id, examDetail: encodePayload({ id: c.id, status: '001' }), quesData: encodePayload(items) },
        after: ack(c, changed, seq, String(seq)),
      };
    });
    console.log('verifying every acknowledged save is stored...');
    let lost = 0;
    let rows = 0;
    for (const c of cands) {
      const r = await client.request('POST', '/api/test/answeredQts', c.token, { id: c.id });
      const saved = decodePayload<{ answers: Array<{ qid: number; seq: number }> }>(r.json.result);
      rows += saved.answers.length;
      const bySeq = new Map(saved.answers.map((a) => [a.qid, a.seq]));
      for (const [qid, seq] of c.acked) if ((bySeq.get(qid) ?? -1) < seq) lost++;
    }
    const result = {
      db: DB, candidates: N, seconds: SECONDS, trivial, delta, full, answerRows: rows, lostSaves: lost,
      deltaToTrivialRatio: +(delta.perSecond / Math.max(1, trivial.perSecond)).toFixed(3),
      at: new Date().toISOString(),
    };
    console.log(JSON.stringify(result, null, 2));
    writeFileSync(path.join(here, `results-${DB}.json`), JSON.stringify(result, null, 2) + '\n');
  } finally {
    client.close();
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
