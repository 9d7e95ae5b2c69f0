import type { AnswerValue } from '@invigil/contracts';
import type { Database } from '@invigil/db';
import { boundedTimeSpendSql } from './time-spent.ts';

/** One answer of a batch: attempt (ue), question, client seq, value. */
export interface BatchRow {
  ue: number;
  qid: number;
  seq: number;
  answer: AnswerValue;
}

/** Per attempt of a batch: its state at the statement, and the questions written. */
export interface BatchAttemptOutcome {
  id: number;
  status: string;
  open: boolean;
  deadlineAt: Date | null;
  now: Date;
  savedQids: Set<number>;
}

/**
 * One statement for a whole batch of saves: the attempts' status and deadline are checked in
 * the database (status 001 and deadline + grace not passed, as for a single save), and a
 * lower client seq never overwrites a higher one. Rows go in (attempt, question) order so two
 * batches in flight lock rows in the same order.
 */
const BATCH_SQL = `
  WITH c AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(ue int, qid int, seq int, answer jsonb)),
  ue AS (
    SELECT id, status, started_at, deadline_at, (deadline_at + make_interval(secs => $2::int) > now()) AS open
      FROM user_exams WHERE id = ANY($3::int[])),
  up AS (
    INSERT INTO answers (user_exam_id, question_id, value, client_seq, updated_at)
    SELECT c.ue, c.qid, ${boundedTimeSpendSql('c.answer', 'ue.started_at')}, c.seq, now() FROM c JOIN ue ON ue.id = c.ue
     WHERE ue.status = '001' AND ue.open
     ORDER BY c.ue, c.qid
    ON CONFLICT (user_exam_id, question_id) DO UPDATE
      SET value = EXCLUDED.value, client_seq = EXCLUDED.client_seq, updated_at = EXCLUDED.updated_at
      WHERE answers.client_seq <= EXCLUDED.client_seq
        AND (answers.value IS DISTINCT FROM EXCLUDED.value OR answers.client_seq <> EXCLUDED.client_seq)
    RETURNING user_exam_id, question_id)
  SELECT ue.id, ue.status, ue.open, ue.deadline_at, now() AS now, s.qids
    FROM ue LEFT JOIN (SELECT user_exam_id, array_agg(question_id) AS qids FROM up GROUP BY user_exam_id) s ON s.user_exam_id = ue.id`;

/** A row of BATCH_SQL: one per attempt of the batch, with the questions it saved. */
interface BatchDbRow {
  id: number;
  status: string;
  open: boolean | null;
  deadline_at: Date | string | null;
  now: Date | string;
  qids: Array<number | string> | null;
}

/** A row of BATCH_SQL: one per attempt of the batch, with the questions it saved. */
interface BatchDbRow {
  id: number;
  status: string;
  open: boolean | null;
  deadline_at: Date | string | null;
  now: Date | string;
  qids: Array<number | string> | null;
}

/** The group-commit write of progress saves (ADR 0030): a whole batch in one statement. */
export class AnswerBatchRepository {
  constructor(private readonly database: Database) {}

  /** Rows must be in (attempt, question) order with one row per pair (two batches then lock alike). */
  async write(rows: BatchRow[], attemptIds: number[], graceSeconds: number): Promise<BatchAttemptOutcome[]> {
    const result = await this.database.executeSql<BatchDbRow>(BATCH_SQL, [
      JSON.stringify(rows),
      graceSeconds,
      attemptIds,
    ]);
    return result.rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      open: !!r.open,
      deadlineAt: r.deadline_at ? new Date(r.deadline_at) : null,
      now: new Date(r.now),
      savedQids: new Set((r.qids ?? []).map(Number)),
    }));
  }
}
