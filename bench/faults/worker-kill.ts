/**
 * Fault scenario 3 (issue 16): SIGKILL the worker while submitted attempts are being scored,
 * start it again, and check that every attempt ends with exactly one result and none is stuck.
 *
 *   node --import tsx bench/faults/worker-kill.ts [--attempts 1000] [--kill-after 0] [--timeout 240]
 *        [--sweep-ms 20000] [--rescue-after 60]   (the worker's sweep: EXAM_SWEEP_INTERVAL_MS, SCORE_RESCUE_AFTER_SECONDS)
 *
 * Starts the local cluster (scripts/cluster.mjs) on the scratch database `invigil_faults`, makes
 * N submitted attempts of 50 questions (bench/scoring/attempts.ts) and sends their scoring jobs
 * at once. When `--kill-after` results are written (default 0: the attempts are held from the
 * start, so the first batch is in the worker's hands) the worker is SIGKILLed mid-batch, then
 * restarted (`cluster.mjs restart worker`). A trigger the bench adds counts every write of a
 * result, so a result written twice shows even when its values are the same. Prints the row of
 * the fault table: results, duplicates, wrong marks, stuck attempts, time to the last result.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CLOSE_NOW, scoredCount, scoringProgress, sendScoringJobs, submittedAttempts } from '../scoring/attempts.ts';
import { cluster as clusterOf, defaultServer, dropDatabase, freshDatabase } from './cluster.ts';

const { values: args } = parseArgs({
  options: {
    attempts: { type: 'string', default: '1000' },
    'kill-after': { type: 'string', default: '0' },
    timeout: { type: 'string', default: '240' },
    port: { type: 'string', default: '18720' },
    // The worker's sweep: how often, and how late a result must be before it scores it.
    'sweep-ms': { type: 'string', default: '20000' },
    'rescue-after': { type: 'string', default: '60' },
  },
});
const N = Number(args.attempts);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts every write of a result (result_date set or changed) in a table of the bench's own. */
const COUNT_WRITES = `
  CREATE TABLE bench_result_writes (user_exam_id int NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
  CREATE FUNCTION bench_count_result_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO bench_result_writes (user_exam_id) VALUES (NEW.id); RETURN NEW; END $$;
  CREATE TRIGGER bench_count_result_write AFTER UPDATE OF result_date ON user_exams FOR EACH ROW
    WHEN (NEW.result_date IS DISTINCT FROM OLD.result_date) EXECUTE FUNCTION bench_count_result_write();`;

async function main() {
  const databaseUrl = await freshDatabase(defaultServer(), 'invigil_faults');
  const cluster = clusterOf({
    databaseUrl,
    port: Number(args.port),
    env: { EXAM_SWEEP_INTERVAL_MS: args['sweep-ms'], SCORE_RESCUE_AFTER_SECONDS: args['rescue-after'] },
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    console.log(`making ${N} submitted attempts of 50 questions...`);
    const ids = await submittedAttempts(databaseUrl, N);
    await db.connect();
    await db.query(COUNT_WRITES);
    // The kill lands mid-batch: at least --kill-after results written, and jobs in the worker's
    // hands whose attempts have no result yet (a batch fetched, not yet written). The attempts still
    // unscored are held locked, so the worker's next batch is fetched and read but its one UPDATE
    // waits: the kill lands with that batch in its hands on any machine, however fast or busy.
    // The attempts are marked closed before the worker starts, or its overdue-result sweep (5 s in
    // the short form) scores them all at once; with --kill-after 0 they are also held from then on.
    const killAfter = Number(args['kill-after']);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    if (killAfter > 0) await locker.query(CLOSE_NOW, [ids]);
    await locker.query('BEGIN');
    if (killAfter === 0) await locker.query(CLOSE_NOW, [ids]);
    cluster.start();
    const loadBefore = loadavg()[0]!;
    await sendScoringJobs(databaseUrl, ids, { markClosed: false });
    const inHand = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job j JOIN user_exams ue ON ue.id = (j.data->>'userExamId')::int
            WHERE j.name = 'results.score' AND j.state = 'active' AND ue.result_status = 'Processing'`,
        )
      ).rows[0]!.n;
    let scored = 0;
    if (killAfter > 0) {
      while (scored < killAfter) {
        await sleep(5);
        scored = await scoredCount(db, ids);
      }
      await locker.query(
        `SELECT id FROM user_exams WHERE id = ANY($1::int[]) AND result_status = 'Processing' FOR UPDATE`,
        [ids],
      );
    }
    scored = await scoredCount(db, ids);
    let held = scored < N ? await inHand() : 0;
    const waitUntil = Date.now() + 60_000;
    while (scored < N && held === 0 && Date.now() < waitUntil) {
      await sleep(20);
      held = await inHand();
    }
    // what the worker holds as it dies (its rows are locked above, so it cannot finish them first);
    // counted again after the kill, when ending its backends may have put its jobs back
    const heldAtKill = held;
    const killedAt = Date.now();
    process.kill(cluster.pids().worker!, 'SIGKILL');
    // A killed process's connections are closed by the kernel; PostgreSQL notices a backend that
    // waits on a lock only when it is granted, so end those backends as a lost node's would end.
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
          AND query ILIKE '%UPDATE user_exams%'`,
    );
    await locker.query('COMMIT');
    await locker.end();
    const atKill = await scoredCount(db, ids);
    held = await inHand();
    console.log(
      `worker SIGKILLed with ${atKill} of ${N} attempts scored and ${heldAtKill} unscored in its hands (${held} still active after it); restarting it...`,
    );
    cluster.restart('worker');
    const restartedIn = Date.now() - killedAt;
    console.log(`worker ready again ${(restartedIn / 1000).toFixed(1)} s after the kill`);
    while (scored < N && Date.now() - killedAt < Number(args.timeout) * 1000) {
      await sleep(500);
      scored = await scoredCount(db, ids);
    }
    const recovery = Date.now() - killedAt;
    const loadAfter = loadavg()[0]!;
    const check = await scoringProgress(db, ids);
    const {
      rows: [writes],
    } = await db.query<{ written: number; twice: number; total: number }>(
      `SELECT count(*)::int AS written, count(*) FILTER (WHERE n > 1)::int AS twice, coalesce(sum(n), 0)::int AS total
         FROM (SELECT user_exam_id, count(*) AS n FROM bench_result_writes WHERE user_exam_id = ANY($1::int[])
                GROUP BY user_exam_id) w`,
      [ids],
    );
    const { rows: jobs } = await db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM pgboss.job
        WHERE name = 'results.score' AND (data->>'userExamId')::int = ANY($1::int[]) GROUP BY state ORDER BY state`,
      [ids],
    );
    const stuck = N - check.scored;
    console.table([
      {
        scenario: 'SIGKILL the worker while attempts are scored, restart it',
        attempts: N,
        load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
        'scored at the kill': atKill,
        'unscored jobs in the killed worker': heldAtKill,
        'with one result': writes!.written - writes!.twice,
        'written twice': writes!.twice,
        'wrong marks': check.wrong,
        stuck,
        'last result after the kill': `${(recovery / 1000).toFixed(1)} s`,
      },
    ]);
    // Jobs the killed worker held stay active until they expire (300 s), then run again and find their result.
    console.log('their scoring jobs by state:', Object.fromEntries(jobs.map((j) => [j.state, j.n])));
    if (stuck || writes!.twice || check.wrong || writes!.total !== N) process.exitCode = 1;
    if (heldAtKill === 0) {
      console.error('the kill did not land mid-batch (every attempt was scored first): use more --attempts');
      process.exitCode = 1;
    }
  } finally {
    await db.end().catch(() => undefined);
    cluster.stop();
    await dropDatabase(defaultServer(), 'invigil_faults');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
