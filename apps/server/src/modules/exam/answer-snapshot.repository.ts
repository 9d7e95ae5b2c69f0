import type { Database } from '@invigil/db';
import { errorCode } from '../../lib/error-code.ts';

/** What keeping a snapshot did: its version, and whether a row was written. */
export interface SnapshotOutcome {
  version: number;
  added: boolean;
}

/**
 * Versioned snapshots of the full-form progress save, bounded (ADR 0070, "Snapshot retention"):
 * a snapshot equal to the newest one is not stored again, and only the newest `keep` versions of
 * an attempt are kept. Equality is jsonb equality (the database's own normalised form), so key
 * order and spacing of the client's JSON do not matter.
 */
const ADD_SQL = `
  WITH last AS (
    SELECT version, data FROM answer_snapshots WHERE user_exam_id = $1 ORDER BY version DESC LIMIT 1),
  ins AS (
    INSERT INTO answer_snapshots (user_exam_id, version, data)
    SELECT $1, COALESCE((SELECT version FROM last), 0) + 1, $2::jsonb
     WHERE NOT EXISTS (SELECT 1 FROM last WHERE last.data = $2::jsonb)
    RETURNING version)
  SELECT COALESCE((SELECT version FROM ins), (SELECT version FROM last))::int AS version,
         EXISTS (SELECT 1 FROM ins) AS added`;

export class AnswerSnapshotRepository {
  constructor(private readonly database: Database) {}

  /** Keeps `data` as the newest version unless it equals the newest; prunes to the newest `keep`. */
  async add(userExamId: number, data: unknown, keep: number): Promise<SnapshotOutcome> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await this.database.executeSql<{ version: number; added: boolean }>(ADD_SQL, [
          userExamId,
          JSON.stringify(data),
        ]);
        const row = rows[0];
        if (!row) throw new Error('answer snapshot insert returned no row');
        const outcome = { version: Number(row.version), added: !!row.added };
        if (outcome.added)
          await this.database.executeSql('DELETE FROM answer_snapshots WHERE user_exam_id = $1 AND version <= $2', [
            userExamId,
            outcome.version - keep,
          ]);
        return outcome;
      } catch (e) {
        // Two saves of one attempt at once: the unique (attempt, version) index refused one; retry.
        if (attempt < 3 && errorCode(e) === '23505') continue;
        throw e;
      }
    }
  }

  async latestVersion(userExamId: number): Promise<number> {
    const { rows } = await this.database.executeSql<{ v: number }>(
      'SELECT COALESCE(MAX(version), 0)::int AS v FROM answer_snapshots WHERE user_exam_id = $1',
      [userExamId],
    );
    return Number(rows[0]?.v ?? 0);
  }
}
