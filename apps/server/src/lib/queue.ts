import PgBoss from 'pg-boss';
import type { Database } from '@invigil/db';
import type { z } from 'zod';

/** A job: a name, a zod payload schema and one idempotent handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  handle(payload: z.infer<S>): Promise<void>;
}

export interface Queue {
  boss: PgBoss;
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Registers the job's handler when this process runs workers. */
  work<S extends z.ZodType>(job: JobDefinition<S>): Promise<void>;
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
  return {
    boss,
    async send(job, payload, options) {
      await ensure(job.name);
      return boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
    },
    async work(job) {
      await ensure(job.name);
      if (!opts.runWorkers) return;
      await boss.work(job.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const j of jobs) await job.handle(job.payload.parse(j.data));
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
