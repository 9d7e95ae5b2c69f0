import { eq, sql } from 'drizzle-orm';
import { type Database, userOrganizations, users } from '@invigil/db';

export type UserRow = typeof users.$inferSelect;

/** Users as the auth and profile modules need them. */
export class UserRepository {
  constructor(private readonly database: Database) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<UserRow | null> {
    const rows = await this.database.db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async organizationIds(userId: number): Promise<number[]> {
    const rows = await this.database.db
      .select({ id: userOrganizations.organizationId })
      .from(userOrganizations)
      .where(eq(userOrganizations.userId, userId))
      .orderBy(userOrganizations.organizationId);
    return rows.map((r) => r.id);
  }

  async recordFailure(userId: number, failedAttempts: number, lockedUntil: Date | null): Promise<void> {
    await this.database.db.update(users).set({ failedAttempts, lockedUntil }).where(eq(users.id, userId));
  }

  async clearFailures(userId: number): Promise<void> {
    await this.database.db.update(users).set({ failedAttempts: 0, lockedUntil: null }).where(eq(users.id, userId));
  }

  async updateProfile(
    userId: number,
    p: { firstName: string; lastName: string; contactNumber: string },
  ): Promise<boolean> {
    const rows = await this.database.db
      .update(users)
      .set({ ...p, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<boolean> {
    const rows = await this.database.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
