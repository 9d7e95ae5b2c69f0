import type { Database } from '../create-db.ts';
import type { SeedContext } from './context.ts';
import { seedIdentity } from './identity.seed.ts';
import { seedDashboard } from './dashboard.seed.ts';
import { seedExamEngine } from './exam-engine.seed.ts';
import { seedProctoring } from './proctoring.seed.ts';
import { seedCoding } from './coding.seed.ts';
import { seedOperations } from './operations.seed.ts';
import { seedRecordings } from './recordings.seed.ts';

/** Further seeders (assessment data, ...) run in this order after the accounts. Add one line each. */
const seeders: Array<(ctx: SeedContext) => Promise<void>> = [
  seedDashboard,
  seedExamEngine,
  seedProctoring,
  seedCoding,
  seedRecordings,
  seedOperations,
];

async function tablesToReset(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '\\_\\_drizzle%'`,
  );
  return rows.map((r) => r.tablename as string);
}

/** Empties every application table (the queue's schema is left alone). */
export async function resetData(database: Database): Promise<void> {
  const tables = await tablesToReset(database);
  if (tables.length)
    await database.executeSql(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
}

/** Fills the demo data. Idempotent: does nothing when the demo accounts exist, unless reset. */
export async function seed(database: Database, options: { reset?: boolean } = {}): Promise<'seeded' | 'skipped'> {
  if (options.reset) await resetData(database);
  const { rows } = await database.executeSql(
    `SELECT count(*)::int AS n FROM users WHERE email = 'candidate@example.com'`,
  );
  if (rows[0].n > 0) return 'skipped';
  const userIds = await seedIdentity(database);
  for (const s of seeders) await s({ database, userIds });
  return 'seeded';
}

/** First start: fill the demo data into an empty database. */
export async function seedIfEmpty(database: Database): Promise<void> {
  const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM users');
  if (rows[0].n === 0) await seed(database);
}
