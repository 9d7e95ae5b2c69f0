import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  RECORDING_ERRORS,
  RECORDING_MAX_BYTES,
  RECORDING_TYPES,
  RecordingUploadMetadata,
  UPLOADS_PATH,
  baseContentType,
} from '@invigil/contracts';
import { Server } from '@tus/server';
import { Metadata, type Locker } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import type { Actor } from '../../policies/actor.ts';
import type { TimeoutCloser } from '../exam/attempt-rules.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import { TOO_LATE, closedMessage, recordableQuestion, uploadMayContinue } from './recording-access.ts';
import type { RecordingsRepository } from './recordings.repository.ts';
import type { UploadStore } from './upload-store.ts';

/** Unfinished uploads one candidate may hold at once (each recording is one; a retry is another). */
const OPEN_UPLOADS_PER_USER = 10;
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const EMPTY_VIDEO = 'The uploaded video appears to be corrupted. Please re-record the video.';

/** An empty recording (spec section 8): audio 'Uploaded audio file is empty' (noAudio), video corruptVideo. */
export const emptyRecording = (kind: 'audio' | 'video') =>
  kind === 'audio'
    ? new HttpError(422, RECORDING_ERRORS.emptyAudio, { type: 'noAudio' })
    : new HttpError(422, EMPTY_VIDEO, { type: 'corruptVideo' });

/** The tus protocol version this server speaks (the only one tus-js-client sends). */
const TUS_VERSION = '1.0.0';

/**
 * The tus side of recorded answers: Fastify authenticates and authorises each request (a session,
 * the upload's owner, an attempt in progress, a question of the right type, the size) and hands
 * the protocol to @tus/server, which writes the bytes to the upload store under a lock shared by
 * every node (upload-locker.ts). A dropped link, a reload or a new browser resume with HEAD and
 * PATCH from the last byte the store acknowledged.
 */
export class RecordingUploads {
  readonly tus: Server;
  /** The id prepared for a creation request, read back by tus's naming function. */
  private readonly ids = new WeakMap<IncomingMessage, string>();

  constructor(
    private readonly store: UploadStore,
    locker: Locker,
    private readonly repo: RecordingsRepository,
    private readonly exams: ExamRepository,
    private readonly closer: TimeoutCloser,
  ) {
    this.tus = new Server({
      path: UPLOADS_PATH,
      datastore: store.datastore,
      locker,
      relativeLocation: true,
      maxSize: RECORDING_MAX_BYTES,
      // No cross-origin use: the page and the API share an origin.
      allowedOrigins: [],
      // tus reads the id from the end of the whole URL, query included (`/api/uploads/<mine>?x=/<theirs>`
      // named <theirs>): only the path's last segment is an id here. handOver also gives tus the
      // canonical URL of the upload Fastify authorised (attack review, ADR 0180).
      getFileIdFromRequest: (req) => {
        const last = new URL(req.url, 'http://invigil.invalid').pathname.split('/').pop() ?? '';
        return UPLOAD_ID.test(last) ? last : undefined;
      },
      namingFunction: (req) => {
        const node = (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
        const id = node && this.ids.get(node);
        if (!id) throw { status_code: 500, body: 'Upload id missing\n' };
        return id;
      },
    });
  }

  private static requireTus(req: FastifyRequest) {
    if (req.headers['tus-resumable'] !== TUS_VERSION)
      throw new HttpError(412, `Send Tus-Resumable: ${TUS_VERSION} (the tus protocol).`);
  }

  /** POST /api/uploads: checks the metadata and the attempt, keeps the upload's row, then lets tus create it. */
  async create(user: Actor, req: FastifyRequest, reply: FastifyReply) {
    RecordingUploads.requireTus(req);
    const lengthHeader = String(req.headers['upload-length'] ?? '');
    if (!/^\d{1,12}$/.test(lengthHeader))
      throw badRequest('Upload-Length must be the recording size in bytes (deferred lengths are not accepted).');
    const length = Number(lengthHeader);
    let raw: Record<string, string | null>;
    try {
      raw = Metadata.parse(String(req.headers['upload-metadata'] ?? ''));
    } catch {
      throw badRequest('Upload-Metadata must be tus metadata: key base64value pairs, comma-separated.');
    }
    const parsed = RecordingUploadMetadata.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`Upload-Metadata ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`.trim());
    }
    const meta = parsed.data;
    if (!RECORDING_TYPES[meta.kind].includes(baseContentType(meta.filetype)))
      throw new HttpError(
        415,
        `A ${meta.kind} recording must be one of ${RECORDING_TYPES[meta.kind].join(', ')} (got ${meta.filetype}).`,
      );
    const { attempt, question } = await recordableQuestion(
      this.exams,
      this.closer,
      user.id,
      meta.attempt,
      meta.question,
      meta.kind,
    );
    if (length === 0) throw emptyRecording(meta.kind);
    if (length > RECORDING_MAX_BYTES)
      throw new HttpError(413, `A recording may be at most ${RECORDING_MAX_BYTES / 1_000_000} MB.`);
    if (meta.kind === 'video' && (await this.repo.recorded(attempt.id, question.id)))
      throw new HttpError(409, 'A video is already saved for this question.');
    if ((await this.repo.openUploads(user.id)) >= OPEN_UPLOADS_PER_USER)
      throw tooManyRequests('Too many unfinished uploads. Please wait for one to finish.', 60);
    const id = randomBytes(16).toString('hex');
    await this.repo.createUpload({
      id,
      userId: user.id,
      userExamId: attempt.id,
      questionId: question.id,
      kind: meta.kind,
      sizeBytes: length,
      fileName: meta.filename,
      contentType: baseContentType(meta.filetype),
    });
    this.ids.set(req.raw, id);
    await this.handOver(reply, req, UPLOADS_PATH);
    if (reply.raw.statusCode !== 201) {
      await this.store.remove(id);
      await this.repo.deleteUpload(id);
    }
  }

  /** HEAD (where to resume), PATCH (more bytes) and DELETE (give up) of the caller's own upload. */
  async resume(user: Actor, id: string, req: FastifyRequest, reply: FastifyReply) {
    const row = UPLOAD_ID.test(id) ? await this.repo.upload(id) : null;
    if (!row || row.userId !== user.id) throw notFound('Upload not found.');
    RecordingUploads.requireTus(req);
    if (req.method === 'PATCH') {
      const attempt = await this.exams.attempt(row.userExamId);
      if (!attempt || !uploadMayContinue(attempt, row.createdAt))
        throw new HttpError(409, attempt ? closedMessage(attempt) : TOO_LATE, { examStatus: attempt?.status ?? null });
      if (req.headers['content-type'] !== 'application/offset+octet-stream')
        throw new HttpError(415, 'Send the bytes as application/offset+octet-stream.');
      if (!/^\d{1,12}$/.test(String(req.headers['upload-offset'] ?? '')))
        throw badRequest('Upload-Offset must be a number of bytes.');
    }
    await this.handOver(reply, req, `${UPLOADS_PATH}/${id}`);
    if (req.method === 'DELETE' && reply.raw.statusCode === 204) {
      // tus's S3 store leaves the incomplete part of a terminated upload: the store drops what remains.
      await this.store.remove(id);
      await this.repo.deleteUpload(id);
    }
  }

  /** Lets tus answer, on `url`: the URL of what was authorised, never the one the client wrote. */
  private async handOver(reply: FastifyReply, req: FastifyRequest, url: string) {
    req.raw.url = url;
    reply.hijack();
    await this.tus.handle(req.raw, reply.raw);
  }
}
