import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const SCRIPT = `
import { createDb } from './packages/db/src/create-db.ts';
const db = await createDb({ dataDir: process.env.E2E_PGLITE_DIR });
await db.executeSql(process.env.E2E_SQL);
await db.close();
`;

/**
 * Runs SQL on a stopped e2e server's embedded database (its data dir), for data no import or
 * screen can make: an organisation's legacy rows, for example. The server must be stopped
 * (the embedded database has one writer).
 */
export function editDatabase(dataDir: string, sql: string) {
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: root,
    env: { ...process.env, E2E_PGLITE_DIR: path.join(dataDir, 'pglite'), E2E_SQL: sql },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
