import multipart from '@fastify/multipart';
import {
  DownloadFileRequest,
  DownloadFileResponse,
  IndependentResultRequest,
  ManualGenerateResultRequest,
  ManualGenerateResultResponse,
  ResultStatusResponse,
  SubmitParams,
  SubmitTestRequest,
  SubmitTestResponse,
  UploadFileResponse,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LARGE_BODY } from '../exam/exam.routes.ts';
import { LARGEST_ANSWER_FILE } from './answer-files.ts';
import { sendMedia } from '../media/send-media.ts';
import { perUserBudget } from '../../lib/per-user-budget.ts';
import { isStaff } from '../../policies/actor.ts';

/** Re-scores a candidate may ask for in a minute (of their own attempts; staff are not limited). */
export const RESCORES_PER_MINUTE = 6;

/** Submitting (idempotent, three entry points), result status, re-scoring and answer files. */
export default async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitRescores = perUserBudget(fastify, 'rescore', RESCORES_PER_MINUTE, 'requests to score a test again');
  // preservePath: a name with folders reaches the service, which refuses it (instead of busboy silently cutting it).
  await app.register(multipart, { preservePath: true, limits: { fileSize: LARGEST_ANSWER_FILE, files: 1, fields: 5 } });
  const { results, answerFiles: files } = app.ctx.services;
  const tags = ['result'];

  app.post(
    '/api/result/submittest/:id',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Submit (idempotent). examDetail and questionsData are base64url JSON',
        params: SubmitParams,
        body: SubmitTestRequest,
        response: { 200: SubmitTestResponse },
      },
    },
    async (req) => results.submit(req.user.id, req.params.id, req.body),
  );

  app.post(
    '/api/result/fallbacksubmit/:id',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Fallback submit after a failed submit (same result as submittest)',
        params: SubmitParams,
        body: SubmitTestRequest,
        response: { 200: SubmitTestResponse },
      },
    },
    async (req) =>
      results.submit(req.user.id, req.params.id, {
        ...req.body,
        submitType: req.body.submitType === 'STANDARD' ? 'FALLBACK_ON_CATCH' : req.body.submitType,
      }),
  );

  app.post(
    '/api/result/independent-resultprocess',
    {
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Result process when the progress save failed (MONGODB_SKIPPED, MONGODB_SKIPPED_CATCH)',
        body: IndependentResultRequest,
        response: { 200: SubmitTestResponse },
      },
    },
    async (req) =>
      results.submit(req.user.id, req.body.userExamId, {
        ...req.body,
        submitType: req.body.submitType === 'STANDARD' ? 'MONGODB_SKIPPED' : req.body.submitType,
      }),
  );

  app.get(
    '/api/result/status/:id',
    {
      schema: {
        tags,
        summary: 'Result status and, when shown, the score of an attempt',
        params: SubmitParams,
        response: { 200: ResultStatusResponse },
      },
    },
    async (req) => results.resultStatus(req.user.id, req.params.id),
  );

  app.post(
    '/api/test/manualGenerateResult',
    {
      // scoring runs coding answers on their test cases in the shared sandbox: no page calls this
      // route, and a candidate's loop on it must not take the sandbox from others compiling their
      // code; staff re-score many results in a row (and are trusted with it)
      onRequest: async (req) => {
        if (!isStaff(req.user)) await limitRescores(req);
      },
      schema: {
        tags,
        summary: 'Score a submitted attempt again',
        body: ManualGenerateResultRequest,
        response: { 200: ManualGenerateResultResponse },
      },
    },
    async (req) => results.manualGenerate(req.user, req.body.id),
  );

  app.post(
    '/api/result/uploadfile',
    {
      schema: {
        tags,
        summary:
          'Upload an answer file: multipart field upl, header filename {examid}_{qid}; 30 MB; image and document types',
        response: { 200: UploadFileResponse },
      },
    },
    async (req) => files.upload(req.user.id, req),
  );

  app.post(
    '/api/result/downloadfile',
    {
      schema: {
        tags,
        summary: 'Check an uploaded answer file and get its address',
        body: DownloadFileRequest,
        response: { 200: DownloadFileResponse },
      },
    },
    async (req) => files.download(req.user, req.body.url),
  );

  app.get(
    '/api/result/files/*',
    {
      compress: false,
      schema: { tags, summary: 'An uploaded answer file (bearer token; Range supported)' },
    },
    async (req, reply) => {
      const file = await files.authoriseRead(req.user, (req.params as { '*': string })['*']);
      return sendMedia(req, reply, app.ctx.media, file.key, { disposition: 'attachment', name: file.name });
    },
  );
}
