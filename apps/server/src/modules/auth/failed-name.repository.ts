import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { type Database, failedLoginNames } from '@invigil/db';
import { hashToken } from '../../lib/tokens.ts';

/** How long an unknown name's failures are remembered without a new one (a lock runs out first). */
const IDLE_MS = 24 * 3_600_000;

/**
 * Failed sign-ins under names that are no account, in the database like a real account's count
 * (so every API node answers alike). Stored by the SHA-256 of the name.
 */
export class FailedNameRepository {
  constructor(private readonly database: Database) {}

  async find(name: string): Promise<{ failedAttempts: number; lockedUntil: Date | null } | null> {
    const rows = await this.database.db
      .select({ failedAttempts: failedLoginNames.failedAttempts, lockedUntil: failedLoginNames.lockedUntil })
      .from(failedLoginNames)
      .where(eq(failedLoginNames.nameHash, hashToken(name)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Stores the name's count; rows idle for a day (and not locked) are dropped on the way. */
  async record(name: string, failedAttempts: number, lockedUntil: Date | null): Promise<void> {
    const { db } = this.database;
    const now = new Date();
    await db
      .delete(failedLoginNames)
      .where(
        and(
          lt(failedLoginNames.updatedAt, new Date(now.getTime() - IDLE_MS)),
          or(isNull(failedLoginNames.lockedUntil), lt(failedLoginNames.lockedUntil, now)),
        ),
      );
    await db
      .insert(failedLoginNames)
      .values({ nameHash: hashToken(name), failedAttempts, lockedUntil, updatedAt: now })
      .onConflictDoUpdate({ target: failedLoginNames.nameHash, set: { failedAttempts, lockedUntil, updatedAt: now } });
  }
}
