import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './http-errors.ts';

/**
 * An onRequest hook that lets each signed-in user make at most `perMinute` calls of the routes it
 * guards (counted by the app's rate-limit store, in the database: across all API nodes, ADR 0213),
 * then answers 429 with Retry-After and says how long to wait. Checked after authentication and
 * before the body is read, so a refused call costs nothing.
 */
export function perUserBudget(app: FastifyInstance, name: string, perMinute: number, what: string) {
  const budget = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `${name}-user-${req.user?.id ?? req.ip}`,
  });
  return async (req: FastifyRequest) => {
    const r = await budget(req);
    if (!r.isAllowed && r.isExceeded) {
      const wait = Math.max(1, r.ttlInSeconds);
      throw tooManyRequests(`Too many ${what}: at most ${perMinute} per minute. Try again in ${wait} seconds.`, wait);
    }
  };
}
