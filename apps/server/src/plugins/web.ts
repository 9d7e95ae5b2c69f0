import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA; unknown non-API GETs get index.html so client routes work on reload. */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web build not found: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/compress-plugin.ts).
    preCompressed: true,
    setHeaders(reply: { header(k: string, v: string): unknown }, file: string) {
      // Hashed assets never change; everything else must be revalidated.
      reply.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/')) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route GET ${urlPath}` });
    }
    const file = path.normalize(urlPath).replace(/^([/\\])+/, '');
    if (file && existsSync(path.join(webDist, file)) && !file.endsWith('/')) return reply.sendFile(file);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
