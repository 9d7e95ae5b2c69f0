import type { FastifyInstance } from 'fastify';

/** Liveness and readiness. */
export default async function operationsRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    // Shutting down: not ready, so the balancer moves traffic away while in-flight requests finish.
    if (app.ctx.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await app.ctx.database.executeSql('SELECT 1');
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
