/**
 * The worker's rescue sweep at scale (issue 16): how long its query (`unscored` in
 * apps/server/src/modules/results/results.repository.ts) takes on a user_exams table of N rows,
 * with the partial index `user_exams_unscored_idx` (migration 0013) and without it.
 *
 *   node --import tsx bench/scoring/rescue-sweep.ts [--rows 2000000] [--unscored 50] [--runs 20]
 *
 * Makes the scratch database `invigil_sweep` on FAULTS_DATABASE_SERVER (dropped at the end), migrates it, fills
 * user_exams with N scored attempts plus a few closed ones still without a result, then times the
 * sweep's exact query (median of --runs) and prints its plan both ways.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '@invigil/db';
import pg from 'pg';
import { defaultServer, freshDatabase } from '../faults/cluster.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '2000000' },
    unscored: { type: 'string', default: '50' },
    runs: { type: 'string', default: '20' },
  },
});

// The sweep's query as the repository runs it (60 s after closing, within the last hour, 1,000 at most).
const SWEEP = `SELECT id FROM user_exams WHERE result_status = 'Processing' AND status IN ('010','011','111')
  AND updated_at <= now() - make_interval(secs => 60)
  AND COALESCE(finished_at, updated_at) >= now() - make_interval(secs => 3600) ORDER BY id LIMIT 1000`;

async function timeSweep(db: pg.Client, runs: number) {
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    found = (await db.query(SWEEP)).rowCount ?? 0;
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const plan = (await db.query(`EXPLAIN ${SWEEP}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  return { median: ms[Math.floor(ms.length / 2)]!, found, plan: plan.join('\n    ') };
}

async function main() {
  const rows = Number(args.rows);
  const databaseUrl = await freshDatabase(defaultServer(), 'invigil_sweep');
  const database = await createDb({ databaseUrl, poolSize: 1 });
  await database.migrate();
  await database.close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = Date.now();
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('sweep@example.com', 'x', 'S', 'W')`,
    );
    await db.query(`INSERT INTO exams (name, test_type, duration_seconds) VALUES ('Sweep bench', 1, 600)`);
    const {
      rows: [exam],
    } = await db.query<{ id: number }>(`SELECT id FROM exams WHERE name = 'Sweep bench'`);
    const {
      rows: [user],
    } = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'sweep@example.com'`);
    // Old attempts, all scored (what a year of exams leaves), then a few closed ones still waiting.
    await db.query(
      `INSERT INTO user_exams (user_id, exam_id, status, finished_at, result_status, updated_at, attempt_no)
       SELECT $1, $2, '010', now() - interval '30 days', 'Processed', now() - interval '30 days', g
         FROM generate_series(1, $3::int) g`,
      [user!.id, exam!.id, rows],
    );
    await db.query(
      `INSERT INTO user_exams (user_id, exam_id, status, finished_at, result_status, updated_at, attempt_no)
       SELECT $1, $2, '010', now() - interval '5 minutes', 'Processing', now() - interval '5 minutes', $3::int + g
         FROM generate_series(1, $4::int) g`,
      [user!.id, exam!.id, rows, Number(args.unscored)],
    );
    await db.query('ANALYZE user_exams');
    console.log(`user_exams: ${rows + Number(args.unscored)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const load = loadavg()[0]!.toFixed(1);
    const withIndex = await timeSweep(db, Number(args.runs));
    await db.query('DROP INDEX user_exams_unscored_idx');
    await db.query('ANALYZE user_exams');
    const without = await timeSweep(db, Number(args.runs));
    console.table([
      {
        index: 'user_exams_unscored_idx (migration 0013)',
        rows,
        load,
        'median ms': withIndex.median.toFixed(2),
        found: withIndex.found,
      },
      {
        index: 'none (before)',
        rows,
        load: loadavg()[0]!.toFixed(1),
        'median ms': without.median.toFixed(2),
        found: without.found,
      },
    ]);
    console.log(`plan with the index:\n    ${withIndex.plan}\nplan without:\n    ${without.plan}`);
  } finally {
    await db.end();
    const admin = new pg.Client({ connectionString: `${defaultServer()}/postgres` });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS invigil_sweep WITH (FORCE)');
    await admin.end();
  }
}

await main();
