import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The code runner's runs in flight, shared by every API node (ADR 0214): one lease per run,
 * taken before the run reaches the runner and deleted when it ends, whatever its outcome. A
 * lease whose `expires_at` has passed (its node died mid-run and stopped renewing it) no longer
 * counts and is swept.
 */
export const codeRunLeases = pgTable(
  'code_run_leases',
  {
    /** A random id per run. */
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The API node that runs it (host name and process id), for the operator. */
    node: text('node').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('code_run_leases_user_idx').on(t.userId, t.expiresAt),
    index('code_run_leases_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * When each user's code runs started (ADR 0214), for the per-minute limit over every API node:
 * a sliding window of the last minute, by the database's clock. Rows older than a minute no
 * longer count and are swept.
 */
export const codeRunStarts = pgTable(
  'code_run_starts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('code_run_starts_user_idx').on(t.userId, t.startedAt),
    index('code_run_starts_started_at_idx').on(t.startedAt),
  ],
);
