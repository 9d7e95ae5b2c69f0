import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { CodeRunLeaseRepository } from './code-run-lease.repository.ts';
import { tooManyInFlight, tooManyPerMinute, type CodeRunLimiter, type CodeRunLimits } from './code-run-limiter.ts';

/**
 * How long a lease lives without renewal: the longest single step the local sandbox allows
 * (a question's wall limit is capped at 40 s) plus a margin. A whole run (queue wait, compile,
 * one step per test case; Judge0 waits up to 120 s) may last longer, so the node renews the
 * lease every third of this while the run goes on; a node killed mid-run stops renewing, and
 * its lease stops counting this long after the last renewal at most.
 */
const CODE_RUN_LEASE_MS = 60_000;

/** Ends a run's slot on every count; never throws (a lease not deleted expires on its own). */
export type EndRun = () => Promise<void>;

/**
 * The code runner's per-user limits over every API node (ADR 0214): `perUser` runs in flight
 * (a lease per run in the database) and `perMinute` runs started in any minute (their start
 * times in the database, by its clock). The process's own CodeRunLimiter answers first, without
 * a round trip, and stays the only guard while the database cannot be reached (ADR 0213's
 * rule: a limit that cannot be counted lets the request through). Same 429s as ADR 0090.
 */
export class SharedCodeRunLimiter {
  private readonly node = `${hostname()}:${process.pid}`;
  private readonly fallbackListeners: ((err: unknown) => void)[] = [];

  constructor(
    private readonly leases: CodeRunLeaseRepository,
    private readonly local: CodeRunLimiter,
    private readonly limits: CodeRunLimits,
    private readonly leaseMs = CODE_RUN_LEASE_MS,
  ) {}

  /**
   * Called with the error each time a run is let through on the process's own count because the
   * database could not be reached (logs and metrics; the limits then hold per node only).
   */
  onFallback(listener: (err: unknown) => void): void {
    this.fallbackListeners.push(listener);
  }

  /** Takes a slot for one run, or throws the 429; call the returned end when the run ends, whatever its outcome. */
  async acquire(userId: number): Promise<EndRun> {
    const releaseLocal = this.local.acquire(userId);
    const id = randomUUID();
    let refusal;
    try {
      refusal = await this.leases.take({ id, userId, node: this.node, leaseMs: this.leaseMs }, this.limits);
    } catch (err) {
      // The database cannot be reached: the process's count is the guard (ADR 0213, 0214).
      for (const listener of this.fallbackListeners) listener(err);
      return async () => releaseLocal();
    }
    if (refusal) {
      releaseLocal({ refused: true });
      throw refusal.reason === 'in-flight'
        ? tooManyInFlight(refusal.inFlight, this.limits)
        : tooManyPerMinute(refusal.retryAfterMs, this.limits);
    }
    const renewal = setInterval(
      () => void this.leases.renew(id, this.leaseMs).catch(() => undefined),
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    renewal.unref();
    let ended = false;
    return async () => {
      if (ended) return;
      ended = true;
      clearInterval(renewal);
      releaseLocal();
      await this.leases.release(id).catch(() => undefined);
    };
  }
}
