/**
 * Submitted attempts waiting for their result, made in bulk (the scoring bench and fault
 * scenario 3): the answer-saves bench's 50-question exam, N candidates who each answered every
 * question (a choice picked by a fixed rule, so the right marks are known), closed with status
 * 010 and result Processing, as a submit leaves them; then one scoring job each, sent at once as
 * at the end of an exam.
 */
import { createDb } from '@invigil/db';
import pg from 'pg';
import { startQueue } from '../../apps/server/src/lib/queue.ts';
import { prepare } from '../answer-saves/prepare.ts';

/** The demo seed, the 50-question exam and `n` submitted attempts; returns their ids. */
export async function submittedAttempts(databaseUrl: string, n: number): Promise<number[]> {
  await prepare({ databaseUrl, candidates: 0 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [exam],
    } = await db.query<{ id: number }>(`SELECT id FROM exams WHERE name = 'Bench: 50 questions'`);
    const { rows } = await db.query<{ id: number }>(
      `WITH u AS (
         INSERT INTO users (email, password_hash, first_name, last_name)
         SELECT 'scored' || g || '@example.com', 'not-a-hash', 'Scored', g::text FROM generate_series(1, $1::int) g RETURNING id)
       INSERT INTO user_exams (user_id, exam_id, status, scheduled_at, started_at, deadline_at, finished_at, result_status)
       SELECT id, $2, '010', now() - interval '1 day', now() - interval '1 hour', now() + interval '1 hour', now(), 'Processing' FROM u
       RETURNING id`,
      [n, exam!.id],
    );
    const ids = rows.map((r) => Number(r.id));
    // Every question answered: choice position (id * 7 + question position) mod 4 + 1; position 2 is right.
    await db.query(
      `INSERT INTO answers (user_exam_id, question_id, client_seq, value)
       SELECT ue.id, q.id, 1, jsonb_build_object('selectedChoiceId', c.id::text, 'buttonStyle', 'Answered')
         FROM user_exams ue JOIN questions q ON q.exam_id = ue.exam_id
         JOIN choices c ON c.question_id = q.id AND c.position = (ue.id * 7 + q.position) % 4 + 1
        WHERE ue.id = ANY($1::int[])`,
      [ids],
    );
    await db.query(
      `INSERT INTO submissions (user_exam_id, submit_type, status, payload)
       SELECT id, 'SUBMIT', '010', '{}'::jsonb FROM unnest($1::int[]) AS id`,
      [ids],
    );
    await db.query('ANALYZE');
    return ids;
  } finally {
    await db.end();
  }
}

/** Marks the attempts closed now: the overdue-result sweep counts from here, as from a submit. */
export const CLOSE_NOW = 'UPDATE user_exams SET updated_at = now() WHERE id = ANY($1::int[])';

/**
 * One scoring job per attempt, as the API nodes send them (same queue, payload and singleton key),
 * after marking the attempts closed now unless the caller did (`markClosed: false`).
 */
export async function sendScoringJobs(databaseUrl: string, ids: number[], { markClosed = true } = {}): Promise<void> {
  if (markClosed) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(CLOSE_NOW, [ids]);
    await db.end();
  }
  // The server's own queue module (pg-boss on the same schema), without workers.
  const database = await createDb({ databaseUrl, poolSize: 2 });
  const queue = await startQueue(database, { runWorkers: false });
  try {
    for (let i = 0; i < ids.length; i += 1000)
      await queue.boss.insert(
        ids.slice(i, i + 1000).map((id) => ({
          name: 'results.score',
          data: { userExamId: id },
          singletonKey: `score-${id}`,
          expireInSeconds: 300,
        })),
      );
  } finally {
    await queue.stop();
    await database.close();
  }
}

export interface ScoringProgress {
  /** Attempts with their result. */
  scored: number;
  /** Attempts whose result differs from the marks their answers earn. */
  wrong: number;
}

/** How many of the attempts have their result, and how many results are wrong. */
export async function scoringProgress(db: pg.Client, ids: number[]): Promise<ScoringProgress> {
  const { rows } = await db.query<{ scored: number; wrong: number }>(
    `SELECT count(*) FILTER (WHERE ue.result_status = 'Processed')::int AS scored,
            count(*) FILTER (WHERE ue.result_status = 'Processed' AND ue.obtained_marks <> (
              SELECT count(*) FROM answers a JOIN choices c ON c.id = (a.value->>'selectedChoiceId')::int
               WHERE a.user_exam_id = ue.id AND c.is_correct))::int AS wrong
       FROM user_exams ue WHERE ue.id = ANY($1::int[])`,
    [ids],
  );
  return rows[0]!;
}

/** Counts only the attempts with their result (cheap, for polling). */
export async function scoredCount(db: pg.Client, ids: number[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM user_exams WHERE id = ANY($1::int[]) AND result_status = 'Processed'`,
    [ids],
  );
  return rows[0]!.n;
}
