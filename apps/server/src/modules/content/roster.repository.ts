import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, groups, organizations, userGroups, userInvites, userOrganizations, users } from '@invigil/db';
import type { DbOrTx } from '@invigil/db/exam-draft';

/** The password hash of an imported user who has not set a password yet (never verifies: not scrypt). */
const NO_PASSWORD = '!invited';

const CHUNK = 500;
const chunks = <T>(xs: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
};
const lower = (s: string) => s.toLowerCase();

export interface PersonRow {
  email: string;
  firstName: string;
  lastName: string;
  contactNumber: string;
}

export interface ExistingUser {
  id: number;
  email: string;
  role: string;
  hasPassword: boolean;
}

/** The roster's reads and writes (one transaction for the writes: RosterService). */
export class RosterRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  /** Accounts that already exist, by lowercased e-mail. */
  async existingUsers(emails: string[], tx: DbOrTx = this.database.db): Promise<Map<string, ExistingUser>> {
    const out = new Map<string, ExistingUser>();
    for (const part of chunks(emails)) {
      const rows = await tx
        .select({ id: users.id, email: users.email, role: users.role, hash: users.passwordHash })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, part));
      for (const r of rows)
        out.set(lower(r.email), { id: r.id, email: r.email, role: r.role, hasPassword: !r.hash.startsWith('!') });
    }
    return out;
  }

  /** Organisations by name (case-insensitive, the oldest of equal names), created when missing. */
  async organisations(
    tx: DbOrTx,
    names: string[],
  ): Promise<Map<string, { id: number; name: string; created: boolean }>> {
    const out = new Map<string, { id: number; name: string; created: boolean }>();
    const existing = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(sql`lower(${organizations.name})`, names.map(lower)))
      .orderBy(organizations.id);
    for (const o of existing) if (!out.has(lower(o.name))) out.set(lower(o.name), { ...o, created: false });
    const missing = names.filter((n) => !out.has(lower(n)));
    if (missing.length) {
      const made = await tx
        .insert(organizations)
        .values(missing.map((name) => ({ name })))
        .returning({ id: organizations.id, name: organizations.name });
      for (const o of made) out.set(lower(o.name), { ...o, created: true });
    }
    return out;
  }

  /** Tests groups of an organisation by name, created when missing. Keyed `orgId|lower(name)`. */
  async groups(tx: DbOrTx, wanted: Array<{ organizationId: number; name: string }>) {
    const out = new Map<string, { id: number; name: string; organizationId: number; created: boolean }>();
    const key = (orgId: number, name: string) => `${orgId}|${lower(name)}`;
    const orgIds = [...new Set(wanted.map((w) => w.organizationId))];
    const existing = await tx
      .select({ id: groups.id, name: groups.name, organizationId: groups.organizationId })
      .from(groups)
      .where(and(inArray(groups.organizationId, orgIds), eq(groups.category, 'TEST')))
      .orderBy(groups.id);
    for (const g of existing)
      if (!out.has(key(g.organizationId, g.name))) out.set(key(g.organizationId, g.name), { ...g, created: false });
    const missing = wanted.filter((w) => !out.has(key(w.organizationId, w.name)));
    if (missing.length) {
      const made = await tx
        .insert(groups)
        .values(missing.map((w) => ({ organizationId: w.organizationId, name: w.name, category: 'TEST' as const })))
        .returning({ id: groups.id, name: groups.name, organizationId: groups.organizationId });
      for (const g of made) out.set(key(g.organizationId, g.name), { ...g, created: true });
    }
    return { byKey: out, key };
  }

  /** New candidates without a password (they set one through their link). Returns ids by e-mail. */
  async createUsers(tx: DbOrTx, people: PersonRow[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(people)) {
      const rows = await tx
        .insert(users)
        .values(part.map((p) => ({ ...p, passwordHash: NO_PASSWORD, role: 'ROLE_CANDIDATE' })))
        .returning({ id: users.id, email: users.email });
      for (const r of rows) out.set(lower(r.email), r.id);
    }
    return out;
  }

  /** Names and contact numbers of existing candidates (never their password, e-mail or role). */
  async updateUsers(tx: DbOrTx, people: Array<PersonRow & { id: number }>): Promise<void> {
    for (const part of chunks(people)) {
      const values = sql.join(
        part.map((p) => sql`(${p.id}::int, ${p.firstName}::text, ${p.lastName}::text, ${p.contactNumber}::text)`),
        sql`, `,
      );
      await tx.execute(sql`UPDATE users u SET first_name = v.f, last_name = v.l, contact_number = v.c, updated_at = now()
        FROM (VALUES ${values}) AS v(id, f, l, c) WHERE u.id = v.id`);
    }
  }

  async addMemberships(
    tx: DbOrTx,
    orgs: Array<{ userId: number; organizationId: number }>,
    members: Array<{ userId: number; groupId: number }>,
  ): Promise<void> {
    for (const part of chunks(orgs)) await tx.insert(userOrganizations).values(part).onConflictDoNothing();
    for (const part of chunks(members)) await tx.insert(userGroups).values(part).onConflictDoNothing();
  }

  /** New set-password links replace the user's unused ones. */
  async replaceInvites(
    tx: DbOrTx,
    invites: Array<{ userId: number; tokenHash: string; expiresAt: Date }>,
  ): Promise<void> {
    for (const part of chunks(invites)) {
      await tx.delete(userInvites).where(
        and(
          inArray(
            userInvites.userId,
            part.map((i) => i.userId),
          ),
          sql`${userInvites.usedAt} IS NULL`,
        ),
      );
      await tx.insert(userInvites).values(part);
    }
  }
}
