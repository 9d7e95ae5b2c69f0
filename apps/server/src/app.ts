import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createDb, type Database } from '@invigil/db';
import { seedIfEmpty } from '@invigil/db/seed/index';
import type { AppConfig } from './config.ts';
import { LocalMediaStorage, type MediaStorage } from './lib/media-storage.ts';
import { startQueue, type Queue } from './lib/queue.ts';
import { modules } from './modules/index.ts';
import { pingJob } from './modules/operations/ping.job.ts';
import { startResultJobs } from './modules/results/results.jobs.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';

export interface AppContext {
  config: AppConfig;
  database: Database;
  queue: Queue | null;
  media: MediaStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An already opened database (tests); otherwise opened from the config. */
  database?: Database;
  /** Pino options; false silences logs. */
  logger?: boolean | object;
}

/** Builds the whole application: database, queue, plugins, routes. `server.ts` only listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = !options.database;
  const database =
    options.database ??
    (await createDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  if (ownsDb) {
    await database.migrate();
    if (config.seedOnStart) await seedIfEmpty(database);
  }
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
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
  app.decorate('ctx', { config, database, queue, media: new LocalMediaStorage(path.join(config.dataDir, 'media')) });
  registerErrorHandling(app);
  await registerSecurity(app);
  await registerDocs(app);
  registerAuth(app);
  if (config.role !== 'worker') {
    for (const mod of modules) await app.register(mod);
    await registerWeb(app, config.webDist);
  } else {
    app.get('/healthz', async () => ({ status: 'ok', role: 'worker' }));
  }
  if (queue) await queue.work(pingJob(database));
  await startResultJobs(app);
  app.addHook('onClose', async () => {
    await queue?.stop();
    if (ownsDb) await database.close();
  });
  return app;
}
