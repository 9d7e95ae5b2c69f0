import type { Database } from '../create-db.ts';

/** Context passed to every seeder: the database and the demo user ids by e-mail. */
export interface SeedContext {
  database: Database;
  userIds: Record<string, number>;
}
