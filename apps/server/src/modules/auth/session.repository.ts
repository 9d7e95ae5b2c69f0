import type { Database } from '@invigil/db';
import { hashToken } from '../../lib/tokens.ts';

export interface ActiveSession {
  id: number;
  role: string;
  sessionId: number;
}

/** Bearer sessions: stored hashed, revocable, expiring after an idle period. */
export class SessionRepository {
  constructor(
    private readonly database: Database,
    private readonly idleMinutes: number,
  ) {}

  /** The live session for a token, refreshing its last-seen time at most once a minute. */
  async touch(token: string): Promise<ActiveSession | null> {
    const { rows } = await this.database.executeSql(
      `SELECT s.id, s.user_id, u.role, (s.last_seen_at < now() - interval '60 seconds') AS stale
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL
          AND s.last_seen_at > now() - make_interval(mins => $2::int)`,
      [hashToken(token), this.idleMinutes],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.stale) await this.database.executeSql('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.id]);
    return { id: Number(row.user_id), role: row.role, sessionId: Number(row.id) };
  }

  /** Whether the user has a session still in use (the single-session rule). */
  async hasActive(userId: number): Promise<boolean> {
    const { rows } = await this.database.executeSql(
      `SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL
          AND last_seen_at > now() - make_interval(mins => $2::int) LIMIT 1`,
      [userId, this.idleMinutes],
    );
    return rows.length > 0;
  }

  async create(userId: number, token: string, meta: { userAgent?: string; ip?: string }): Promise<number> {
    const { rows } = await this.database.executeSql(
      'INSERT INTO sessions (user_id, token_hash, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id',
      [userId, hashToken(token), meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
    );
    return Number(rows[0].id);
  }

  async revokeAllForUser(userId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
      [userId, reason],
    );
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
      [sessionId, reason],
    );
  }
}
