import { mediaUploads, recordedAnswers, recordingStills, type Database } from '@invigil/db';
import { QTYPE, RECORDING_GRACE_SECONDS, type RecordingKind } from '@invigil/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

export interface UploadRow {
  id: string;
  userId: number;
  userExamId: number;
  questionId: number;
  kind: RecordingKind;
  sizeBytes: number;
  fileName: string;
  contentType: string;
  createdAt: Date;
}

export interface RecordedRow {
  userExamId: number;
  questionId: number;
  userId: number;
  kind: RecordingKind;
  mediaKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  durationSeconds: number;
  rms: number | null;
  uploadId: string;
  clientRecordedTime: number | null;
  checks: Record<string, unknown> | null;
  /** when it was kept (absent on a row about to be written) */
  createdAt?: Date;
}

export interface StillRow {
  userExamId: number;
  questionId: number;
  userId: number;
  mediaKey: string;
  sizeBytes: number;
  faceCount: number | null;
  embedding: number[] | null;
  createdAt?: Date;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRecorded(r: typeof recordedAnswers.$inferSelect): RecordedRow {
  return {
    userExamId: r.userExamId,
    questionId: r.questionId,
    userId: r.userId,
    kind: r.kind as RecordingKind,
    mediaKey: r.mediaKey,
    fileName: r.fileName,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    durationSeconds: Number(r.durationSeconds),
    rms: num(r.rms),
    uploadId: r.uploadId,
    clientRecordedTime: num(r.clientRecordedTime),
    checks: r.checks ?? null,
    createdAt: r.createdAt,
  };
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** How long a verification may hold an upload before another call may take it over. */
const CLAIM_SECONDS = 300;

/** Uploads in progress, verified recordings, video stills and the uploads' locks. */
export class RecordingsRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async createUpload(u: Omit<UploadRow, 'createdAt'>): Promise<void> {
    await this.db.insert(mediaUploads).values(u);
  }

  async upload(id: string): Promise<UploadRow | null> {
    const [r] = await this.db.select().from(mediaUploads).where(eq(mediaUploads.id, id)).limit(1);
    return r ? { ...r, kind: r.kind as RecordingKind } : null;
  }

  /** Unfinished uploads of a user now (a cap on how many one candidate may hold open). */
  async openUploads(userId: number): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaUploads)
      .where(eq(mediaUploads.userId, userId));
    return Number(r?.n ?? 0);
  }

  /** Takes the upload for one verification; null when another call holds it (or it is gone). */
  async claim(id: string): Promise<UploadRow | null> {
    const rows = await this.db
      .update(mediaUploads)
      .set({ claimedAt: sql`now()` })
      .where(
        and(
          eq(mediaUploads.id, id),
          or(
            isNull(mediaUploads.claimedAt),
            lt(mediaUploads.claimedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`),
          ),
        ),
      )
      .returning();
    const r = rows[0];
    return r ? { ...r, kind: r.kind as RecordingKind } : null;
  }

  async release(id: string): Promise<void> {
    await this.db.update(mediaUploads).set({ claimedAt: null }).where(eq(mediaUploads.id, id));
  }

  async deleteUpload(id: string): Promise<void> {
    await this.db.delete(mediaUploads).where(eq(mediaUploads.id, id));
  }

  /**
   * Uploads to drop: created before the cutoff, or of attempts no longer in progress, except an
   * upload begun before its attempt closed, within the grace after it (ADR 0161). Limit per sweep.
   */
  async staleUploads(olderThanSeconds: number, limit = 100): Promise<string[]> {
    const { rows } = await this.database.executeSql<{ id: string }>(
      `SELECT m.id FROM media_uploads m JOIN user_exams ue ON ue.id = m.user_exam_id
        WHERE (m.created_at < now() - make_interval(secs => $1::int)
               OR (ue.status <> '001' AND NOT (ue.status IN ('010', '011')
                   AND m.created_at < COALESCE(ue.finished_at, ue.deadline_at)
                   AND now() < COALESCE(ue.finished_at, ue.deadline_at) + make_interval(secs => $4::int))))
          AND (m.claimed_at IS NULL OR m.claimed_at < now() - make_interval(secs => $2::int))
        ORDER BY m.created_at LIMIT $3`,
      [olderThanSeconds, CLAIM_SECONDS, limit, RECORDING_GRACE_SECONDS],
    );
    return rows.map((r) => r.id);
  }

  async recorded(userExamId: number, questionId: number): Promise<RecordedRow | null> {
    const [r] = await this.db
      .select()
      .from(recordedAnswers)
      .where(and(eq(recordedAnswers.userExamId, userExamId), eq(recordedAnswers.questionId, questionId)))
      .limit(1);
    return r ? toRecorded(r) : null;
  }

  async recordedOf(userExamId: number): Promise<RecordedRow[]> {
    const rows = await this.db.select().from(recordedAnswers).where(eq(recordedAnswers.userExamId, userExamId));
    return rows.map(toRecorded);
  }

  /**
   * Keeps a verified recording as the question's answer, only while the attempt is in progress,
   * or (`late`: an upload begun in time, within the grace) submitted or timed out. Returns the
   * media key it replaced, or null; false when the attempt no longer takes it (nothing written).
   * Saves of one question are serialised (a transaction-scoped advisory lock), so of two takes
   * kept at once each learns the key it replaced and no stored file is left unreferenced.
   */
  async saveRecorded(r: RecordedRow, late = false): Promise<{ replaced: string | null } | false> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recorded:${r.userExamId}:${r.questionId}`}, 0))`,
      );
      const rows = rowsOf<{ old_key: string | null; saved: boolean }>(
        await tx.execute(sql`WITH ue AS (SELECT id FROM user_exams WHERE id = ${r.userExamId}::int
                                AND (status = '001' OR (${late}::boolean AND status IN ('010', '011')))),
            old AS (SELECT media_key FROM recorded_answers WHERE user_exam_id = ${r.userExamId}::int AND question_id = ${r.questionId}::int),
            up AS (
              INSERT INTO recorded_answers (user_exam_id, question_id, user_id, kind, media_key, file_name, content_type,
                       size_bytes, duration_seconds, rms, upload_id, client_recorded_time, checks, created_at)
              SELECT ue.id, ${r.questionId}::int, ${r.userId}::int, ${r.kind}, ${r.mediaKey}, ${r.fileName}, ${r.contentType},
                     ${r.sizeBytes}::int, ${r.durationSeconds}::numeric, ${r.rms}::numeric, ${r.uploadId},
                     ${r.clientRecordedTime}::numeric, ${r.checks ? JSON.stringify(r.checks) : null}::jsonb, now() FROM ue
              ON CONFLICT (user_exam_id, question_id) DO UPDATE SET
                user_id = EXCLUDED.user_id, kind = EXCLUDED.kind, media_key = EXCLUDED.media_key, file_name = EXCLUDED.file_name,
                content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes, duration_seconds = EXCLUDED.duration_seconds,
                rms = EXCLUDED.rms, upload_id = EXCLUDED.upload_id, client_recorded_time = EXCLUDED.client_recorded_time,
                checks = EXCLUDED.checks, created_at = EXCLUDED.created_at
              RETURNING 1)
       SELECT (SELECT media_key FROM old) AS old_key, EXISTS (SELECT 1 FROM up) AS saved`),
      );
      const row = rows[0];
      if (!row?.saved) return false;
      return { replaced: row.old_key && row.old_key !== r.mediaKey ? row.old_key : null };
    });
  }

  /**
   * Counts a play of a question's audio, at most `limit` + 1 (the refused attempt: the spec's
   * audioButtonCount 4); returns the count now. One statement: concurrent plays never both pass.
   */
  /** Whether `path` is the question audio of a spoken-answer question (served only through plays). */
  async isSpokenQuestionAudio(path: string): Promise<boolean> {
    const { rows } = await this.database.executeSql<{ one: number }>(
      // The type as a constant, so the partial index questions_spoken_resource_idx serves it.
      `SELECT 1 AS one FROM questions WHERE resource_path = $1 AND qtype_code = ${Number(QTYPE.spokenAnswer)} LIMIT 1`,
      [path],
    );
    return rows.length > 0;
  }

  async countPlay(userExamId: number, questionId: number, limit: number): Promise<number> {
    const { rows } = await this.database.executeSql<{ plays: number }>(
      `INSERT INTO question_audio_plays (user_exam_id, question_id, plays, updated_at) VALUES ($1, $2, 1, now())
       ON CONFLICT (user_exam_id, question_id) DO UPDATE
         SET plays = LEAST(question_audio_plays.plays + 1, $3::int + 1), updated_at = now()
       RETURNING plays`,
      [userExamId, questionId, limit],
    );
    return Number(rows[0]!.plays);
  }

  async saveStill(s: StillRow): Promise<string | null> {
    const { rows } = await this.database.executeSql<{ old_key: string | null }>(
      `WITH old AS (SELECT media_key FROM recording_stills WHERE user_exam_id = $1 AND question_id = $2)
       INSERT INTO recording_stills (user_exam_id, question_id, user_id, media_key, size_bytes, face_count, embedding, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, now())
       ON CONFLICT (user_exam_id, question_id) DO UPDATE SET media_key = EXCLUDED.media_key, size_bytes = EXCLUDED.size_bytes,
         face_count = EXCLUDED.face_count, embedding = EXCLUDED.embedding, created_at = EXCLUDED.created_at
       RETURNING (SELECT media_key FROM old) AS old_key`,
      [
        s.userExamId,
        s.questionId,
        s.userId,
        s.mediaKey,
        s.sizeBytes,
        s.faceCount,
        s.embedding ? JSON.stringify(s.embedding) : null,
      ],
    );
    const old = rows[0]?.old_key ?? null;
    return old && old !== s.mediaKey ? old : null;
  }

  async stillsOf(userExamId: number): Promise<StillRow[]> {
    const rows = await this.db.select().from(recordingStills).where(eq(recordingStills.userExamId, userExamId));
    return rows.map((r) => ({ ...r, embedding: r.embedding ?? null }));
  }

  async still(userExamId: number, questionId: number): Promise<StillRow | null> {
    const [r] = await this.db
      .select()
      .from(recordingStills)
      .where(and(eq(recordingStills.userExamId, userExamId), eq(recordingStills.questionId, questionId)))
      .limit(1);
    return r ? { ...r, embedding: r.embedding ?? null } : null;
  }

  /** A lease on an upload for `holder` (taken when free, expired or already its own); true when held. */
  async tryLock(id: string, holder: string, leaseMs: number): Promise<boolean> {
    const { rows } = await this.database.executeSql<{ holder: string }>(
      `INSERT INTO upload_locks (id, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::float8 / 1000))
       ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE upload_locks.expires_at < now() OR upload_locks.holder = EXCLUDED.holder
       RETURNING holder`,
      [id, holder, leaseMs],
    );
    return rows[0]?.holder === holder;
  }

  async unlock(id: string, holder: string): Promise<void> {
    await this.database.executeSql('DELETE FROM upload_locks WHERE id = $1 AND holder = $2', [id, holder]);
  }

  async notifyRelease(channel: string, id: string): Promise<void> {
    await this.database.executeSql('SELECT pg_notify($1, $2)', [channel, id]);
  }
}
