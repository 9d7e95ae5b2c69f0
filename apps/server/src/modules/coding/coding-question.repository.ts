import { EXAM_STATUS, QTYPE } from '@invigil/contracts';
import type { Database } from '@invigil/db';

/** What a coding question keeps: `content` is shown to the candidate, `answerKey` never leaves the server. */
export interface CodingQuestion {
  id: number;
  examId: number;
  content: Record<string, unknown>;
  answerKey: Record<string, unknown>;
}

interface QuestionDbRow {
  id: number;
  exam_id: number;
  /** jsonb: an object, or its text on drivers that do not parse it. */
  content: unknown;
  answer_key: unknown;
}

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

/** Coding questions and whether a user has been assigned their exam. */
export class CodingQuestionRepository {
  constructor(private readonly database: Database) {}

  async find(qid: number): Promise<CodingQuestion | null> {
    const { rows } = await this.database.executeSql<QuestionDbRow>(
      'SELECT id, exam_id, content, answer_key FROM questions WHERE id = $1',
      [qid],
    );
    const row = rows[0];
    if (!row) return null;
    return { id: row.id, examId: row.exam_id, content: parseJson(row.content), answerKey: parseJson(row.answer_key) };
  }

  /** The user has an attempt of the exam. */
  async assigned(userId: number, examId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql('SELECT 1 FROM user_exams WHERE user_id = $1 AND exam_id = $2', [
      userId,
      examId,
    ]);
    return rows.length > 0;
  }

  /**
   * The user has an attempt of the exam, named by the client's `examId`: either the attempt's
   * own id (user-exam) or the exam's id; it must be the question's exam.
   */
  async assignedAs(userId: number, examId: number, named: number): Promise<boolean> {
    const byAttempt = await this.database.executeSql(
      'SELECT 1 FROM user_exams WHERE id = $1 AND user_id = $2 AND exam_id = $3',
      [named, userId, examId],
    );
    return byAttempt.rows.length > 0 || (named === examId && (await this.assigned(userId, examId)));
  }

  /**
   * The user has an attempt in progress, before its deadline plus the save grace, of a test with
   * a coding question (of `examId` when given): the only time a candidate may run code (ADR 0090).
   */
  async codingAttemptInProgress(userId: number, graceSeconds: number, examId?: number): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `SELECT 1 FROM user_exams ue
        WHERE ue.user_id = $1 AND ue.status = $2
          AND (ue.deadline_at IS NULL OR ue.deadline_at + make_interval(secs => $3) > now())
          AND ($4::int IS NULL OR ue.exam_id = $4::int)
          AND EXISTS (SELECT 1 FROM questions q WHERE q.exam_id = ue.exam_id AND q.qtype_code = $5)
        LIMIT 1`,
      [userId, EXAM_STATUS.inProgress, graceSeconds, examId ?? null, QTYPE.coding],
    );
    return rows.length > 0;
  }
}
