import multipart from '@fastify/multipart';
import {
  ErrorReply,
  RECORDING_MAX_BYTES,
  QuestionAudioPlayRequest,
  QuestionAudioPlayResponse,
  STILL_MAX_BYTES,
  UPLOADS_PATH,
  UploadAudioRequest,
  UploadAudioResponse,
  UploadImgResponse,
  UploadVideoRequest,
  UploadVideoResponse,
  ValidateAudioTestDataRequest,
  ValidateTestDataResponse,
  ValidateVideoTestDataRequest,
} from '@invigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { emptyRecording } from './recording-uploads.ts';

const tags = ['recordings'];
const IdParam = z.object({ id: z.string().max(64) });
const tusReply = (what: string) => z.null().describe(what);
/** tus statuses besides the API's error replies (the protocol's own). */
const TUS_STATUSES = {
  412: ErrorReply.describe('Tus-Resumable missing or another version'),
  410: tusReply('The upload expired and was removed'),
  460: tusReply('Checksum mismatch'),
};
/** Upload creations per candidate per minute. */
const createLimit = {
  max: 30,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (req: { user?: { id: number }; ip: string }) => (req.user ? `upload-user-${req.user.id}` : req.ip),
};

/**
 * The spec sends uploadaudio and uploadvideo as a multipart file; here the file comes by a
 * resumable upload and the call names it by uploadId (ADR 0160). A multipart request gets a clear
 * answer instead of a schema error on its body: an empty or missing file is the spec's empty
 * recording (audio: 'Uploaded audio file is empty', type noAudio), any other file 415 naming the
 * way to send it. The file is read to its end and not kept.
 */
const multipartRecording = (kind: 'audio' | 'video') => async (req: FastifyRequest) => {
  if (!req.isMultipart()) return;
  const part = await req.file({
    limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  let bytes = 0;
  if (part) for await (const chunk of part.file) bytes += (chunk as Buffer).length;
  if (bytes === 0) throw emptyRecording(kind);
  throw new HttpError(
    415,
    `Send the ${kind} recording as a resumable upload (tus, POST ${UPLOADS_PATH}) and then this call with its uploadId.`,
  );
};

/**
 * Recorded answers (issue 14): the tus endpoint of their uploads and the spec's calls on the
 * finished upload (uploadaudio, validateAudioTestData, uploadvideo, validateVideoTestData,
 * uploadImg). The kept files are read like answer files: GET /api/result/files/<key> with the
 * session, or a signed URL from downloadfile (ADR 0150).
 */
export default async function recordingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const {
    recordings,
    recordingUploads: uploads,
    recordingStills: stills,
    questionAudioPlays: plays,
  } = app.ctx.services;
  // tus bodies are streamed to the upload store by @tus/server, never parsed or buffered here.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  // preservePath: a name with path parts reaches the check (and is refused) instead of being cut down.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: STILL_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });

  app.post(
    UPLOADS_PATH,
    {
      config: { rateLimit: createLimit },
      schema: {
        tags,
        summary:
          'tus creation of a recording upload: Tus-Resumable 1.0.0, Upload-Length (at most 30 MB), Upload-Metadata attempt, question, kind (audio | video), filename, filetype',
        response: { 201: tusReply('Created: Location is the upload URL'), ...TUS_STATUSES },
      },
    },
    async (req, reply) => uploads.create(req.user, req, reply),
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: `${UPLOADS_PATH}/:id`,
      schema: {
        tags,
        summary: {
          HEAD: 'tus: the bytes received so far (Upload-Offset) of your upload',
          PATCH: 'tus: bytes at Upload-Offset (application/offset+octet-stream); 204 with the new Upload-Offset',
          DELETE: 'tus termination of your unfinished upload',
        }[method],
        params: IdParam,
        response: {
          ...(method === 'HEAD' ? { 200: tusReply('Upload-Offset and Upload-Length') } : { 204: tusReply('Done') }),
          ...TUS_STATUSES,
        },
      },
      handler: async (req, reply) => uploads.resume(req.user, req.params.id, req, reply),
    });
  }

  app.post(
    '/api/test/uploadaudio',
    {
      schema: {
        tags,
        summary:
          'Answer a spoken-answer question (28) with a finished upload: the server checks it (30 s at least, RMS 0.01, decodable) and keeps it as WAV; a refusal is 422 with type',
        body: UploadAudioRequest,
        response: { 200: UploadAudioResponse },
      },
      preValidation: multipartRecording('audio'),
    },
    async (req) => recordings.uploadAudio(req.user, req.body),
  );

  app.post(
    '/api/test/validateAudioTestData',
    {
      schema: {
        tags,
        summary: "The attempt's recorded answers as the server holds them (after an upload or a reload)",
        body: ValidateAudioTestDataRequest,
        response: { 200: ValidateTestDataResponse },
      },
    },
    async (req) => recordings.validate(req.user, req.body.userExamId, req.body.curQues),
  );

  app.post(
    '/api/test/uploadvideo',
    {
      schema: {
        tags,
        summary:
          'Answer a video interview question (27) with a finished upload: 30 s to 4 min, audio, faces on sampled frames, identity against the primary picture (or the start still)',
        body: UploadVideoRequest,
        response: { 200: UploadVideoResponse },
      },
      preValidation: multipartRecording('video'),
    },
    async (req) => recordings.uploadVideo(req.user, req.body),
  );

  app.post(
    '/api/test/validateVideoTestData',
    {
      schema: {
        tags,
        summary: "The attempt's recorded answers as the server holds them, for the video question qid",
        body: ValidateVideoTestDataRequest,
        response: { 200: ValidateTestDataResponse },
      },
    },
    async (req) => recordings.validate(req.user, req.body.userExamId, req.body.qid),
  );

  app.post(
    '/api/test/questionAudioPlay',
    {
      schema: {
        tags,
        summary:
          "A play from the start of a spoken-answer question's audio: counted by the server, at most 3 per attempt and question; the 4th is 409 'Limit reached: Play audio up to 3 times only.' with plays 4",
        body: QuestionAudioPlayRequest,
        response: { 200: QuestionAudioPlayResponse },
      },
    },
    async (req) => plays.play(req.user, req.body.userExamId, req.body.qid),
  );

  app.post(
    '/api/test/uploadImg',
    {
      schema: {
        tags,
        summary:
          'The still picture of a video answer\u2019s start: multipart field file named {userid}_{examId}_{qid}.jpg, at most 2 MB',
        response: { 200: UploadImgResponse },
      },
    },
    async (req) => stills.upload(req.user, req),
  );
}
