import { Worker } from 'node:worker_threads';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** The worker was terminated because a run went past its time limit. */
export class SqlTimeoutError extends Error {
  constructor(ms: number) {
    super(`Query exceeded the time limit of ${ms} ms and was stopped`);
    this.name = 'SqlTimeoutError';
  }
}

/**
 * One warm worker thread running a SQL engine, one request at a time. A request past its time
 * limit terminates the worker (the only way to stop PGlite or sql.js mid-query); the next
 * request starts a fresh one. A worker can also ask to be recycled (a tainted instance).
 */
export class WorkerHost {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private seq = 0;
  private pending = new Map<number, Pending>();

  constructor(
    private readonly url: URL,
    private readonly memoryMb = 256,
    /** Start the replacement engine right away after a recycle (slow-starting engines such as PGlite). */
    private readonly eager = false,
  ) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(this.url, {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
      env: {},
      stdout: true,
      stderr: true,
    });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type?: string; error?: string }) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'fatal') reject(new Error(m.error));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.on('message', (m: { id?: number; ok?: boolean; result?: unknown; error?: string; recycle?: boolean }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.recycle) this.recycle();
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(m.error ?? 'query failed'));
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(err);
      }
      this.pending.clear();
      this.worker = null;
      this.ready = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the SQL worker stopped')));
    return this.ready;
  }

  /** Drops the current worker; the next request gets a fresh engine. */
  recycle(): void {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    void w?.terminate();
    if (this.eager) this.start().catch(() => undefined);
  }

  /** Starts the engine ahead of the first request. */
  warm(): Promise<void> {
    return this.start();
  }

  request<T>(payload: Record<string, unknown>, timeoutMs: number): Promise<T> {
    const run = async (): Promise<T> => {
      await this.start();
      const worker = this.worker!;
      const id = ++this.seq;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.pending.delete(id);
          this.recycle();
          reject(new SqlTimeoutError(timeoutMs));
        }, timeoutMs);
        this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        worker.postMessage({ id, ...payload });
      });
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    await w?.terminate();
  }
}
