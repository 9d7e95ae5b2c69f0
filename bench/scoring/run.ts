/**
 * Scoring throughput (issue 16): N submitted attempts of 50 questions, one scoring job each sent
 * at once (the end of an exam), scored by the cluster's worker(s) on PostgreSQL.
 *
 *   node --import tsx bench/scoring/run.ts [--attempts 10000] [--workers 1] [--port 18750]
 *
 * Starts the local cluster (scripts/cluster.mjs, no analysis node: it plays no part in scoring)
 * on the scratch database `invigil_scoring`, makes the attempts in bulk, sends the jobs and
 * times until every attempt has its result; then checks each result against its answers.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cluster as clusterOf, defaultServer, freshDatabase } from '../faults/cluster.ts';
import { scoredCount, scoringProgress, sendScoringJobs, submittedAttempts } from './attempts.ts';

const { values: args } = parseArgs({
  options: {
    attempts: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: '18750' },
    timeout: { type: 'string', default: '300' },
  },
});
const N = Number(args.attempts);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const databaseUrl = await freshDatabase(defaultServer(), 'invigil_scoring');
  const cluster = clusterOf({ databaseUrl, port: Number(args.port), analysis: false, workers: Number(args.workers) });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    console.log(`making ${N} submitted attempts of 50 questions...`);
    const made = Date.now();
    const ids = await submittedAttempts(databaseUrl, N);
    console.log(`made in ${((Date.now() - made) / 1000).toFixed(1)} s`);
    cluster.start();
    await db.connect();
    await sleep(3000); // the nodes' own start-up work settles
    const loadBefore = loadavg()[0]!;
    const t0 = Date.now();
    await sendScoringJobs(databaseUrl, ids);
    const sent = Date.now() - t0;
    let scored = 0;
    let firstAt = 0;
    while (scored < N && Date.now() - t0 < Number(args.timeout) * 1000) {
      await sleep(200);
      scored = await scoredCount(db, ids);
      if (scored && !firstAt) firstAt = Date.now() - t0;
    }
    const seconds = (Date.now() - t0) / 1000;
    const loadAfter = loadavg()[0]!;
    const check = await scoringProgress(db, ids);
    const row = {
      attempts: N,
      workers: Number(args.workers),
      'jobs sent (s)': (sent / 1000).toFixed(1),
      'first result (s)': (firstAt / 1000).toFixed(1),
      'all scored (s)': seconds.toFixed(1),
      'attempts/s': Math.round(check.scored / seconds),
      scored: check.scored,
      'wrong results': check.wrong,
      load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    };
    console.table([row]);
    if (check.scored !== N || check.wrong) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    cluster.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
