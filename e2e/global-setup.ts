import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './support/server.ts';

/**
 * One migrated database for the run (no demo data): the server is started once on an empty data
 * dir with the seed off and stopped; every fresh e2e server then starts from a copy of that dir
 * and seeds itself (support/server.ts), so the demo data's times are its own start's. A copy
 * skips initdb, the migrations and pg-boss's schema: a server is ready after 8-9 CPU-s instead
 * of 12-14 on this machine, for each of a run's fourteen or so servers (ADR 0243).
 */
export default async function globalSetup() {
  const dir = path.resolve(import.meta.dirname, `.artifacts/template-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const server = await startServer({ dataDir: dir, env: { SEED_ON_START: 'off' } });
  await server.stop('SIGINT');
  rmSync(path.join(dir, 'server.log'));
  process.env.E2E_DATA_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
