import type { Database } from '@invigil/db';

/** One timeline event (ADR 0121). */
export interface AttemptEvent {
  kind: string;
  userExamId?: number | null;
  /** whose account or attempt it is about */
  userId?: number | null;
  /** who did it; null for the server itself (sweep, jobs) */
  actorId?: number | null;
  data?: Record<string, unknown>;
}

export interface StoredEvent {
  id: number;
  at: Date;
  kind: string;
  actor: string | null;
  data: Record<string, unknown>;
}

interface EventRow {
  id: string | number;
  created_at: string | Date;
  kind: string;
  actor: string | null;
  data: Record<string, unknown>;
}

const FLUSH_MS = 100;
const FLUSH_ROWS = 500;

/**
 * The append-only attempt timeline. Events are buffered for at most FLUSH_MS and written with
 * one INSERT (a save is the hot path: one statement a batch, not one a save); every read
 * flushes first, so a reader sees what happened before it asked. Rows are never updated.
 */
export class EventLogRepository {
  private buffer: Array<AttemptEvent & { at: string }> = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database) {}

  record(e: AttemptEvent): void {
    this.buffer.push({ ...e, at: new Date().toISOString() });
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is buffered (and waits for a write under way). Never throws: a lost event is logged by the caller's logger. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (!rows.length) return;
      try {
        await this.insert(rows);
      } catch (e) {
        console.error('attempt events not written', e);
      }
    });
    return this.writing;
  }

  private async insert(rows: Array<AttemptEvent & { at: string }>) {
    await this.database.executeSql(
      `INSERT INTO attempt_events (user_exam_id, user_id, actor_id, kind, data, created_at)
       SELECT e.user_exam_id, e.user_id, e.actor_id, e.kind, COALESCE(e.data, '{}'::jsonb), e.at
         FROM jsonb_to_recordset($1::jsonb) AS e(user_exam_id int, user_id int, actor_id int, kind text, data jsonb, at timestamptz)`,
      [
        JSON.stringify(
          rows.map((r) => ({
            user_exam_id: r.userExamId ?? null,
            user_id: r.userId ?? null,
            actor_id: r.actorId ?? null,
            kind: r.kind,
            data: r.data ?? {},
            at: r.at,
          })),
        ),
      ],
    );
  }

  /** An attempt's events, newest first, older than `before` (keyset on id). */
  async page(userExamId: number, before: number | undefined, limit: number): Promise<StoredEvent[]> {
    await this.flush();
    const { rows } = await this.database.executeSql<EventRow>(
      `SELECT e.id, e.created_at, e.kind, e.data, a.email AS actor
         FROM attempt_events e LEFT JOIN users a ON a.id = e.actor_id
        WHERE e.user_exam_id = $1 AND ($2::bigint IS NULL OR e.id < $2)
        ORDER BY e.id DESC LIMIT $3`,
      [userExamId, before ?? null, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at),
      kind: r.kind,
      actor: r.actor,
      data: r.data ?? {},
    }));
  }

  /** The user's account events (sign-ins, staff unlocks) between two instants, to place them on an attempt's timeline. */
  async accountEvents(userId: number, from: Date, to: Date, limit: number): Promise<StoredEvent[]> {
    await this.flush();
    const { rows } = await this.database.executeSql<EventRow>(
      `SELECT e.id, e.created_at, e.kind, e.data, a.email AS actor
         FROM attempt_events e LEFT JOIN users a ON a.id = e.actor_id
        WHERE e.user_id = $1 AND e.user_exam_id IS NULL AND e.kind IN ('signin', 'staff.unlock') AND e.created_at BETWEEN $2 AND $3
        ORDER BY e.id DESC LIMIT $4`,
      [userId, from.toISOString(), to.toISOString(), limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at),
      kind: r.kind,
      actor: r.actor,
      data: r.data ?? {},
    }));
  }
}
