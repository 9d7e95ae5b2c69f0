import multipart from '@fastify/multipart';
import {
  AUDIO_SAMPLE_MAX_BYTES,
  CheckId,
  DeviceLogRequest,
  DeviceLogResponse,
  FaceMatchRequest,
  FaceMatchResponse,
  GetAudioResponse,
  GetMonitoringDataRequest,
  GetMonitoringDataResponse,
  Id,
  isSpeakerPurpose,
  PhotoCheckRequest,
  PhotoCheckResponse,
  ProctoringMsgResponse,
  ROLES,
  SaveErrorImageRequest,
  SaveImageRequest,
  SavePrimaryImageRequest,
  SendPrimaryImageRequest,
  SendPrimaryImageResponse,
  SingleFaceRequest,
  SingleFaceResponse,
  SPEAKER_PURPOSES,
} from '@invigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors.ts';
import { perUserBudget } from '../../lib/per-user-budget.ts';

const IMAGE_BODY = 10 * 1024 * 1024;
const tags = ['proctoring'];

/** Facial analysis, proctoring pictures, monitoring settings and the speaker check (spec sections 4, 5, 7). */
export default async function proctoringRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { proctoring: service } = app.ctx.services;
  await app.register(multipart, { limits: { fileSize: AUDIO_SAMPLE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } });

  // single-face and face-match answer whatever picture they get: one budget per user over both,
  // so a signed-in caller cannot use them as an unmetered analysis oracle (ADR 0190). The
  // product's pages never call them (the server analyses its own pictures). Checked on request,
  // after authentication: a refused call's body (up to 20 MB) is never read.
  const limitAnalysis = perUserBudget(
    fastify,
    'face-analysis',
    app.ctx.config.faceAnalysisPerMinute,
    'face analysis requests',
  );
  // Every periodic picture and speaker sample is stored or analysed (or both): one budget per
  // user over those routes, far above the pages' one of each per photo_timer (security review
  // row 80). Checked on request like the one above, before the body is read.
  const limitSamples = perUserBudget(
    fastify,
    'proctoring-samples',
    app.ctx.config.proctoringSamplesPerMinute,
    'proctoring pictures and samples',
  );

  app.post(
    '/api/facial-analysis/single-face',
    {
      bodyLimit: IMAGE_BODY,
      onRequest: limitAnalysis,
      schema: {
        tags,
        summary: 'Face count, multiple faces and background objects of one picture (base64 JPEG)',
        body: SingleFaceRequest,
        response: { 200: SingleFaceResponse },
      },
    },
    async (req) => service.run((a) => a.singleFace(req.body.primaryImage)),
  );

  app.post(
    '/api/facial-analysis/face-match',
    {
      bodyLimit: 2 * IMAGE_BODY,
      onRequest: limitAnalysis,
      schema: {
        tags,
        summary: 'Identity match of the current picture against the primary one, with expressions and authenticity',
        body: FaceMatchRequest,
        response: { 200: FaceMatchResponse },
      },
    },
    async (req) => service.run((a) => a.faceMatch(req.body.primaryImage, req.body.currentImage)),
  );

  app.post(
    '/api/test/getaudio',
    {
      onRequest: limitSamples,
      schema: {
        tags,
        summary: 'Speaker count of a 15-second sample: multipart audiofile + userexamid',
        response: { 200: GetAudioResponse },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, 'Send the audio as multipart/form-data in the field audiofile.');
      let audio: Buffer | null = null;
      let userExamId: unknown;
      let purpose = 'check';
      let checkId: unknown;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'audiofile') audio = data;
        } else if (part.fieldname === 'userexamid') {
          userExamId = part.value;
        } else if (part.fieldname === 'purpose') {
          purpose = String(part.value);
        } else if (part.fieldname === 'checkId') {
          checkId = part.value;
        }
      }
      if (userExamId === undefined || userExamId === '') throw new HttpError(400, 'userexamid is required');
      // Read as every other id (a decimal string), not with Number(): '0x57' is not attempt 87.
      const id = Id.safeParse(userExamId);
      if (!id.success)
        throw new HttpError(400, `userexamid: ${id.error.issues[0]?.message ?? 'Expected a decimal id'}`);
      if (!audio) throw new HttpError(400, 'audiofile is required');
      if (audio.length === 0) throw new HttpError(400, 'Uploaded audio file is empty', { code: 'EMPTY_AUDIO' });
      if (!isSpeakerPurpose(purpose)) throw new HttpError(400, `purpose must be one of ${SPEAKER_PURPOSES.join(', ')}`);
      const check = CheckId.safeParse(checkId === '' ? undefined : checkId);
      if (!check.success) throw new HttpError(400, `checkId: ${check.error.issues[0]?.message ?? 'invalid'}`);
      return service.speakers(req.user, id.data, audio, purpose, check.data);
    },
  );

  app.post(
    '/api/test/savePrimaryImage',
    {
      onRequest: limitSamples,
      bodyLimit: IMAGE_BODY,
      schema: {
        tags,
        summary: 'Keep the primary (reference) picture of an attempt',
        body: SavePrimaryImageRequest,
        response: { 200: ProctoringMsgResponse },
      },
    },
    async (req) => service.savePrimaryImage(req.user, req.body.userexamid, req.body.imagePath),
  );

  app.post(
    '/api/test/sendPrimaryImage',
    {
      schema: {
        tags,
        summary: 'The primary picture of an attempt as a data URL',
        body: SendPrimaryImageRequest,
        response: { 200: SendPrimaryImageResponse },
      },
    },
    async (req) => service.sendPrimaryImage(req.user, req.body.userexamid),
  );

  app.post(
    '/api/test/getMonitoringData',
    {
      schema: {
        tags,
        summary:
          'Monitoring settings of the exam (photo_timer, photo_matching, photo_action, speaker_dialect, audio_action, monitoring)',
        body: GetMonitoringDataRequest,
        response: { 200: GetMonitoringDataResponse },
      },
    },
    async (req) => service.monitoringData(req.user, req.body.userexamid),
  );

  app.post(
    '/api/test/saveImage',
    {
      onRequest: limitSamples,
      bodyLimit: IMAGE_BODY,
      schema: {
        tags,
        summary: 'Keep a passing periodic picture (photo_tag regular)',
        body: SaveImageRequest,
        response: { 200: ProctoringMsgResponse },
      },
    },
    async (req) => service.saveImage(req.user, req.body),
  );

  app.post(
    '/api/test/saveErrorImage',
    {
      onRequest: limitSamples,
      bodyLimit: IMAGE_BODY,
      schema: {
        tags,
        summary: 'Keep a failing periodic picture: error N (no face), M (multiple faces), O (objects)',
        body: SaveErrorImageRequest,
        response: { 200: ProctoringMsgResponse },
      },
    },
    async (req) => service.saveErrorImage(req.user, req.body),
  );

  app.post(
    '/api/proctoring/photoCheck',
    {
      onRequest: limitSamples,
      bodyLimit: IMAGE_BODY,
      schema: {
        tags,
        summary:
          'A periodic picture: the server analyses it (faces, objects, match against the kept primary), stores it, counts violations and may stop the attempt (111)',
        body: PhotoCheckRequest,
        response: { 200: PhotoCheckResponse },
      },
    },
    // when the request began to arrive: the picture was taken before its upload and analysis
    async (req, reply) => service.photoCheck(req.user, req.body, new Date(Date.now() - reply.elapsedTime)),
  );

  // Fire-and-forget device logs: small bodies, a per-user rate limit, a per-attempt cap (service).
  const logLimit = {
    max: 60,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: { user?: { id: number }; ip: string }) => (req.user ? `log-user-${req.user.id}` : req.ip),
  };
  for (const [path, channel] of [
    ['/api/mobile-testing/store-permission-logs', 'permission'],
    ['/api/mobile-testing/audioLogs', 'audio'],
    ['/api/mobile-testing/videoLogs', 'video'],
  ] as const) {
    app.post(
      path,
      {
        bodyLimit: 16 * 1024,
        config: { rateLimit: logLimit },
        schema: {
          tags,
          summary: `Store a ${channel} log of the device (fire and forget)`,
          body: DeviceLogRequest,
          response: { 200: DeviceLogResponse },
        },
      },
      async (req) => service.deviceLog(req.user, channel, req.body),
    );
  }

  app.get(
    '/api/facial-analysis/stats',
    {
      config: { roles: [ROLES.superAdmin] },
      schema: { tags, summary: 'Analysis workers: ready, busy, queued, rejected, restarts, load times' },
    },
    async () => service.stats(),
  );
}
