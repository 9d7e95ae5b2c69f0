/** What one send did: delivered (or refused for good), or worth retrying (503, network). */
export type SendResult = { retry: false } | { retry: true; afterMs?: number };

/** Back-off for the n-th retry (0-based): 2 s, 4 s, 8 s... capped at 60 s; Retry-After wins when longer. */
export function retryDelay(attempt: number, afterMs?: number, baseMs = 2000, maxMs = 60_000): number {
  const backOff = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.min(maxMs * 5, Math.max(backOff, afterMs ?? 0));
}

/**
 * Keeps the last few items a check could not deliver (a busy server, a lost link) and sends them
 * in order with back-off, so an honest candidate's picture is checked late rather than lost or
 * counted against them. When full, the oldest item is dropped.
 */
export class RetryQueue<T> {
  private items: T[] = [];
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;
  private closed = false;
  /** The send loop under way, when one is. */
  private draining: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: (item: T) => Promise<SendResult>,
    private readonly capacity = 3,
    private readonly onDrop?: (item: T) => void,
  ) {}

  get size() {
    return this.items.length;
  }

  /** Adds an item and sends now unless a retry is already waiting. */
  push(item: T): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.items.push(item);
    while (this.items.length > this.capacity) {
      const dropped = this.items.shift()!;
      this.onDrop?.(dropped);
    }
    if (this.timer || this.sending) return Promise.resolve();
    return this.drain();
  }

  /**
   * Before the test is submitted (the server takes no check after it): what is kept goes now, once
   * each, without waiting for the back-off; resolves when it was delivered or refused, or when a
   * send asked to retry (the link is still down). The caller bounds how long it waits.
   */
  async flush(): Promise<void> {
    if (this.sending) await this.draining;
    if (this.closed || !this.items.length) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    await this.drain();
  }

  /**
   * The link is back (the window's 'online'): a waiting retry goes now and the back-off starts
   * over, instead of after up to 60 s more of the back-off reached while offline.
   */
  retryNow(): Promise<void> {
    if (this.closed || !this.timer || this.sending) return Promise.resolve();
    clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    return this.drain();
  }

  close() {
    this.closed = true;
    this.items = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private drain(): Promise<void> {
    this.draining = this.sendKept();
    return this.draining;
  }

  private async sendKept(): Promise<void> {
    this.sending = true;
    try {
      while (this.items.length && !this.closed) {
        const item = this.items[0]!;
        let result: SendResult;
        try {
          result = await this.send(item);
        } catch {
          result = { retry: true };
        }
        if (this.closed) return;
        if (result.retry) {
          const wait = retryDelay(this.attempt++, result.afterMs);
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.drain();
          }, wait);
          return;
        }
        this.attempt = 0;
        if (this.items[0] === item) this.items.shift();
      }
    } finally {
      this.sending = false;
    }
  }
}
