import type { Database } from '@invigil/db';

const RESULT_PROCESSING = 'Processing';
export const RESULT_PROCESSED = 'Processed';

interface CloseRow {
  closed: number;
  inserted: number;
}
interface IdRow {
  id: number;
}

/** A stored score; null marks for surveys (no score is kept). */
export interface ScoreUpdate {
  obtainedMarks: number | null;
  totalMarks: number | null;
  percentage: number | null;
}

/** Submissions and results of attempts (the rows the results service changes). */
export class ResultsRepository {
  constructor(private readonly database: Database) {}

  async hasSubmission(userExamId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql<{ '?column?': number }>(
      'SELECT 1 FROM submissions WHERE user_exam_id = $1',
      [userExamId],
    );
    return rows.length > 0;
  }

  /**
   * Closes an in-progress attempt with a status, in one statement: the attempt row is locked
   * first, so concurrent submits (double, retried, fallback, the sweep) close it once. With
   * `onlyIfExpired` it closes only when the deadline plus the grace has passed.
   */
  async close(
    userExamId: number,
    close: { submitType: string; status: string; abortReason: string | null; onlyIfExpired: boolean },
    graceSeconds: number,
  ): Promise<boolean> {
    const { rows } = await this.database.executeSql<CloseRow>(
      `WITH upd AS (
         UPDATE user_exams SET status = $3, finished_at = LEAST(now(), COALESCE(deadline_at, now())), result_status = '${RESULT_PROCESSING}',
                abort_reason = COALESCE($4, abort_reason), updated_at = now()
          WHERE id = $1 AND status = '001' AND ($5::boolean IS FALSE OR deadline_at + make_interval(secs => $6::int) <= now())
          RETURNING id),
       ins AS (
         INSERT INTO submissions (user_exam_id, submit_type, status, payload)
         SELECT id, $2, $3, jsonb_build_object('submitType', $2::text, 'status', $3::text) FROM upd
         ON CONFLICT DO NOTHING RETURNING user_exam_id)
       SELECT (SELECT count(*) FROM upd)::int AS closed, (SELECT count(*) FROM ins)::int AS inserted`,
      [userExamId, close.submitType, close.status, close.abortReason, close.onlyIfExpired, graceSeconds],
    );
    return Number(rows[0]?.closed ?? 0) > 0;
  }

  /** In-progress attempts whose deadline plus the grace has passed (at most `limit`). */
  async expiredInProgress(graceSeconds: number, limit = 500): Promise<number[]> {
    const { rows } = await this.database.executeSql<IdRow>(
      `SELECT id FROM user_exams WHERE status = '001' AND deadline_at + make_interval(secs => $1::int) <= now() LIMIT $2`,
      [graceSeconds, limit],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Writes the attempt's one result (a rerun overwrites it). A failed attempt (999) gets its
   * submitted status back and its error cleared.
   */
  async saveScore(userExamId: number, score: ScoreUpdate): Promise<void> {
    await this.database.executeSql(
      `UPDATE user_exams SET obtained_marks = $2, total_marks = $3, percentage = $4, result_status = '${RESULT_PROCESSED}', result_date = now(),
              result_error = NULL,
              status = CASE WHEN status = '999' THEN COALESCE((SELECT s.status FROM submissions s WHERE s.user_exam_id = $1), '010') ELSE status END
        WHERE id = $1`,
      [userExamId, score.obtainedMarks, score.totalMarks, score.percentage],
    );
  }

  /**
   * Writes the first result of several attempts in one statement: only an attempt without a
   * result yet (result_status not Processed) is written, so a scoring job run twice, or a job
   * and the rescue sweep at once, leave one result (a concurrent second UPDATE waits on the row
   * and then finds it Processed). Returns the ids written.
   */
  async saveFirstScores(scores: Array<ScoreUpdate & { id: number }>): Promise<number[]> {
    if (scores.length === 0) return [];
    const { rows } = await this.database.executeSql<IdRow>(
      `UPDATE user_exams ue SET obtained_marks = v.o, total_marks = v.t, percentage = v.p, result_status = '${RESULT_PROCESSED}',
              result_date = now(), result_error = NULL,
              status = CASE WHEN ue.status = '999' THEN COALESCE((SELECT s.status FROM submissions s WHERE s.user_exam_id = ue.id), '010') ELSE ue.status END
         FROM jsonb_to_recordset($1::jsonb) AS v(id int, o numeric, t numeric, p numeric)
        WHERE ue.id = v.id AND ue.result_status IS DISTINCT FROM '${RESULT_PROCESSED}'
        RETURNING ue.id`,
      [JSON.stringify(scores.map((s) => ({ id: s.id, o: s.obtainedMarks, t: s.totalMarks, p: s.percentage })))],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Submitted attempts still waiting for their result `olderThanSeconds` after they closed: their
   * scoring job was lost (a worker killed mid-batch, a queue send that failed after the close).
   * Only those that closed within the last `withinSeconds`: an older one is a case for people
   * (Pending Results lists it, support regenerates it), not for a sweep that would retry it forever.
   */
  async unscored(olderThanSeconds: number, withinSeconds: number, limit = 1000): Promise<number[]> {
    const { rows } = await this.database.executeSql<IdRow>(
      `SELECT id FROM user_exams WHERE result_status = '${RESULT_PROCESSING}' AND status IN ('010','011','111')
          AND updated_at <= now() - make_interval(secs => $1::int)
          AND COALESCE(finished_at, updated_at) >= now() - make_interval(secs => $3::int) ORDER BY id LIMIT $2`,
      [olderThanSeconds, limit, withinSeconds],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Scoring failed after its retries: status 999 (Result Failed) with the reason. */
  async markFailed(userExamId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      `UPDATE user_exams SET status = '999', result_status = 'Failed', result_error = $2, updated_at = now()
        WHERE id = $1 AND status IN ('010','011','111','999')`,
      [userExamId, reason.slice(0, 1000)],
    );
  }

  /** Marks a regeneration queued; false when one already is (ALREADY IN QUEUE). */
  async markQueued(userExamId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql<IdRow>(
      'UPDATE user_exams SET regen_queued_at = now() WHERE id = $1 AND regen_queued_at IS NULL RETURNING id',
      [userExamId],
    );
    return rows.length > 0;
  }

  async clearQueued(userExamId: number): Promise<void> {
    await this.database.executeSql('UPDATE user_exams SET regen_queued_at = NULL WHERE id = $1', [userExamId]);
  }
}
