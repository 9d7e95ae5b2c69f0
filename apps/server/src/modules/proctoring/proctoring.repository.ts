import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { exams, proctoringAudioChecks, proctoringImages, proctoringLogs, userExams, type Database } from '@invigil/db';

export interface UserExamRef {
  id: number;
  userId: number;
  status: string;
  settings: Record<string, unknown>;
  startedAt: Date | null;
  lastPhotoAt: Date | null;
}

/** A row of proctoring_logs: a device log (permission, audio, video) or a gap the server recorded. */
export interface NewLog {
  userExamId: number | null;
  userId: number;
  channel: 'permission' | 'audio' | 'video' | 'gap';
  event: string;
  detail?: string | null;
  clientAt?: string | null;
  gapSeconds?: number | null;
}
/**
 * Pictures (samples) the server refused within a silence because its analysis was busy (503 +
 * Retry-After): how many, the first and the last. The silence was then the server's (ADR 0235).
 */
interface BusyRefusals {
  refused: number;
  from: Date;
  to: Date;
}
/** A silence the server recorded: no periodic picture for `seconds` from `since`. */
export interface Gap {
  userExamId: number;
  userId: number;
  seconds: number;
  since: Date;
  /** set when the server itself refused pictures (samples) within the silence */
  busy: BusyRefusals | null;
}
type GapRow = {
  user_exam_id: number;
  user_id: number;
  gap_seconds: number;
  since: Date | string;
  detail: string | null;
};
function busyOf(detail: string | null): BusyRefusals | null {
  if (!detail) return null;
  const b = (JSON.parse(detail) as { busy?: { refused: number; from: string; to: string } }).busy;
  return b ? { refused: Number(b.refused), from: new Date(b.from), to: new Date(b.to) } : null;
}
const toGap = (r: GapRow): Gap => ({
  userExamId: Number(r.user_exam_id),
  userId: Number(r.user_id),
  seconds: Number(r.gap_seconds),
  since: new Date(r.since),
  busy: busyOf(r.detail),
});

/**
 * Whether an arriving periodic picture (SQL over user_exams; $4, $5 as in CHECK_COLUMNS) is one of
 * the browser's PHOTO_CHECK_RUNS: taken at least $4 seconds after the last counted one (or the start
 * or resume), or the retake the last one's problem asked for. A burst of pictures is one run.
 */
const PICTURE_IS_RUN = `(photo_run_problem OR $5::timestamptz >= COALESCE(photo_run_at, started_at) + make_interval(secs => $4::float8))`;

/** A periodic picture as one of the browser's runs (ADR 0239). */
export interface PictureRun {
  /** seconds after the last counted run when the next one is due (most of photo_timer) */
  dueAfterSeconds: number;
  /** when the picture was taken: its request's arrival less the page's `takenAgoMs` */
  takenAt: Date;
  /** the check found a problem with photo_action 'S': the page may retake it after 2 s */
  retakeNext: boolean;
}

/** What a check refused for a busy analysis is counted in: pictures or speaker samples. */
export type BusyCheck = 'picture' | 'audio';
/**
 * A periodic check's columns of user_exams (its last arrival, its busy refusals), the event of its
 * gap rows and what an arrival moves.
 */
const CHECK_COLUMNS = {
  picture: {
    last: 'last_photo_at',
    n: 'picture_busy',
    from: 'picture_busy_from',
    to: 'picture_busy_to',
    event: 'no_picture',
    // $4 the seconds after the last run when the next is due, $5 when this picture was taken,
    // $6 whether the next picture may be this one's retake (ADR 0239)
    moved: `last_photo_at = now(),
            photo_checks = photo_checks + CASE WHEN ${PICTURE_IS_RUN} THEN 1 ELSE 0 END,
            photo_run_problem = CASE WHEN ${PICTURE_IS_RUN} THEN $6::boolean ELSE photo_run_problem END,
            photo_run_at = CASE WHEN ${PICTURE_IS_RUN} THEN $5::timestamptz ELSE photo_run_at END`,
  },
  audio: {
    last: 'last_audio_at',
    n: 'audio_busy',
    from: 'audio_busy_from',
    to: 'audio_busy_to',
    event: 'no_audio',
    moved: 'last_audio_at = now()',
  },
} as const;
/**
 * A gap row's detail (SQL over a row `t` holding since, busy, busy_from, busy_to): the busy
 * refusals made since the silence began, as JSON, or null when there were none in it.
 */
const busyDetailSql = (t: string) =>
  `CASE WHEN ${t}.busy_from >= ${t}.since THEN json_build_object('busy', json_build_object(
     'refused', ${t}.busy, 'from', ${t}.busy_from, 'to', ${t}.busy_to))::text END`;

/**
 * An arrival of a periodic picture (sample), $1 the attempt, $2 its user, $3 the gap threshold in
 * seconds: a gap row when the last arrival (or the start) is older and no gap row has been
 * recorded since (the sweep's), then the arrival moves the check's columns. Returns the gap rows.
 */
function arrivalSql(of: BusyCheck): string {
  const c = CHECK_COLUMNS[of];
  return `WITH ue AS (
      SELECT id, COALESCE(${c.last}, started_at) AS since, ${c.n} AS busy, ${c.from} AS busy_from, ${c.to} AS busy_to
        FROM user_exams WHERE id = $1 AND started_at IS NOT NULL),
    gap AS (
      INSERT INTO proctoring_logs (user_exam_id, user_id, channel, event, gap_seconds, detail)
      SELECT ue.id, $2::int, 'gap', '${c.event}', EXTRACT(EPOCH FROM now() - ue.since)::int, ${busyDetailSql('ue')} FROM ue
       WHERE ue.since < now() - make_interval(secs => $3::int)
         AND NOT EXISTS (SELECT 1 FROM proctoring_logs l WHERE l.user_exam_id = ue.id AND l.channel = 'gap'
                          AND l.event = '${c.event}' AND l.created_at >= ue.since)
      RETURNING user_exam_id, user_id, gap_seconds, detail, (SELECT since FROM ue) AS since),
    moved AS (UPDATE user_exams SET ${c.moved} WHERE id = $1 RETURNING id)
    SELECT gap.* FROM gap LEFT JOIN moved ON true`;
}

/**
 * A sweep of a periodic check, $2 its batch size: every attempt in progress that `which` (SQL over
 * `ue` and its exam `e`) selects, silent for longer than `threshold` seconds (SQL) and whose
 * silence has no gap row yet, gets one. Returns the gap rows.
 */
function sweepSql(of: BusyCheck, which: string, threshold: string): string {
  const c = CHECK_COLUMNS[of];
  const since = `COALESCE(ue.${c.last}, ue.started_at)`;
  return `WITH silent AS (
      SELECT ue.id, ue.user_id, ${since} AS since,
             ue.${c.n} AS busy, ue.${c.from} AS busy_from, ue.${c.to} AS busy_to
        FROM user_exams ue JOIN exams e ON e.id = ue.exam_id
       WHERE ue.status = '001' AND ue.started_at IS NOT NULL AND ${which}
         AND ${since} < now() - make_interval(secs => ${threshold})
         -- before the LIMIT: silences already recorded must not fill the batch (ADR 0233)
         AND NOT EXISTS (SELECT 1 FROM proctoring_logs l WHERE l.user_exam_id = ue.id AND l.channel = 'gap'
                          AND l.event = '${c.event}' AND l.created_at >= ${since})
       LIMIT $2)
    INSERT INTO proctoring_logs (user_exam_id, user_id, channel, event, gap_seconds, detail)
    SELECT s.id, s.user_id, 'gap', '${c.event}', EXTRACT(EPOCH FROM now() - s.since)::int, ${busyDetailSql('s')} FROM silent s
    RETURNING user_exam_id, user_id, gap_seconds, detail, now() - make_interval(secs => gap_seconds) AS since`;
}

/** An exam's photo_timer when it is a positive whole number, else NULL (SQL over `e`). */
const PHOTO_TIMER_SQL = `CASE WHEN e.settings->>'photo_timer' ~ '^[0-9]+$' AND (e.settings->>'photo_timer')::int > 0
                             THEN (e.settings->>'photo_timer')::int END`;

/** Spec §9: a speaker sample lasts 15 s. */
const SPEAKER_SAMPLE_SECONDS = 15;

/**
 * How long a speaker check may stay silent before it is a gap: two of its periods (photo_timer, or
 * 40 s under 30 s, spec §9) and the sample's own 15 s.
 */
export const audioGapSeconds = (photoTimer: number) => 2 * (photoTimer < 30 ? 40 : photoTimer) + SPEAKER_SAMPLE_SECONDS;

export type ImageKind = 'primary' | 'regular' | 'error';

export interface NewImage {
  userExamId: number;
  userId: number;
  kind: ImageKind;
  mediaKey: string;
  sizeBytes: number;
  errorCode?: string | null;
  photoTag?: string | null;
  faceCount?: number | null;
  objectsDetected?: string[] | null;
  objectsCount?: number | null;
  expression1?: string | null;
  expression2?: string | null;
  embedding?: number[] | null;
}

export class ProctoringRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async userExam(id: number): Promise<UserExamRef | null> {
    const rows = await this.db
      .select({
        id: userExams.id,
        userId: userExams.userId,
        status: userExams.status,
        settings: exams.settings,
        startedAt: userExams.startedAt,
        lastPhotoAt: userExams.lastPhotoAt,
      })
      .from(userExams)
      .innerJoin(exams, eq(exams.id, userExams.examId))
      .where(eq(userExams.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  async addImage(img: NewImage): Promise<number> {
    const [row] = await this.db.insert(proctoringImages).values(img).returning({ id: proctoringImages.id });
    if (!row) throw new Error('proctoring image insert returned no row');
    return row.id;
  }

  async latestPrimary(
    userExamId: number,
  ): Promise<{ id: number; mediaKey: string; embedding: number[] | null } | null> {
    const rows = await this.db
      .select({ id: proctoringImages.id, mediaKey: proctoringImages.mediaKey, embedding: proctoringImages.embedding })
      .from(proctoringImages)
      .where(and(eq(proctoringImages.userExamId, userExamId), eq(proctoringImages.kind, 'primary')))
      .orderBy(desc(proctoringImages.createdAt), desc(proctoringImages.id))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The attempt's latest picture of these kinds: its key and size, or null. */
  async latestImage(userExamId: number, kinds: ImageKind[]): Promise<{ mediaKey: string; sizeBytes: number } | null> {
    const rows = await this.db
      .select({ mediaKey: proctoringImages.mediaKey, sizeBytes: proctoringImages.sizeBytes })
      .from(proctoringImages)
      .where(and(eq(proctoringImages.userExamId, userExamId), inArray(proctoringImages.kind, kinds)))
      .orderBy(desc(proctoringImages.createdAt), desc(proctoringImages.id))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The bytes of all the pictures the attempt keeps. */
  async pictureBytes(userExamId: number): Promise<number> {
    const { rows } = await this.database.executeSql<{ n: number | string }>(
      'SELECT COALESCE(SUM(size_bytes), 0)::bigint AS n FROM proctoring_images WHERE user_exam_id = $1',
      [userExamId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async images(userExamId: number) {
    return this.db
      .select()
      .from(proctoringImages)
      .where(eq(proctoringImages.userExamId, userExamId))
      .orderBy(proctoringImages.id);
  }

  /** An attempt's pictures for the support media view, oldest first (no embeddings). */
  async pictures(userExamId: number, limit: number) {
    return this.db
      .select({
        kind: proctoringImages.kind,
        mediaKey: proctoringImages.mediaKey,
        sizeBytes: proctoringImages.sizeBytes,
        photoTag: proctoringImages.photoTag,
        errorCode: proctoringImages.errorCode,
        faceCount: proctoringImages.faceCount,
        objectsDetected: proctoringImages.objectsDetected,
        createdAt: proctoringImages.createdAt,
      })
      .from(proctoringImages)
      .where(eq(proctoringImages.userExamId, userExamId))
      .orderBy(proctoringImages.createdAt, proctoringImages.id)
      .limit(limit);
  }

  async addAudioCheck(v: {
    userExamId: number;
    userId: number;
    speakers: number;
    speechSeconds: number;
    durationSeconds: number;
    overlapScore: number | null;
    purpose: 'check' | 'baseline';
  }) {
    await this.db.insert(proctoringAudioChecks).values({
      ...v,
      speechSeconds: String(v.speechSeconds),
      durationSeconds: String(v.durationSeconds),
      overlapScore: v.overlapScore === null ? null : String(v.overlapScore),
    });
  }

  /** Overlap scores of the attempt's latest samples judged single-speaker, oldest first. */
  async singleSpeakerOverlapScores(userExamId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ score: proctoringAudioChecks.overlapScore })
      .from(proctoringAudioChecks)
      .where(
        and(
          eq(proctoringAudioChecks.userExamId, userExamId),
          eq(proctoringAudioChecks.speakers, 1),
          isNotNull(proctoringAudioChecks.overlapScore),
        ),
      )
      .orderBy(desc(proctoringAudioChecks.createdAt), desc(proctoringAudioChecks.id))
      .limit(limit);
    return rows.map((r) => Number(r.score)).reverse();
  }

  /** Keeps a primary picture's embedding (a primary stored before embeddings were kept). */
  async setEmbedding(imageId: number, embedding: number[]) {
    await this.db.update(proctoringImages).set({ embedding }).where(eq(proctoringImages.id, imageId));
  }

  /**
   * Counts one photo or audio violation of an in-progress attempt (one statement, so concurrent
   * checks never lose a count). Null when the attempt is not in progress: nothing counted.
   */
  async countViolation(userExamId: number, kind: 'photo' | 'audio'): Promise<number | null> {
    const column = kind === 'photo' ? 'photo_warnings' : 'audio_warnings';
    const { rows } = await this.database.executeSql<{ n: number }>(
      `UPDATE user_exams SET ${column} = ${column} + 1, updated_at = now() WHERE id = $1 AND status = '001' RETURNING ${column} AS n`,
      [userExamId],
    );
    return rows[0] ? Number(rows[0].n) : null;
  }

  async warnings(userExamId: number): Promise<{ photo: number; audio: number }> {
    const rows = await this.db
      .select({ photo: userExams.photoWarnings, audio: userExams.audioWarnings })
      .from(userExams)
      .where(eq(userExams.id, userExamId));
    return rows[0] ?? { photo: 0, audio: 0 };
  }

  /** What the scene-pass rule needs (scene-sampling.ts): photo warnings so far and whether a periodic picture came. */
  async checkHistory(userExamId: number): Promise<{ photoWarnings: number; firstCheck: boolean }> {
    const rows = await this.db
      .select({ photo: userExams.photoWarnings, last: userExams.lastPhotoAt })
      .from(userExams)
      .where(eq(userExams.id, userExamId));
    const row = rows[0];
    return { photoWarnings: row?.photo ?? 0, firstCheck: !row?.last };
  }

  /**
   * A periodic picture arrived: records a gap when the last one (or the start) is older than
   * `gapSeconds` and the sweep has not recorded it yet, then moves last_photo_at to now and, when
   * it is one of the browser's runs (`run`, PICTURE_IS_RUN), counts the check. Returns the gap it
   * recorded, if any (for the timeline).
   */
  async pictureArrived(userExamId: number, userId: number, gapSeconds: number, run: PictureRun): Promise<Gap[]> {
    const { rows } = await this.database.executeSql<GapRow>(arrivalSql('picture'), [
      userExamId,
      userId,
      gapSeconds,
      run.dueAfterSeconds,
      run.takenAt.toISOString(),
      run.retakeNext,
    ]);
    return rows.map(toGap);
  }

  /**
   * The sweep: every in-progress monitored attempt silent for more than two photo_timer periods
   * (default 120 s) while its browser still has checks to take (fewer than `runs` pictures since
   * the start or the last resume) gets one gap row per silence. Returns the gaps it recorded.
   */
  async recordGaps(defaultTimer: number, runs: number, limit = 500): Promise<Gap[]> {
    const { rows } = await this.database.executeSql<GapRow>(
      sweepSql(
        'picture',
        `ue.photo_checks < $3::int
         AND COALESCE(e.settings->>'monitoring', e.settings->>'monitoringflag') IN ('1', 'true', 'Y')`,
        `2 * COALESCE(${PHOTO_TIMER_SQL}, $1::int)`,
      ),
      [defaultTimer, limit, runs],
    );
    return rows.map(toGap);
  }

  /**
   * A periodic speaker sample arrived (before it is stored): records a gap when the last sample of
   * the test (or the start) is older than `gapSeconds` and the sweep has not recorded it yet.
   */
  async audioArrived(userExamId: number, userId: number, gapSeconds: number): Promise<Gap[]> {
    const { rows } = await this.database.executeSql<GapRow>(arrivalSql('audio'), [userExamId, userId, gapSeconds]);
    return rows.map(toGap);
  }

  /**
   * The sweep for the speaker check: every in-progress attempt with speaker_dialect on and no
   * periodic sample (or start) for longer than `audioGapSeconds` of its photo_timer gets one gap
   * row per silence. The browser samples without a run limit, so any silence is one.
   */
  async recordAudioGaps(defaultTimer: number, limit = 500): Promise<Gap[]> {
    // audioGapSeconds in SQL: 2 x photo_timer (40 s under 30) + one sample's 15 s
    const { rows } = await this.database.executeSql<GapRow>(
      sweepSql(
        'audio',
        `e.settings->>'speaker_dialect' IN ('1', 'true', 'Y')`,
        `$3::int + 2 * COALESCE(CASE WHEN ${PHOTO_TIMER_SQL} < 30 THEN 40 END, ${PHOTO_TIMER_SQL}, $1::int)`,
      ),
      [defaultTimer, limit, SPEAKER_SAMPLE_SECONDS],
    );
    return rows.map(toGap);
  }

  /**
   * A periodic picture (sample) of an attempt in progress was refused because the analysis was
   * busy: counted with the first and last refusal since the last one that got through. The count
   * starts again at a refusal after that arrival (its first refusal is older than the arrival),
   * so no reset is needed anywhere else (ADR 0235).
   */
  async analysisRefused(userExamId: number, of: BusyCheck): Promise<void> {
    const c = CHECK_COLUMNS[of];
    const within = `${c.from} >= COALESCE(${c.last}, started_at)`;
    await this.database.executeSql(
      `UPDATE user_exams SET ${c.n} = CASE WHEN ${within} THEN ${c.n} + 1 ELSE 1 END,
              ${c.from} = CASE WHEN ${within} THEN ${c.from} ELSE now() END, ${c.to} = now()
        WHERE id = $1 AND status = '001' AND started_at IS NOT NULL`,
      [userExamId],
    );
  }

  /**
   * Claims a named periodic check (its `checkId`) for this request. `claimed`: nobody checked it
   * yet (or a claim without a reply is older than `staleSeconds`: its request died), go on;
   * otherwise `reply` is the kept reply of the first request, or null while that one is still
   * being checked (ADR 0237).
   */
  async claimCheck(
    userExamId: number,
    kind: BusyCheck,
    checkId: string,
    staleSeconds = 120,
  ): Promise<{ claimed: true } | { claimed: false; reply: Record<string, unknown> | null }> {
    const { rows } = await this.database.executeSql<{ claimed: boolean; reply: Record<string, unknown> | null }>(
      `INSERT INTO proctoring_check_replies AS r (user_exam_id, kind, check_id) VALUES ($1::int, $2::text, $3::text)
       ON CONFLICT (user_exam_id, kind, check_id) DO UPDATE SET claimed_at = now()
        WHERE r.reply IS NULL AND r.claimed_at < now() - make_interval(secs => $4::int)
       RETURNING true AS claimed, r.reply`,
      [userExamId, kind, checkId, staleSeconds],
    );
    if (rows[0]) return { claimed: true };
    const kept = await this.database.executeSql<{ reply: Record<string, unknown> | null }>(
      `SELECT reply FROM proctoring_check_replies WHERE user_exam_id = $1 AND kind = $2 AND check_id = $3`,
      [userExamId, kind, checkId],
    );
    return { claimed: false, reply: kept.rows[0]?.reply ?? null };
  }

  /** Keeps the reply of a claimed check, for a request that sends it again. */
  async keepReply(userExamId: number, kind: BusyCheck, checkId: string, reply: object): Promise<void> {
    await this.database.executeSql(
      `UPDATE proctoring_check_replies SET reply = $4::jsonb WHERE user_exam_id = $1 AND kind = $2 AND check_id = $3`,
      [userExamId, kind, checkId, JSON.stringify(reply)],
    );
  }

  /** Gives up the claim of a check that was not judged (busy analysis, a refusal): it may be sent again. */
  async releaseCheck(userExamId: number, kind: BusyCheck, checkId: string): Promise<void> {
    await this.database.executeSql(
      `DELETE FROM proctoring_check_replies WHERE user_exam_id = $1 AND kind = $2 AND check_id = $3 AND reply IS NULL`,
      [userExamId, kind, checkId],
    );
  }

  /**
   * Stores a device log unless this user-exam (or user, without one) already holds `cap` logs of
   * the channel. Returns how many of them there are with this one (its place), or null when dropped.
   */
  async addLog(log: NewLog, cap: number): Promise<number | null> {
    const { rows } = await this.database.executeSql<{ place: number }>(
      `WITH kept AS (
         SELECT count(*)::int AS n FROM proctoring_logs
          WHERE channel = $3::text AND user_id = $2::int AND user_exam_id IS NOT DISTINCT FROM $1::int)
       INSERT INTO proctoring_logs (user_exam_id, user_id, channel, event, detail, client_at)
       SELECT $1::int, $2::int, $3::text, $4::text, $5::text, $6::text FROM kept WHERE kept.n < $7::int
       RETURNING (SELECT n FROM kept) + 1 AS place`,
      [log.userExamId, log.userId, log.channel, log.event, log.detail ?? null, log.clientAt ?? null, cap],
    );
    return rows[0] ? Number(rows[0].place) : null;
  }

  async logs(userExamId: number) {
    return this.db
      .select()
      .from(proctoringLogs)
      .where(eq(proctoringLogs.userExamId, userExamId))
      .orderBy(proctoringLogs.id);
  }
}
