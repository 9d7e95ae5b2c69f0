import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { exams, groups } from './assessment.ts';
import { users } from './identity.ts';

/**
 * A test scheduled for a group by an administrator (issue 17): the instance exam it was copied
 * into (with the schedule's duration, languages, monitoring and result settings), the window
 * and how many attempts each member may make. `user_exams.schedule_id` points here.
 */
export const examSchedules = pgTable(
  'exam_schedules',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    sourceExamId: integer('source_exam_id').references(() => exams.id, { onDelete: 'set null' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_schedules_group_idx').on(t.groupId)],
);

/**
 * Set-password links of users an administrator imported (ADR 0153): only the SHA-256 of the
 * token is kept; a link works once, until `expiresAt`. A newer link replaces older unused ones.
 */
export const userInvites = pgTable(
  'user_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_invites_user_idx').on(t.userId)],
);
