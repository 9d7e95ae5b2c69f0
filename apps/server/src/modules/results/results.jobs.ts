import type { FastifyInstance } from 'fastify';

/**
 * Result workers: the scoring job and the time-out sweep (every config.examSweepIntervalMs, it
 * closes attempts whose deadline passed, status 011, and scores them; it also drops unfinished
 * recording uploads of ended attempts, and scores submitted attempts whose result is overdue: their
 * job was lost with a killed worker). Called once from app.ts for every
 * role that runs workers (all, worker); the sweep also runs without a queue (scoring inline).
 */
export async function startResultJobs(app: FastifyInstance): Promise<void> {
  const { queue, config, services } = app.ctx;
  if (config.role === 'api') return;
  const { results, proctoring, recordings } = services;
  if (queue) {
    await queue.work(results.scoreJob());
    await queue.work(results.regenerateJob());
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.all([
      results.sweep().catch((e) => app.log.error({ err: e }, 'time-out sweep failed')),
      proctoring.recordGaps().catch((e) => app.log.error({ err: e }, 'proctoring gap sweep failed')),
      recordings.sweep().catch((e) => app.log.error({ err: e }, 'recording upload sweep failed')),
      results
        .rescueUnscored(config.scoreRescueAfterSeconds)
        .catch((e) => app.log.error({ err: e }, 'overdue scoring sweep failed')),
    ]).finally(() => {
      running = false;
    });
  }, config.examSweepIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
