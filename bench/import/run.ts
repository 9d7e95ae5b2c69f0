/**
 * Issue 17 bench: `npm run import` of a 1,000-item QTI 3.0 package and `npm run roster` of a
 * 10,000-row CSV, each as its own process (the command users run) on a fresh database, timed
 * with GNU time: wall seconds and peak RSS. Then the roster again (10,000 updates).
 *
 *   node --import tsx bench/import/run.ts [--items 1000] [--rows 10000] [--db postgres]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bigPackage, bigRoster } from './generate.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const items = Number(arg('items', '1000'));
const rows = Number(arg('rows', '10000'));
const db = arg('db', 'pglite');
const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-import-'));

async function scratchDatabase(): Promise<string | undefined> {
  if (db !== 'postgres') return undefined;
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS invigil_bench_import WITH (FORCE)');
  await admin.query('CREATE DATABASE invigil_bench_import');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/invigil_bench_import';
  return u.toString();
}

/** Runs `npm run <script> -- <file>` under GNU time; wall seconds and peak RSS (MB). */
function measure(script: string, file: string, env: Record<string, string>) {
  const timing = path.join(dir, 'time.txt');
  const started = Date.now();
  execFileSync(
    '/usr/bin/time',
    ['-f', '%e %M', '-o', timing, process.execPath, '--import', 'tsx', `apps/server/src/cli/${script}.ts`, file],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [seconds, kb] = readFileSync(timing, 'utf8').trim().split(/\s+/).map(Number);
  return { seconds: seconds!, wallMs: Date.now() - started, peakRssMb: Math.round(kb! / 1024) };
}

const pkg = path.join(dir, 'package.zip');
writeFileSync(pkg, bigPackage(items));
const csv = path.join(dir, 'roster.csv');
writeFileSync(csv, bigRoster(rows));
const databaseUrl = await scratchDatabase();
const env: Record<string, string> = {
  DATA_DIR: path.join(dir, 'data'),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
// The database made, migrated and filled with the demo data first, so each figure is the command's own work.
execFileSync(process.execPath, ['--import', 'tsx', 'packages/db/src/seed/cli.ts'], {
  cwd: root,
  env: { ...process.env, ...env },
  stdio: 'ignore',
});
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const results = {
  date: new Date().toISOString(),
  db,
  loadBefore: load,
  packageBytes: readFileSync(pkg).length,
  import: measure('import', pkg, env),
  rosterCreate: measure('roster', csv, env),
  rosterUpdate: measure('roster', csv, env),
  loadAfter: loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
};
console.log(JSON.stringify(results, null, 2));
writeFileSync(path.join(import.meta.dirname, `results-${db}.json`), `${JSON.stringify(results, null, 2)}\n`);
