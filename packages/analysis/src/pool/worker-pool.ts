import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AnalysisBusyError, AnalysisInputError, AnalysisTimeoutError } from '../errors.ts';
import type { JobRequest, JobResult, SerializedError, WorkerMessage } from './protocol.ts';

export interface PoolOptions {
  /** worker threads; default one per core */
  workers?: number;
  /** jobs allowed to wait beyond the ones running; more answer 503 */
  maxQueue?: number;
  /** a job running longer than this restarts its worker */
  jobTimeoutMs?: number;
  /** how long a worker may take to load its models */
  startTimeoutMs?: number;
}

interface Pending {
  id: number;
  job: JobRequest;
  transfer: ArrayBuffer[];
  resolve: (r: JobResult) => void;
  reject: (e: Error) => void;
  enqueuedAt: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
}

export interface PoolStats {
  workers: number;
  ready: number;
  busy: number;
  queued: number;
  maxQueue: number;
  completed: number;
  rejected: number;
  restarts: number;
  loadMs: number[];
  firstInferenceMs: number[];
  avgJobMs: number;
}

function toError(e: SerializedError): Error {
  if (e.statusCode && e.statusCode < 500) return new AnalysisInputError(e.code ?? 'BAD_INPUT', e.message, e.statusCode);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

/**
 * A fixed set of analysis worker threads with a bounded queue. Workers start lazily on the
 * first job (or with start()), keep their models warm, and are replaced if they hang or die.
 */
export class WorkerPool {
  readonly size: number;
  readonly maxQueue: number;
  readonly jobTimeoutMs: number;
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private started = false;
  private closed = false;
  private s = {
    completed: 0,
    rejected: 0,
    restarts: 0,
    loadMs: [] as number[],
    firstInferenceMs: [] as number[],
    totalMs: 0,
  };
  private readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private startFailures = 0;
  private broken: Error | null = null;

  constructor(private opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.workers ?? os.availableParallelism());
    this.maxQueue = Math.max(0, opts.maxQueue ?? this.size * 8);
    this.jobTimeoutMs = opts.jobTimeoutMs ?? 30_000;
  }

  /** Starts the workers (idempotent); resolves when at least one has loaded its models. */
  async start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
    }
    if (this.slots.some((s) => s.ready)) return;
    if (this.broken) throw this.broken;
    await new Promise<void>((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  private spawn(): Slot {
    const entry = new URL('./analysis-worker.ts', import.meta.url).href;
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { entry }, execArgv: [] });
    const slot: Slot = { worker, ready: false, busy: null, timer: null };
    const startTimer = setTimeout(() => {
      if (!slot.ready) this.replace(slot, new Error('analysis worker did not start in time'));
    }, this.opts.startTimeoutMs ?? 120_000);
    startTimer.unref();
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') {
        clearTimeout(startTimer);
        slot.ready = true;
        this.s.loadMs.push(Math.round(m.loadMs));
        this.s.firstInferenceMs.push(Math.round(m.firstInferenceMs));
        this.startFailures = 0;
        this.readyWaiters.splice(0).forEach((w) => w.resolve());
        this.pump();
      } else if (m.type === 'fatal') {
        clearTimeout(startTimer);
        this.replace(slot, toError(m.error));
      } else if (m.type === 'result' && slot.busy && slot.busy.id === m.id) {
        const job = slot.busy;
        slot.busy = null;
        if (slot.timer) clearTimeout(slot.timer);
        this.s.completed++;
        this.s.totalMs += Date.now() - job.enqueuedAt;
        if (m.ok) job.resolve(m.result);
        else job.reject(toError(m.error));
        this.pump();
      }
    });
    worker.on('error', (e) => this.replace(slot, e));
    worker.on('exit', () => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error('analysis worker exited'));
    });
    return slot;
  }

  /** Drops a dead or stuck worker, fails its job, and starts a new one in its place. */
  private replace(slot: Slot, err: Error) {
    const idx = this.slots.indexOf(slot);
    if (idx < 0 || this.closed) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.busy) slot.busy.reject(err);
    slot.busy = null;
    void slot.worker.terminate();
    this.s.restarts++;
    if (!slot.ready && ++this.startFailures >= 3 * this.size) {
      // the workers cannot load (missing models, broken install): fail fast instead of looping
      this.broken = new Error(`analysis workers cannot start: ${err.message}`);
      this.slots.splice(idx, 1);
      if (this.slots.every((s) => !s.ready)) {
        this.readyWaiters.splice(0).forEach((w) => w.reject(this.broken!));
        for (const j of this.queue.splice(0)) j.reject(this.broken);
      }
      return;
    }
    this.slots[idx] = this.spawn();
  }

  private pump() {
    for (const slot of this.slots) {
      if (!slot.ready || slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = job;
      slot.timer = setTimeout(() => this.replace(slot, new AnalysisTimeoutError(this.jobTimeoutMs)), this.jobTimeoutMs);
      slot.worker.postMessage({ id: job.id, job: job.job }, job.transfer);
    }
  }

  /** Seconds a client should wait before retrying when the queue is full. */
  retryAfterSeconds(): number {
    const avg = this.s.completed ? this.s.totalMs / this.s.completed : 1000;
    return Math.max(1, Math.min(60, Math.ceil((avg * (this.queue.length + 1)) / this.size / 1000)));
  }

  run(job: JobRequest, transfer: ArrayBuffer[] = []): Promise<JobResult> {
    if (this.closed) return Promise.reject(new Error('analysis pool is closed'));
    const busy = this.slots.filter((s) => s.busy).length;
    const capacity = this.size + this.maxQueue;
    if (busy + this.queue.length >= capacity) {
      this.s.rejected++;
      return Promise.reject(new AnalysisBusyError(this.retryAfterSeconds()));
    }
    if (this.broken && this.slots.length === 0) {
      // try again from scratch on a later request
      this.broken = null;
      this.startFailures = 0;
      this.started = false;
    }
    if (!this.started) this.start().catch(() => {});
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, transfer, resolve, reject, enqueuedAt: Date.now() });
      this.pump();
    });
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      ready: this.slots.filter((s) => s.ready).length,
      busy: this.slots.filter((s) => s.busy).length,
      queued: this.queue.length,
      maxQueue: this.maxQueue,
      completed: this.s.completed,
      rejected: this.s.rejected,
      restarts: this.s.restarts,
      loadMs: this.s.loadMs,
      firstInferenceMs: this.s.firstInferenceMs,
      avgJobMs: this.s.completed ? Math.round(this.s.totalMs / this.s.completed) : 0,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('analysis pool is closed'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.busy?.reject(new Error('analysis pool is closed'));
        await s.worker.terminate();
      }),
    );
    this.slots = [];
  }
}
