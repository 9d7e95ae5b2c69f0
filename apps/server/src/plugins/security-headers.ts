import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Per-response headers that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Helmet's headers for static options, worked out once by @fastify/helmet itself on a probe
 * instance. (@fastify/helmet builds a new helmet middleware and parses the CSP directives again
 * on every request, a large share of a small API call's time.)
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => {
    reply.send('');
  });
  const res = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = String(value);
  return headers;
}

/** The same security headers on every reply as registering @fastify/helmet, computed once. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
