import type { Database } from '../create-db.ts';
import { hashPassword } from '../passwords.ts';
import { organizations, userOrganizations, users } from '../schema/index.ts';

export const DEMO_ORGS = [
  { id: 1, name: 'Northwind Academy' },
  { id: 2, name: 'Globex Corporation' },
] as const;

export const DEMO_USERS = [
  {
    email: 'candidate@example.com',
    password: 'Candidate@123',
    firstName: 'Asha',
    lastName: 'Rao',
    role: 'ROLE_CANDIDATE',
    contactNumber: '9876543210',
    orgs: [1, 2],
  },
  {
    email: 'candidate2@example.com',
    password: 'Candidate@123',
    firstName: 'Ravi',
    lastName: 'Kumar',
    role: 'ROLE_CANDIDATE',
    contactNumber: '9876501234',
    orgs: [1, 2],
  },
  {
    email: 'support@example.com',
    password: 'Support@123',
    firstName: 'Sam',
    lastName: 'Iyer',
    role: 'ROLE_SUPPORT',
    contactNumber: '9123456780',
    orgs: [1],
  },
  {
    email: 'admin@example.com',
    password: 'Admin@1234',
    firstName: 'Meera',
    lastName: 'Das',
    role: 'ROLE_SUPERADMIN',
    contactNumber: '9012345678',
    orgs: [1],
  },
] as const;

/** Organisations and the demo accounts. Returns user ids by e-mail. */
export async function seedIdentity(database: Database): Promise<Record<string, number>> {
  const { db } = database;
  await db
    .insert(organizations)
    .values([...DEMO_ORGS])
    .onConflictDoNothing();
  await database.executeSql(
    `SELECT setval(pg_get_serial_sequence('organizations', 'id'), (SELECT max(id) FROM organizations))`,
  );
  const ids: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        email: u.email,
        passwordHash: await hashPassword(u.password),
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        contactNumber: u.contactNumber,
      })
      .returning({ id: users.id });
    ids[u.email] = row!.id;
    await db.insert(userOrganizations).values(u.orgs.map((organizationId) => ({ userId: row!.id, organizationId })));
  }
  return ids;
}
