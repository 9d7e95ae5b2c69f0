/**
 * The gap sweeps (ADR 0226, 0233) against many attempts in progress: how long one sweep of the
 * photo check and one of the speaker check take when N monitored attempts with the speaker check
 * are open, each with K periodic samples, and a share of them silent.
 *
 *   node --import tsx bench/proctoring-gaps/run.ts [--attempts 100000] [--samples 4] [--runs 5]
 *
 * Uses a scratch database `invigil_bench_gaps` on TEST_DATABASE_URL's server (default the local
 * PostgreSQL `test` database's server), dropped at the end.
 */
import pg from 'pg';
import { createDb } from '../../packages/db/src/create-db.ts';
import { ProctoringRepository } from '../../apps/server/src/modules/proctoring/proctoring.repository.ts';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('attempts', 100_000);
const K = arg('samples', 4);
const RUNS = arg('runs', 5);
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH = 'invigil_bench_gaps';
const scratchUrl = base.replace(/\/[^/]*$/, `/${SCRATCH}`);

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH}`);
await admin.query(`CREATE DATABASE ${SCRATCH}`);
const db = await createDb({ databaseUrl: scratchUrl, poolSize: 4 });
try {
  await db.migrate();
  const sql = (text: string, params: unknown[] = []) => db.executeSql(text, params);
  const t0 = performance.now();
  await sql(`INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored', 3600, $1::jsonb)`, [
    JSON.stringify({ monitoringflag: 1, photo_timer: 30, speaker_dialect: 1 }),
  ]);
  await sql(
    `INSERT INTO users (email, password_hash, first_name, last_name)
     SELECT 'c' || i || '@example.com', 'x', 'C', 'N' || i FROM generate_series(1, $1::int) i`,
    [N],
  );
  // every attempt started 100 s ago; one in ten went silent 300 s ago (its last picture and sample)
  await sql(
    `INSERT INTO user_exams (user_id, exam_id, status, started_at, last_photo_at, last_audio_at, photo_checks)
     SELECT u.id, 1, '001', now() - interval '100 seconds', t, t, 2
       FROM users u, LATERAL (SELECT now() - CASE WHEN u.id % 10 = 0 THEN interval '300 seconds' ELSE interval '10 seconds' END AS t) x`,
  );
  await sql(`UPDATE user_exams SET started_at = now() - interval '400 seconds' WHERE id % 10 = 0`);
  await sql(
    `INSERT INTO proctoring_audio_checks (user_exam_id, user_id, speakers, speech_seconds, duration_seconds, created_at)
     SELECT ue.id, ue.user_id, 1, 10, 15,
            now() - CASE WHEN ue.id % 10 = 0 THEN interval '300 seconds' ELSE interval '10 seconds' END - k * interval '30 seconds'
       FROM user_exams ue, generate_series(0, $1::int - 1) k`,
    [K],
  );
  // the device logs a real exam has (permission and microphone test per attempt), so the table
  // the sweeps look in is not empty when it was last analysed
  await sql(
    `INSERT INTO proctoring_logs (user_exam_id, user_id, channel, event)
     SELECT ue.id, ue.user_id, c, 'granted' FROM user_exams ue, unnest(ARRAY['permission', 'audio']) c`,
  );
  await sql('ANALYZE');
  console.log(`filled ${N} attempts x ${K} samples in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const repo = new ProctoringRepository(db);
  const BATCH = Number(process.env.GAP_BATCH ?? 5000); // the service's GAP_BATCH
  const sweeps = {
    picture: () => repo.recordGaps(120, 4, BATCH),
    speaker: () => repo.recordAudioGaps(120, BATCH),
  };
  for (const [label, sweep] of Object.entries(sweeps)) {
    // the first sweep after the silences began: batches until one is not full, as the service runs them
    const t = performance.now();
    let recorded = 0;
    let batches = 0;
    for (;;) {
      const n = (await sweep()).length;
      recorded += n;
      batches++;
      if (n < BATCH) break;
    }
    const first = performance.now() - t;
    await sql('ANALYZE proctoring_logs'); // as autovacuum would after so many new rows
    // then the steady state: every silence already recorded
    const ms: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const s0 = performance.now();
      if ((await sweep()).length) throw new Error('a silence was recorded twice');
      ms.push(performance.now() - s0);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `${label} gaps: first sweep ${recorded} recorded in ${batches} batches, ${first.toFixed(0)} ms; ` +
        `later sweeps ms min ${ms[0]!.toFixed(0)} median ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} max ${ms.at(-1)!.toFixed(0)}`,
    );
  }
} finally {
  await db.close();
  if (!process.argv.includes('--keep')) await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH}`);
  await admin.end();
}
