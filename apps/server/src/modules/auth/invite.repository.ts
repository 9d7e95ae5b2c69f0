import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Database, userInvites, users } from '@invigil/db';

/** Set-password links of imported users (ADR 0153): only token hashes are stored. */
export class InviteRepository {
  constructor(private readonly database: Database) {}

  /** The user of an unused, unexpired link, or null. */
  async userOf(tokenHash: string): Promise<number | null> {
    const rows = await this.database.db
      .select({ userId: userInvites.userId })
      .from(userInvites)
      .where(
        and(eq(userInvites.tokenHash, tokenHash), isNull(userInvites.usedAt), gt(userInvites.expiresAt, new Date())),
      )
      .limit(1);
    return rows[0]?.userId ?? null;
  }

  /**
   * Uses the link up and sets the password, in one transaction: false when the link was used
   * (or ran out) in between. The user's other unused links are deleted.
   */
  async consume(tokenHash: string, passwordHash: string): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const used = await tx
        .update(userInvites)
        .set({ usedAt: new Date() })
        .where(
          and(eq(userInvites.tokenHash, tokenHash), isNull(userInvites.usedAt), gt(userInvites.expiresAt, sql`now()`)),
        )
        .returning({ userId: userInvites.userId });
      const userId = used[0]?.userId;
      if (!userId) return false;
      await tx
        .update(users)
        .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx
        .delete(userInvites)
        .where(and(eq(userInvites.userId, userId), isNull(userInvites.usedAt), ne(userInvites.tokenHash, tokenHash)));
      return true;
    });
  }
}
