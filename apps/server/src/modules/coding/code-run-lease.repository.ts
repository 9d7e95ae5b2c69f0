import type { Database } from '@invigil/db';
import { sql } from 'drizzle-orm';

/** Why a run was not given a lease: the user's runs in flight, or their runs of the last minute. */
export type LeaseRefusal = { reason: 'in-flight'; inFlight: number } | { reason: 'rate'; retryAfterMs: number };

interface TakeRow {
  taken: boolean;
  in_flight: number;
  retry_ms: number | null;
}

/** About one lease in this many also sweeps every user's expired leases and old starts. */
const SWEEP_EVERY = 500;

const ms = (n: number) => sql`${Math.round(n)}::int * interval '1 millisecond'`;

/**
 * The code runner's per-user leases and starts, shared by every API node (ADR 0214). A lease
 * is taken in one transaction that holds the user's advisory lock, so two nodes cannot both
 * hand out the user's last slot; the same SQL runs on PGlite and PostgreSQL.
 */
export class CodeRunLeaseRepository {
  private takes = 0;

  constructor(private readonly database: Database) {}

  /**
   * Under the user's lock, counts their live leases and their starts of the last minute by the
   * database's clock (the statement's, read once the lock is held); when both are under the
   * limits, adds a lease that lives `leaseMs` unless renewed, and the start. The user's own
   * expired rows are deleted on the way. Null when taken, else why not.
   */
  async take(
    lease: { id: string; userId: number; node: string; leaseMs: number },
    limits: { perUser: number; perMinute: number },
  ): Promise<LeaseRefusal | null> {
    const user = sql`${lease.userId}::int`;
    const row = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code-run:${lease.userId}`}, 0))`);
      const result = await tx.execute(sql`
        WITH t AS (SELECT statement_timestamp() AS now),
        live AS (SELECT count(*)::int AS n FROM code_run_leases, t WHERE user_id = ${user} AND expires_at > t.now),
        win AS (SELECT count(*)::int AS n, min(started_at) AS oldest FROM code_run_starts, t
                 WHERE user_id = ${user} AND started_at > t.now - interval '1 minute'),
        ok AS (SELECT live.n < ${limits.perUser}::int AND win.n < ${limits.perMinute}::int AS taken FROM live, win),
        lease AS (INSERT INTO code_run_leases (id, user_id, node, started_at, expires_at)
                  SELECT ${lease.id}, ${user}, ${lease.node}, t.now, t.now + ${ms(lease.leaseMs)} FROM t, ok
                   WHERE ok.taken RETURNING 1),
        start AS (INSERT INTO code_run_starts (user_id, started_at)
                  SELECT ${user}, t.now FROM t, ok WHERE ok.taken RETURNING 1),
        gone_leases AS (DELETE FROM code_run_leases l USING t
                         WHERE l.user_id = ${user} AND l.expires_at <= t.now RETURNING 1),
        gone_starts AS (DELETE FROM code_run_starts s USING t
                         WHERE s.user_id = ${user} AND s.started_at <= t.now - interval '1 minute' RETURNING 1)
        SELECT ok.taken, live.n AS in_flight,
               ceil(extract(epoch FROM win.oldest + interval '1 minute' - t.now) * 1000)::int AS retry_ms
          FROM ok, live, win, t`);
      return (result as unknown as { rows: TakeRow[] }).rows[0]!;
    });
    if (++this.takes % SWEEP_EVERY === 0) void this.sweep().catch(() => undefined);
    if (row.taken) return null;
    if (Number(row.in_flight) >= limits.perUser) return { reason: 'in-flight', inFlight: Number(row.in_flight) };
    return { reason: 'rate', retryAfterMs: Math.max(0, Number(row.retry_ms ?? 0)) };
  }

  /** Pushes a lease's end `leaseMs` past now (its run is still going). */
  async renew(id: string, leaseMs: number): Promise<void> {
    await this.database.executeSql(
      `UPDATE code_run_leases SET expires_at = statement_timestamp() + $2::int * interval '1 millisecond' WHERE id = $1`,
      [id, Math.round(leaseMs)],
    );
  }

  /** Ends a lease (its run ended, whatever the outcome). */
  async release(id: string): Promise<void> {
    await this.database.executeSql('DELETE FROM code_run_leases WHERE id = $1', [id]);
  }

  /** Deletes every user's expired leases and starts older than a minute. */
  private async sweep(): Promise<void> {
    await this.database.executeSql('DELETE FROM code_run_leases WHERE expires_at <= now()');
    await this.database.executeSql(`DELETE FROM code_run_starts WHERE started_at <= now() - interval '1 minute'`);
  }
}
