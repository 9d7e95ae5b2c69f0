import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets (seconds): answer saves live in the first ones, analysis and code runs in the last. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const isLoopback = (ip: string | undefined) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it only a
 * direct request from this machine (a scraper beside the node), never one relayed by a balancer.
 */
function mayRead(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const auth = req.headers.authorization ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice(7), token);
  }
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined;
}

/** A gauge whose value is read when Prometheus scrapes (never on the request path). */
function sampled(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: (set: (labels: Record<string, string>, v: number) => void) => Promise<void> | void,
) {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        await read((labels, v) => this.set(labels, v));
      } catch {
        // A scrape during a database restart reports what it can; the gauge stays empty.
      }
    },
  });
}

/**
 * GET /metrics in Prometheus format: request latency by route, answer-save batches, job queue
 * depths, analysis and sandbox load, active attempts, database pool, and the process's own figures.
 * One registry per app (tests build several apps in one process).
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { ctx } = app;

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched paths share one label, so a scan of random URLs cannot grow the series.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    latency.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const batchSaves = new Histogram({
    name: 'invigil_save_batch_saves',
    help: 'Progress saves carried by one group-commit batch',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
    registers: [registry],
  });
  const saveWait = new Histogram({
    name: 'invigil_save_batch_wait_seconds',
    help: 'How long a progress save waited for its batch to start',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  ctx.services.saveBatcher.observe((saves, waits) => {
    batchSaves.observe(saves);
    for (const w of waits) saveWait.observe(w / 1000);
  });
  sampled(registry, 'invigil_save_waiting', 'Progress saves waiting for a batch', [], (set) =>
    set({}, ctx.services.saveBatcher.waiting),
  );

  sampled(registry, 'invigil_active_attempts', 'Attempts in progress (status 001)', [], async (set) => {
    const { rows } = await ctx.database.executeSql<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_exams WHERE status = '001'`,
    );
    set({}, rows[0]?.n ?? 0);
  });

  sampled(registry, 'invigil_db_pool_connections', 'PostgreSQL pool: total, idle, waiting, max', ['state'], (set) => {
    const s = ctx.database.poolStats?.();
    if (!s) return;
    for (const [state, v] of Object.entries(s)) set({ state }, v);
  });

  sampled(registry, 'invigil_queue_jobs', 'pg-boss jobs waiting or retrying, by queue', ['queue'], async (set) => {
    if (!ctx.queue) return;
    for (const q of await ctx.queue.boss.getQueues()) set({ queue: q.name }, await ctx.queue.boss.getQueueSize(q.name));
  });

  const jobSeconds = new Histogram({
    name: 'invigil_job_duration_seconds',
    help: 'Time to handle one pg-boss job or one batch of jobs, by queue',
    labelNames: ['queue'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobsHandled = new Counter({
    name: 'invigil_jobs_handled_total',
    help: 'pg-boss jobs handled by this node, by queue and outcome (ok, failed: handed back for a retry)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  ctx.queue?.observe((queue, jobs, seconds, ok) => {
    jobSeconds.observe({ queue }, seconds);
    jobsHandled.inc({ queue, outcome: ok ? 'ok' : 'failed' }, jobs);
  });

  const limitFallbacks = new Counter({
    name: 'invigil_code_run_limit_fallbacks_total',
    help: "Code runs let through on this node's own count because the database could not be reached (ADR 0214)",
    registers: [registry],
  });
  ctx.services.codeRunLimiter.onFallback(() => limitFallbacks.inc());

  sampled(registry, 'invigil_sandbox', 'Code sandbox: runs running, queued, capacity', ['state'], (set) => {
    const load = ctx.runtime.codeRunners.load();
    if (!load) return;
    for (const [state, v] of Object.entries(load)) set({ state }, v);
  });

  const ANALYSIS_FIELDS = ['workers', 'ready', 'busy', 'queued', 'maxQueue', 'completed', 'rejected', 'restarts'];
  sampled(
    registry,
    'invigil_analysis',
    'Proctoring analysis pool (rejected and completed are totals)',
    ['state'],
    async (set) => {
      if (!ctx.runtime.analyzers.started) return;
      const stats = (await ctx.runtime.analyzers.get().stats()) as Record<string, unknown>;
      for (const f of ANALYSIS_FIELDS) if (typeof stats[f] === 'number') set({ state: f }, stats[f]);
    },
  );

  const denied = new Counter({
    name: 'invigil_metrics_denied_total',
    help: 'Refused reads of /metrics',
    registers: [registry],
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!mayRead(req, token)) {
      denied.inc();
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Metrics are not public.' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
