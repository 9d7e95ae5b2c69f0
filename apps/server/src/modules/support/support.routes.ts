import {
  AddIntoQueueResponse,
  AttemptMediaParams,
  AttemptMediaResponse,
  GetActiveUsersResponse,
  RegenerateListingRequest,
  RegenerateListingResponse,
  RegenerateTestRequest,
  RegenerateTestResponse,
  ROLES,
  SearchRecordRequest,
  SearchRecordResponse,
  SearchUserOrgRequest,
  SearchUserOrgResponse,
  TimelineParams,
  TimelineQuery,
  TimelineResponse,
  UnlockUserRequest,
  UnlockUserResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionStillValid } from '../../plugins/auth.ts';

/** Support and super administrators (ADR 0120). */
const STAFF = [ROLES.support, ROLES.superAdmin];
/** The operations views: super administrators only. */
const SUPER = [ROLES.superAdmin];
const HEARTBEAT_MS = 15_000;

/** Support search and regeneration, the attempt timeline, Ongoing Tests (live), Pending Results. */
export default async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { support, attemptMedia } = app.ctx.services;
  const tags = ['support'];
  /** Open streams, ended when the app closes. */
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.post(
    '/api/test/searchUserOrg',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "A user's attempts by e-mail (staff)",
        body: SearchUserOrgRequest,
        response: { 200: SearchUserOrgResponse },
      },
    },
    async (req) => support.searchUserOrg(req.user, req.body.username),
  );

  app.post(
    '/api/test/searchRecord',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "A user's completed results in one organisation, by group (staff)",
        body: SearchRecordRequest,
        response: { 200: SearchRecordResponse },
      },
    },
    async (req) => support.searchRecord(req.user, req.body.userId, req.body.orgId),
  );

  app.post(
    '/api/test/regenratetest',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Queue a result regeneration (QUEUED, ALREADY IN QUEUE, MONGODB SKIPPED) (staff)',
        body: RegenerateTestRequest,
        response: { 200: RegenerateTestResponse },
      },
    },
    async (req) => support.regenerate(req.user, req.body.data),
  );

  app.post(
    '/api/support/unlock',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "Clear a user's sign-in lockout (failed-password count and lock); 404 for an unknown user (staff)",
        body: UnlockUserRequest,
        response: { 200: UnlockUserResponse },
      },
    },
    async (req) => support.unlock(req.user, req.body.userId),
  );

  app.get(
    '/api/support/timeline/:userExamId',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "An attempt's timeline, newest first (staff)",
        params: TimelineParams,
        querystring: TimelineQuery,
        response: { 200: TimelineResponse },
      },
    },
    async (req) => support.timeline(req.user, req.params.userExamId, req.query.before, req.query.limit),
  );

  app.get(
    '/api/support/media/:userExamId',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "An attempt's pictures, recordings and files with short-lived signed URLs (staff)",
        params: AttemptMediaParams,
        response: { 200: AttemptMediaResponse },
      },
    },
    async (req) => attemptMedia.list(req.user, req.params.userExamId),
  );

  app.get(
    '/api/test/getActiveUsers',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary: 'Attempts in progress (super administrator)',
        response: { 200: GetActiveUsersResponse },
      },
    },
    async () => support.activeUsers(),
  );

  app.get(
    '/api/test/getActiveUsers/stream',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary: 'Server-sent events (event `active`): changed rows and removed ids of Ongoing Tests',
      },
    },
    async (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      // The session was checked when the stream opened; a logout, a sign-in elsewhere or the
      // idle limit ends it later, and then the stream ends too (the client's next call is a 401).
      const stillValid = sessionStillValid(app, req);
      const valid = async () => {
        if (res.writableEnded) return false;
        if (await stillValid().catch(() => false)) return true;
        end();
        return false;
      };
      let queue = Promise.resolve();
      const unsubscribe = await support.subscribeActive((ids) => {
        queue = queue.then(async () => {
          try {
            if (!(await valid())) return;
            const change = await support.activeChanges(ids);
            if (!res.writableEnded) res.write(`event: active\ndata: ${JSON.stringify(change)}\n\n`);
          } catch (e) {
            req.log.error({ err: e }, 'active users stream failed');
          }
        });
      });
      const heartbeat = setInterval(() => {
        void valid().then((ok) => ok && res.write(': ping\n\n'));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
      };
      const end = () => {
        stop();
        res.end();
      };
      streams.add(end);
      req.raw.on('close', stop);
    },
  );

  // The spec shows no payload: a POST without a body, or with a JSON content type and nothing
  // after it, is the same as `{}` (ADR 0205). Scoped to this route; elsewhere an empty JSON
  // body stays Fastify's 400.
  await app.register(async (scoped) => {
    const json = scoped.getDefaultJsonParser('error', 'error');
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
      body === '' ? done(null, undefined) : json(req, String(body), done),
    );
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/regeneratelisting',
      {
        config: { roles: SUPER },
        schema: {
          tags,
          summary: 'The three pending result lists (super administrator)',
          body: RegenerateListingRequest,
          response: { 200: RegenerateListingResponse },
        },
      },
      async () => support.listing(),
    );
  });

  app.get(
    '/api/result/addintoqueue',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary: 'Queue every pending result (super administrator)',
        response: { 200: AddIntoQueueResponse },
      },
    },
    async (req) => support.addIntoQueue(req.user),
  );
}
