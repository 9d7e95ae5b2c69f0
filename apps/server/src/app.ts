import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDb, type Database } from '@invigil/db';
import { seedIfEmpty } from '@invigil/db/seed/index';
import type { AppConfig } from './config.ts';
import { compose, type Composition, type Ports } from './composition.ts';
import { createMediaStorage } from './lib/media/create-media-storage.ts';
import { createUploadStore } from './modules/recordings/create-upload-store.ts';
import { startQueue } from './lib/queue.ts';
import { modules } from './modules/index.ts';
import { registerQuestionAudioGuard } from './modules/recordings/question-audio-guard.ts';
import { pingJob } from './modules/operations/ping.job.ts';
import { startResultJobs } from './modules/results/results.jobs.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { oncePer } from './lib/once-per.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

/** What every route module and plugin reads: the ports and the composed repositories and services. */
export interface AppContext extends Ports, Omit<Composition, 'close'> {
  /** Set on SIGTERM: /readyz answers 503 so the balancer stops sending traffic before the node closes. */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An already opened database (tests); otherwise opened from the config. */
  database?: Database;
  /** Pino options merged into the app's (a test's destination stream); false silences logs. */
  logger?: boolean | object;
  /** A code executor instead of the configured sandbox (tests that need controlled timing). */
  executor?: Ports['executor'];
  /** A tus upload store instead of the configured one (tests: s3rver has no ListParts for tus's S3 store). */
  uploads?: Ports['uploads'];
  /** An analysis engine instead of the configured one (tests). */
  analyzer?: Ports['analyzer'];
  /** A media storage instead of the configured one (tests of a failing store). */
  media?: Ports['media'];
}

/** Builds the whole application: database, queue, plugins, routes. `server.ts` only listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = !options.database;
  const database =
    options.database ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.dbPool.size,
      poolWaitMs: config.dbPool.waitMs,
    }));
  if (ownsDb) {
    await database.migrate();
    if (config.seedOnStart) await seedIfEmpty(database);
  }
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: 1024 * 1024,
    // Forwarded headers only from the configured proxies (TRUST_PROXY); none by default, so a
    // client cannot pick its own address for the per-IP login limit.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const queue = config.queue
    ? await startQueue(database, {
        runWorkers: config.role !== 'api',
        log: (e) => app.log.error({ err: e }, 'queue error'),
      })
    : null;
  const ports: Ports = {
    config,
    database,
    queue,
    media: options.media ?? (await createMediaStorage(config)),
    uploads: options.uploads ?? (await createUploadStore(config)),
    executor: options.executor,
    analyzer: options.analyzer,
  };
  const { close: closeComposition, ...composed } = compose(ports);
  app.decorate('ctx', { ...ports, ...composed, lifecycle: { draining: false } });
  // While the database is away the code runner's limits hold per node only (ADR 0214): said, once a minute at most.
  composed.services.codeRunLimiter.onFallback(
    oncePer(60_000, (err: unknown, times) =>
      app.log.warn({ err, times }, 'code-run limits counted on this node only: the database cannot be reached'),
    ),
  );
  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurity(app);
  // Before any route: every /api route is authenticated unless its config says public.
  registerAuth(app);
  // Before the routes: a spoken question's audio file plays only through counted plays.
  registerQuestionAudioGuard(app, (path) => composed.repositories.recordings.isSpokenQuestionAudio(path));
  // Before the routes, so its latency hook sees every one of them.
  registerMetrics(app, config.metricsToken);
  await registerDocs(app);
  if (config.role !== 'worker') {
    for (const mod of modules) await app.register(mod);
    await registerWeb(app, config.webDist);
  } else {
    app.get('/healthz', async () => ({ status: 'ok', role: 'worker' }));
    app.get('/readyz', async (_req, reply) =>
      app.ctx.lifecycle.draining ? reply.status(503).send({ status: 'draining' }) : { status: 'ready', role: 'worker' },
    );
  }
  if (queue) await queue.work(pingJob(database));
  await startResultJobs(app);
  app.addHook('onClose', async () => {
    await closeComposition();
    await queue?.stop();
    if (!options.media) ports.media.close();
    if (ownsDb) await database.close();
  });
  return app;
}
