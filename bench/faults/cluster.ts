/**
 * The benches' handle on the local cluster (scripts/cluster.mjs, the same start code as
 * `npm run cluster`): a scratch database, start, stop, restart of one part, and the parts' pids.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PostgreSQL server the benches use unless told otherwise (the machine's shared one). */
export const defaultServer = () => process.env.FAULTS_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

/** Runs the statements on `server`'s `postgres` database, for the scratch database `name`. */
async function onServer(server: string, name: string, statements: string[]) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Drops and creates the database `name` on `server` (a postgres://host:port URL without a database). */
export async function freshDatabase(server: string, name: string): Promise<string> {
  await onServer(server, name, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  return `${server}/${name}`;
}

/** Drops the scratch database `name` at the end of a run, so the server is left as it was found. */
export async function dropDatabase(server: string, name: string): Promise<void> {
  await onServer(server, name, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]).catch((e: Error) =>
    console.error(`could not drop the scratch database ${name}: ${e.message}`),
  );
}

export interface ClusterOptions {
  databaseUrl: string;
  /** The balancer's port; the nodes take the next ones (scripts/cluster.mjs). */
  port: number;
  /** Start the analysis node (default true). */
  analysis?: boolean;
  /** Worker nodes (default 1). */
  workers?: number;
  env?: Record<string, string>;
}

/** start, stop, restart <part>, status: scripts/cluster.mjs with the bench's settings. */
export function cluster(opts: ClusterOptions) {
  const env = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    PORT: String(opts.port),
    LOGIN_RATE_PER_MINUTE: '100000',
    CLUSTER_ANALYSIS: opts.analysis === false ? 'off' : (process.env.CLUSTER_ANALYSIS ?? 'on'),
    CLUSTER_WORKERS: String(opts.workers ?? 1),
    ...opts.env,
  };
  const run = (...args: string[]) =>
    spawnSync('node', ['scripts/cluster.mjs', ...args], { cwd: root, env, stdio: 'inherit' });
  return {
    start() {
      if (run('start').status !== 0) throw new Error('the cluster did not start');
    },
    stop() {
      run('stop');
    },
    restart(part: string) {
      if (run('restart', part).status !== 0) throw new Error(`${part} did not restart`);
    },
    /** The running parts' pids (api1, api2, worker, worker2..., analysis, haproxy). */
    pids(): Record<string, number> {
      return JSON.parse(readFileSync(path.join(root, '.cluster/pids.json'), 'utf8')) as Record<string, number>;
    },
  };
}
