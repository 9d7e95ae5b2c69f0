import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { EXTENSION_SCHEMA_PATH, ExtensionDocument } from '@invigil/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addErrorReplies, withDefaultReply } from './error-replies.ts';

/** OpenAPI generated from the zod contracts; the UI at /api/docs, JSON at /api/docs/json (public). */
export async function registerDocs(app: FastifyInstance) {
  // Before swagger's own hook: every /api route documents its error replies (ErrorReply).
  app.addHook('onRoute', addErrorReplies);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Invigil API', version: '0.1.0', description: 'Online proctored assessment platform' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: withDefaultReply(jsonSchemaTransform),
  });
  // The documentation is public: every route the UI plugin adds is marked so.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    // The extension format's JSON Schema (ADR 0152), published with the OpenAPI document.
    const extensionSchema = {
      $id: EXTENSION_SCHEMA_PATH,
      ...z.toJSONSchema(ExtensionDocument, { io: 'input', target: 'draft-2020-12' }),
    };
    docs.get(EXTENSION_SCHEMA_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply.header('content-type', 'application/schema+json').send(extensionSchema),
    );
  });
}
