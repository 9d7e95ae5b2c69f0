import { tooManyRequests } from '../../lib/http-errors.ts';

const WINDOW_MS = 60_000;

interface UserRuns {
  inFlight: number;
  /** Start times of the runs of the last minute, oldest first. */
  started: number[];
}

export interface CodeRunLimits {
  perUser: number;
  perMinute: number;
}

/**
 * Ends a run's slot, whatever its outcome. `refused`: the run never started (a later check
 * refused it), so it does not count towards the minute either.
 */
export type ReleaseRun = (options?: { refused?: boolean }) => void;

/** The 429 for a user with `inFlight` runs in progress, at the limit (ADR 0090). */
export const tooManyInFlight = (inFlight: number, limits: CodeRunLimits) =>
  tooManyRequests(
    `You already have ${inFlight} code runs in progress (at most ${limits.perUser} at a time). Wait for them to finish, then run again.`,
    1,
  );

/** The 429 for a user at the per-minute limit, whose oldest run leaves the window in `waitMs` (ADR 0090). */
export const tooManyPerMinute = (waitMs: number, limits: CodeRunLimits) => {
  const wait = Math.max(1, Math.ceil(waitMs / 1000));
  return tooManyRequests(
    `Too many code runs: at most ${limits.perMinute} per minute. Try again in ${wait} seconds.`,
    wait,
  );
};

/**
 * The code runner's fair share per user (ADR 0090): at most `perUser` runs in flight and
 * `perMinute` runs started in any minute. Over either limit the run is refused with 429 and
 * Retry-After before it reaches the runner's queue, so one user cannot fill the queue that
 * every candidate shares. Counted in this process: the first, cheap check in front of the
 * counts every API node shares (ADR 0214), and the only one while the database cannot be reached.
 */
export class CodeRunLimiter {
  private readonly users = new Map<number, UserRuns>();

  constructor(
    private readonly limits: CodeRunLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot for one run; call the returned release when the run ends, whatever its outcome. */
  acquire(userId: number): ReleaseRun {
    const t = this.now();
    const u = this.users.get(userId) ?? { inFlight: 0, started: [] };
    while (u.started.length > 0 && u.started[0]! <= t - WINDOW_MS) u.started.shift();
    if (u.inFlight >= this.limits.perUser) {
      this.keep(userId, u);
      throw tooManyInFlight(u.inFlight, this.limits);
    }
    if (u.started.length >= this.limits.perMinute) {
      this.keep(userId, u);
      throw tooManyPerMinute(u.started[0]! + WINDOW_MS - t, this.limits);
    }
    u.inFlight += 1;
    u.started.push(t);
    this.users.set(userId, u);
    let released = false;
    return (options) => {
      if (released) return;
      released = true;
      u.inFlight -= 1;
      if (options?.refused) {
        const i = u.started.lastIndexOf(t);
        if (i >= 0) u.started.splice(i, 1);
      }
      this.keep(userId, u);
    };
  }

  /** Forgets a user with nothing in flight and nothing in the window, so the map stays small. */
  private keep(userId: number, u: UserRuns) {
    const t = this.now();
    while (u.started.length > 0 && u.started[0]! <= t - WINDOW_MS) u.started.shift();
    if (u.inFlight === 0 && u.started.length === 0) this.users.delete(userId);
    else this.users.set(userId, u);
  }
}
