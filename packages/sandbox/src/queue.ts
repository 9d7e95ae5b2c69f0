/** Thrown when the queue in front of the sandbox is full; the server answers 503 with Retry-After. */
export class QueueFullError extends Error {
  readonly statusCode = 503;
  constructor(readonly retryAfterSeconds: number) {
    super('The code runner is busy, please try again shortly');
    this.name = 'QueueFullError';
  }
}

/**
 * A bounded queue of slots: at most `concurrency` jobs run at once (each holds a slot number,
 * which picks the job's sandbox uid) and at most `maxWaiting` wait; beyond that, callers are
 * refused at once with an estimate of when to retry.
 */
export class SlotQueue {
  private readonly free: number[];
  private readonly waiting: ((slot: number) => void)[] = [];
  private avgMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    this.free = Array.from({ length: concurrency }, (_, i) => i);
  }

  get running(): number {
    return this.concurrency - this.free.length;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Seconds a new caller would likely wait, rounded up, at least 1. */
  retryAfterSeconds(): number {
    const ahead = this.waiting.length + 1;
    return Math.max(1, Math.ceil((ahead / this.concurrency) * (this.avgMs / 1000)));
  }

  async run<T>(job: (slot: number) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    const started = Date.now();
    try {
      return await job(slot);
    } finally {
      this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
      this.release(slot);
    }
  }

  private acquire(): Promise<number> {
    const slot = this.free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new QueueFullError(this.retryAfterSeconds()));
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: number): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}
