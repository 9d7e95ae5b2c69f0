import { ErrorReply, SignedMediaQuery } from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendMedia } from './send-media.ts';

/** Signed media URLs (ADR 0150): public, the signature is the permission. */
export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { media } = app.ctx;
  const { mediaLinks } = app.ctx.services;

  app.get(
    '/api/media/signed/*',
    {
      config: { public: true },
      // Pictures and recordings are compressed already, and a compressed reply cannot serve ranges.
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          'A stored picture, recording or file through a short-lived signed URL (no token; Range supported). 403 when altered or expired',
        querystring: SignedMediaQuery,
        response: {
          403: ErrorReply.describe('The link was altered or has expired: get a new one from the page'),
          416: ErrorReply.describe('The requested byte range starts past the end of the file'),
        },
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const grant = mediaLinks.verify(key, req.query);
      const cacheSeconds = Math.max(1, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
      return sendMedia(req, reply, media, key, { disposition: grant.disposition, name: grant.name, cacheSeconds });
    },
  );
}
