import type { Database } from '@invigil/db';

const LIVE_CHANNEL = 'active_attempts';
const COALESCE_MS = 250;

/**
 * Live Ongoing Tests (ADR 0121): a change to an attempt (save, start, resume, close) is
 * `touch`ed; ids are coalesced for COALESCE_MS and sent as one NOTIFY, so every API node (each
 * LISTENs once) learns which rows to re-read and push to its open streams.
 */
export class LiveAttempts {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly subscribers = new Set<(ids: number[]) => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  touch(userExamId: number): void {
    this.pending.add(userExamId);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.send(), COALESCE_MS);
    this.timer.unref();
  }

  /** Sends what is pending now (tests and shutdown). */
  async send(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const ids = [...this.pending];
    this.pending.clear();
    // A NOTIFY payload is at most 8000 bytes: send in chunks.
    for (let i = 0; i < ids.length; i += 1000) {
      try {
        await this.database.executeSql('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, ids.slice(i, i + 1000).join(',')]);
      } catch (e) {
        console.error('live notify failed', e);
      }
    }
  }

  /** Calls `onChange` with the changed ids of every node's NOTIFY until the returned function is called. */
  async subscribe(onChange: (ids: number[]) => void): Promise<() => void> {
    this.subscribers.add(onChange);
    await this.ensureListening();
    return () => {
      this.subscribers.delete(onChange);
    };
  }

  private ensureListening(): Promise<void> {
    this.starting ??= this.database
      .listen(LIVE_CHANNEL, (payload) => {
        const ids = payload
          .split(',')
          .map(Number)
          .filter((n) => Number.isInteger(n) && n > 0);
        for (const s of this.subscribers) s(ids);
      })
      .then((stop) => {
        this.stopListening = stop;
      });
    return this.starting;
  }

  async close(): Promise<void> {
    await this.send();
    this.subscribers.clear();
    await this.stopListening?.();
    this.stopListening = null;
    this.starting = null;
  }
}
