import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import { sharedRateLimitStore } from '../lib/shared-rate-limit-store.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** Under /api (the path, whatever the query). */
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers, rate limits (routes opt in with config.rateLimit) and compression. API
 * replies are never stored by a browser or proxy cache (they carry tokens and personal data);
 * HSTS goes on https requests when HSTS_MAX_AGE is set (ADR 0080).
 */
export async function registerSecurity(app: FastifyInstance) {
  const { hstsMaxAge } = app.ctx.config;
  const hsts = `max-age=${hstsMaxAge}; includeSubDomains`;
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    // request.protocol is https for a TLS socket, or from X-Forwarded-Proto of a trusted proxy only.
    if (hstsMaxAge > 0 && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  // Counted in the database, so a limit holds across API nodes (ADR 0213). A store that cannot
  // be reached lets the request through: the route's own database work then answers 503.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(app.ctx.database), skipOnError: true });
  // API replies over 1 KB are compressed for slow links (static assets are precompressed).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
