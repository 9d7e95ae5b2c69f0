import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An organisation that assigns tests to its members. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every person who signs in: candidates, support staff, super administrators. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    contactNumber: text('contact_number').notNull().default(''),
    role: text('role').notNull().default('ROLE_CANDIDATE'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Membership of a user in an organisation. */
export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })],
);

/** Sign-in sessions. Only a SHA-256 hash of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** The last menu, organisation and type button a user chose (GET /test/getUserOrgData). */
export const userOrgData = pgTable('user_org_data', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  selectedMenu: text('selected_menu').notNull().default('Tests'),
  orgId: integer('org_id'),
  typeButton: text('type_button').notNull().default('TEST'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A record that a trivial queue job ran: proves the queue end to end on both databases. */
export const jobPings = pgTable('job_pings', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  handled: boolean('handled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Auto-login links already used (ADR 0001): a link signs in once. Keyed by the link's signature;
 * a row is kept until the link would have expired anyway, then deleted.
 */
export const usedAutoLoginLinks = pgTable(
  'used_auto_login_links',
  {
    sig: text('sig').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_auto_login_links_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins under names that are no account (issue 11): counted and locked like a real
 * account's, so replies do not tell which names exist. Keyed by the SHA-256 of the lowercased
 * name (no typed name is stored); rows idle for a day and not locked are deleted.
 */
export const failedLoginNames = pgTable(
  'failed_login_names',
  {
    nameHash: text('name_hash').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_login_names_updated_idx').on(t.updatedAt)],
);
