import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { questions, userExams } from './assessment.ts';

/**
 * The scored run of one coding answer (ADR 0110): one row per attempt and question. `codeHash`
 * is of the language and code that were run, so a retried scoring job reuses the row instead of
 * running the code again, and a changed answer (regenerate) is run anew.
 */
export const codingResults = pgTable(
  'coding_results',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    language: text('language').notNull(),
    /** ok, compile-error, time-limit, ... of the run (the first failing case's verdict). */
    status: text('status').notNull(),
    passed: integer('passed').notNull(),
    total: integer('total').notNull(),
    marks: numeric('marks').notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.questionId] })],
);
