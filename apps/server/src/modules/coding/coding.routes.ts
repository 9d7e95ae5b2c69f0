import {
  CompileCodeRequest,
  CompileCodeResponse,
  GetTablesQuery,
  GetTablesResponse,
  ProgramLanguagesQuery,
  ProgramLanguagesResponse,
  ProgramSkeletonRequest,
  ProgramSkeletonResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Coding questions: languages, skeletons, compile & execute (local sandbox or JUDGE0_URL), SQL tables. */
export default async function codingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { coding } = app.ctx.services;
  // The API serves compiles: the sandbox prepares its toolchains from the start.
  app.ctx.runtime.codeRunners.warm();

  app.get(
    '/api/test/programlanguages',
    {
      schema: {
        tags: ['coding'],
        summary: 'Coding language options (ids 9 and 11 are excluded under all-p)',
        querystring: ProgramLanguagesQuery,
        response: { 200: ProgramLanguagesResponse },
      },
    },
    async (req) => coding.languages(req.query.codinglang),
  );

  app.post(
    '/api/test/programSkeleton',
    {
      schema: {
        tags: ['coding'],
        summary: 'Boilerplate for a function-style problem',
        body: ProgramSkeletonRequest,
        response: { 200: ProgramSkeletonResponse },
      },
    },
    async (req) => coding.skeleton(req.body),
  );

  app.post(
    '/api/test/compilecode',
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['coding'],
        summary: 'Compile and run code, or run the question test cases',
        body: CompileCodeRequest,
        response: { 200: CompileCodeResponse },
      },
    },
    async (req) => {
      const reply = await coding.compile(req.user, req.body);
      return { ...reply, text: reply.output };
    },
  );

  app.get(
    '/api/test/getTables',
    {
      schema: {
        tags: ['coding'],
        summary: 'Data tables of a SQL question',
        querystring: GetTablesQuery,
        response: { 200: GetTablesResponse },
      },
    },
    async (req) => coding.tables(req.user, req.query.qid ? Number(req.query.qid) : undefined),
  );
}
