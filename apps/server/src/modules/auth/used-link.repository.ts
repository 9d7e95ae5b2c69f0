import { lt } from 'drizzle-orm';
import { type Database, usedAutoLoginLinks } from '@invigil/db';

/** Auto-login links already used: each signs in once (ADR 0001). */
export class UsedLinkRepository {
  constructor(private readonly database: Database) {}

  /**
   * Records the link as used; false when it was used before. Rows of links that have expired
   * anyway are deleted on the way, so the table holds at most a TTL's worth of links.
   */
  async claim(sig: string, userId: number, expiresAt: Date): Promise<boolean> {
    const { db } = this.database;
    await db.delete(usedAutoLoginLinks).where(lt(usedAutoLoginLinks.expiresAt, new Date()));
    const rows = await db
      .insert(usedAutoLoginLinks)
      .values({ sig, userId, expiresAt })
      .onConflictDoNothing()
      .returning({ sig: usedAutoLoginLinks.sig });
    return rows.length === 1;
  }
}
