import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userExams } from './assessment.ts';
import { users } from './identity.ts';

/**
 * The attempt timeline (ADR 0121): append-only events the server writes where they happen
 * (sign-ins, start, resume, saves, window switches, proctoring verdicts, submissions, scoring
 * runs) and every staff action with who did it. Rows are inserted, never changed.
 */
export const attemptEvents = pgTable(
  'attempt_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the attempt, when the event belongs to one (a sign-in or a search does not) */
    userExamId: integer('user_exam_id').references(() => userExams.id, { onDelete: 'cascade' }),
    /** whose account or attempt it is about */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** who did it (the candidate, a staff member, or null for the server itself) */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attempt_events_attempt_idx').on(t.userExamId, t.id),
    index('attempt_events_user_idx').on(t.userId, t.id),
  ],
);
