import type { Database } from '@invigil/db';
import { hashToken } from '../../lib/tokens.ts';

export interface ActiveSession {
  id: number;
  role: string;
  sessionId: number;
}

const CACHE_MAX = 100_000;

/**
 * One cache per database handle and process (tests open several databases in one process).
 * A checked session is trusted for `ttlMs` without asking the database again (ADR 0030,
 * SESSION_CACHE_MS, at most 5 s, 0 turns it off). Logout and regen in this process invalidate
 * at once; another process sees them within this bound.
 */
class SessionCache {
  private entries = new Map<string, { session: ActiveSession; until: number }>();
  /** Bumped by every invalidation: a lookup that started before it does not fill the cache. */
  epoch = 0;

  constructor(private readonly ttlMs: number) {}

  get(token: string): ActiveSession | null {
    const e = this.entries.get(token);
    if (!e) return null;
    if (e.until > Date.now()) return e.session;
    this.entries.delete(token);
    return null;
  }

  set(token: string, session: ActiveSession, epoch: number) {
    if (this.ttlMs <= 0 || epoch !== this.epoch) return;
    if (this.entries.size >= CACHE_MAX) this.sweep();
    this.entries.set(token, { session, until: Date.now() + this.ttlMs });
  }

  invalidate(match: (s: ActiveSession) => boolean) {
    this.epoch++;
    for (const [token, e] of this.entries) if (match(e.session)) this.entries.delete(token);
  }

  private sweep() {
    const now = Date.now();
    for (const [token, e] of this.entries) if (e.until <= now) this.entries.delete(token);
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
  }
}
const caches = new WeakMap<Database, SessionCache>();
function cacheFor(database: Database, ttlMs: number): SessionCache {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = new SessionCache(ttlMs)));
  return c;
}

/** Bearer sessions: stored hashed, revocable, expiring after an idle period. */
export class SessionRepository {
  private readonly cache: SessionCache;

  constructor(
    private readonly database: Database,
    private readonly idleMinutes: number,
    /** How long a checked session is answered from memory (config.sessionCacheMs). */
    cacheMs: number,
  ) {
    this.cache = cacheFor(database, cacheMs);
  }

  /**
   * The live session for a token, refreshing its last-seen time at most once a minute. A
   * session checked within the cache bound is answered from this process's cache. With
   * `refresh` false the last-seen time is left alone: a screen's stream checking that its
   * session still exists does not keep an unattended session alive (ADR 0205).
   */
  async touch(token: string, refresh = true): Promise<ActiveSession | null> {
    // Keyed by the token itself: a hit costs no SHA-256 (the cache lives only in this process's memory).
    const hit = this.cache.get(token);
    if (hit) return hit;
    const epoch = this.cache.epoch;
    const hash = hashToken(token);
    const { rows } = await this.database.executeSql<{ id: number; user_id: number; role: string; stale: boolean }>(
      `SELECT s.id, s.user_id, u.role, (s.last_seen_at < now() - interval '60 seconds') AS stale
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL
          AND s.last_seen_at > now() - make_interval(mins => $2::int)`,
      [hash, this.idleMinutes],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.stale && refresh)
      await this.database.executeSql('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.id]);
    const session = { id: Number(row.user_id), role: row.role, sessionId: Number(row.id) };
    this.cache.set(token, session, epoch);
    return session;
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
    const { rows } = await this.database.executeSql<{ id: number }>(
      'INSERT INTO sessions (user_id, token_hash, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id',
      [userId, hashToken(token), meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
    );
    const row = rows[0];
    if (!row) throw new Error('session insert returned no row');
    return Number(row.id);
  }

  async revokeAllForUser(userId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
      [userId, reason],
    );
    this.cache.invalidate((s) => s.id === userId);
  }

  /** Ends every session of the user but one (a password change keeps the session that made it). */
  async revokeOthers(userId: number, keepSessionId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
      [userId, keepSessionId, reason],
    );
    this.cache.invalidate((s) => s.id === userId && s.sessionId !== keepSessionId);
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.database.executeSql(
      'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
      [sessionId, reason],
    );
    this.cache.invalidate((s) => s.sessionId === sessionId);
  }
}
