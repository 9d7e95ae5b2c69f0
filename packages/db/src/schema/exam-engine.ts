import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { questions, userExams } from './assessment.ts';

/**
 * The questions served to one attempt, in order. Adaptive tests (examtypeid 4) add one row
 * per question the server picks; the served order is what the candidate sees.
 */
export const attemptQuestions = pgTable(
  'attempt_questions',
  {
    userExamId: integer('user_exam_id')
      .notNull()
      .references(() => userExams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userExamId, t.position] })],
);
