import type { FastifyInstance } from 'fastify';

/** Liveness and readiness. */
export default async function operationsRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await app.ctx.database.executeSql('SELECT 1');
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
