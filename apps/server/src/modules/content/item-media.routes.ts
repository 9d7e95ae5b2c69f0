import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import { ITEM_MEDIA_KEY_RE } from './media-bag.ts';
import { knownContentTypeOf } from '../../lib/media/content-types.ts';

/**
 * Imported question media (images, audio, video, documents in question and passage text) at
 * /media/items/<folder>/<file>, beside the demo media under /media/: outside /api, because an
 * <img> or <audio> cannot send the bearer token. Each file's folder is 128 random bits, so the
 * paths are unguessable, also from another file of the same import (ADR 0221); only candidates
 * served the question (and administrators) learn them (ADR 0151).
 */
export default async function itemMediaRoutes(app: FastifyInstance) {
  const { media } = app.ctx;
  app.get('/media/items/*', { schema: { hide: true } }, async (req, reply) => {
    const key = `items/${(req.params as { '*': string })['*']}`;
    if (!ITEM_MEDIA_KEY_RE.test(key)) throw notFound('File not found.');
    const data = await media.get(key);
    const type = knownContentTypeOf(key);
    if (!data || !type) throw notFound('File not found.');
    return (
      reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own runs no script and loads nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(data)
    );
  });
}
