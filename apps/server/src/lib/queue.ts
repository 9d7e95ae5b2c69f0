import PgBoss from 'pg-boss';
import type { Database } from '@invigil/db';
import type { z } from 'zod';

/** A job: a name, a zod payload schema and one idempotent handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  handle(payload: z.infer<S>): Promise<void>;
  /**
   * Jobs taken together: the worker fetches up to `size` jobs at once and hands their payloads
   * to `handleMany` in one call, and fetches again at once while there is work (no polling
   * pause between batches). The handler must be idempotent per payload: a batch whose worker
   * died is handed out again.
   */
  batch?: { size: number; handleMany(payloads: Array<z.infer<S>>): Promise<void> };
}

/** A handled job or batch of jobs: for the metrics (job durations and counts). */
type JobObserver = (queue: string, jobs: number, seconds: number, ok: boolean) => void;

export interface Queue {
  boss: PgBoss;
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Registers the job's handler when this process runs workers. */
  work<S extends z.ZodType>(job: JobDefinition<S>): Promise<void>;
  /** Called after each handled job or batch (the metrics plugin listens). */
  observe(observer: JobObserver): void;
  stop(): Promise<void>;
}

/** pg-boss on the application's own database (PGlite through executeSql, or PostgreSQL). */
export async function startQueue(
  database: Database,
  opts: { runWorkers: boolean; log?: (e: unknown) => void },
): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // PGlite is a single connection: keep background polling light.
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (e) => opts.log?.(e));
  await boss.start();
  const created = new Set<string>();
  const ensure = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  const observers: JobObserver[] = [];
  const observed = async (name: string, jobs: number, run: () => Promise<void>) => {
    const started = performance.now();
    let ok = false;
    try {
      await run();
      ok = true;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      for (const o of observers) o(name, jobs, seconds, ok);
    }
  };
  let stopping = false;
  const drains: Array<Promise<void>> = [];
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  /** A batch job's worker loop: fetch up to `size`, handle, complete (or fail: retried); again at once while there is work. */
  const drain = async <S extends z.ZodType>(job: JobDefinition<S>, batch: NonNullable<JobDefinition<S>['batch']>) => {
    while (!stopping) {
      let jobs: Array<PgBoss.Job<object>>;
      try {
        jobs = await boss.fetch<object>(job.name, { batchSize: batch.size });
      } catch (e) {
        opts.log?.(e);
        await pause(1000);
        continue;
      }
      if (!jobs?.length) {
        await pause(1000);
        continue;
      }
      // A job whose payload does not parse fails alone; the rest of the batch goes on.
      const parsed = jobs.map((j) => ({ id: j.id, data: job.payload.safeParse(j.data) }));
      const bad = parsed.filter((p) => !p.data.success).map((p) => p.id);
      if (bad.length) await boss.fail(job.name, bad).catch((err: unknown) => opts.log?.(err));
      const good = parsed.filter((p) => p.data.success);
      const ids = good.map((p) => p.id);
      if (!ids.length) continue;
      try {
        await observed(job.name, ids.length, () => batch.handleMany(good.map((p) => p.data.data as z.infer<S>)));
        await boss.complete(job.name, ids);
      } catch (e) {
        opts.log?.(e);
        await boss.fail(job.name, ids).catch((err: unknown) => opts.log?.(err));
      }
    }
  };

  return {
    boss,
    async send(job, payload, options) {
      await ensure(job.name);
      return boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
    },
    async work(job) {
      await ensure(job.name);
      if (!opts.runWorkers) return;
      if (job.batch) {
        drains.push(drain(job, job.batch));
        return;
      }
      await boss.work(job.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const j of jobs) await observed(job.name, 1, () => job.handle(job.payload.parse(j.data)));
      });
    },
    observe(observer) {
      observers.push(observer);
    },
    async stop() {
      // Batch loops finish the batch in hand (it is completed, not lost), then stop fetching.
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(drains);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
