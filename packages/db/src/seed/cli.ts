// npm run seed [-- --reset]: fills (or rebuilds) the demo data in DATABASE_URL or ./data.
import path from 'node:path';
import { createDb } from '../create-db.ts';
import { seed } from './index.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const reset = process.argv.includes('--reset');
const database = await createDb({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')), 'pglite'),
});
await database.migrate();
const outcome = await seed(database, { reset });
console.log(
  outcome === 'seeded'
    ? `Demo data ${reset ? 'rebuilt' : 'created'}.`
    : 'Demo data already present (use --reset to rebuild).',
);
await database.close();
