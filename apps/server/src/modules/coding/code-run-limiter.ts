import { tooManyRequests } from '../../lib/http-errors.ts';

const WINDOW_MS = 60_000;

interface UserRuns {
  inFlight: number;
  /** Start times of the runs of the last minute, oldest first. */
  started: number[];
}

/**
 * The code runner's fair share per user (ADR 0090): at most `perUser` runs in flight and
 * `perMinute` runs started in any minute. Over either limit the run is refused with 429 and
 * Retry-After before it reaches the runner's queue, so one user cannot fill the queue that
 * every candidate shares. Counted in this process (each API instance has its own runner).
 */
export class CodeRunLimiter {
  private readonly users = new Map<number, UserRuns>();

  constructor(
    private readonly limits: { perUser: number; perMinute: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot for one run; call the returned release when the run ends, whatever its outcome. */
  acquire(userId: number): () => void {
    const t = this.now();
    const u = this.users.get(userId) ?? { inFlight: 0, started: [] };
    while (u.started.length > 0 && u.started[0]! <= t - WINDOW_MS) u.started.shift();
    if (u.inFlight >= this.limits.perUser) {
      this.keep(userId, u);
      throw tooManyRequests(
        `You already have ${u.inFlight} code runs in progress (at most ${this.limits.perUser} at a time). Wait for them to finish, then run again.`,
        1,
      );
    }
    if (u.started.length >= this.limits.perMinute) {
      this.keep(userId, u);
      const wait = Math.max(1, Math.ceil((u.started[0]! + WINDOW_MS - t) / 1000));
      throw tooManyRequests(
        `Too many code runs: at most ${this.limits.perMinute} per minute. Try again in ${wait} seconds.`,
        wait,
      );
    }
    u.inFlight += 1;
    u.started.push(t);
    this.users.set(userId, u);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      u.inFlight -= 1;
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
