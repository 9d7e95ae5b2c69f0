import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, extensionOf, isAllowedUpload } from '@invigil/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { isStaff, permitted, type Actor } from '../../policies/actor.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import { errorCode } from '../../lib/error-code.ts';

const FILE_URL_PREFIX = '/api/result/files/';
const KEY_RE = /^answer-files\/(\d+)\/(\d+)\/[A-Za-z0-9._-]+$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const contentTypeOf = (name: string) => CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream';

const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-100) || 'file';

/** Descriptive answers' file uploads and downloads through the media storage port. */
export class AnswerFiles {
  constructor(
    private readonly media: MediaStorage,
    private readonly repo: ExamRepository,
    private readonly activity: AttemptActivity,
  ) {}

  /** POST /api/result/uploadfile: field `upl`, header `filename` = `{examid}_{qid}`. */
  async upload(userId: number, req: FastifyRequest) {
    const naming = String(req.headers.filename ?? '');
    const m = /^(\d+)_(\d+)$/.exec(naming);
    if (!m) throw badRequest('The filename header must be {examid}_{qid}.');
    const [userExamId, qid] = [Number(m[1]), Number(m[2])];
    const owner = permitted(
      await this.repo.owner(userExamId),
      (o) => mediaPolicy.store(userId, o),
      attemptPolicy.notFound,
    );
    const attempt = await this.repo.attempt(userExamId);
    if (attempt?.status !== '001') throw new HttpError(409, 'This test is not in progress.');
    if (!(await this.repo.questions(owner.examId)).some((q) => q.id === qid))
      throw badRequest(`Question ${qid} is not part of this test.`);
    if (!req.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data in the field upl.');
    const part = await req.file();
    if (!part || part.fieldname !== 'upl') throw badRequest('The file must be sent in the field upl.');
    if (!isAllowedUpload(part.filename)) {
      part.file.resume();
      throw new HttpError(415, UPLOAD_MESSAGES.unsupported);
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (e) {
      if (errorCode(e) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      throw e;
    }
    if (data.length === 0) throw badRequest('The file is empty.');
    if (data.length > UPLOAD_MAX_BYTES) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    const name = `${Date.now()}-${safeName(part.filename)}`;
    const key = `answer-files/${userExamId}/${qid}/${name}`;
    await this.media.put(key, data, contentTypeOf(part.filename));
    return { error: false, file_url: FILE_URL_PREFIX + key, file_name: part.filename };
  }

  /** The attempt a file key belongs to, when the caller may read it (owner, support, super administrator). */
  async authorise(user: Actor, key: string): Promise<void> {
    if (key.split('/').some((s) => s === '.' || s === '..')) throw badRequest('Invalid file key.');
    const m = KEY_RE.exec(key);
    if (!m) throw notFound(mediaPolicy.fileNotFound);
    permitted(await this.repo.owner(Number(m[1])), (o) => mediaPolicy.read(user, o), mediaPolicy.fileNotFound);
  }

  /** POST /api/result/downloadfile: confirms the file is there and readable by the caller. */
  async download(user: Actor, url: string) {
    if (!url.startsWith(FILE_URL_PREFIX)) return { error: true, file_url: '' };
    const key = url.slice(FILE_URL_PREFIX.length);
    await this.authorise(user, key);
    const data = await this.media.get(key);
    return data ? { error: false, file_url: url } : { error: true, file_url: '' };
  }

  async read(user: Actor, key: string) {
    await this.authorise(user, key);
    // A staff member opening a candidate's file is on the attempt's timeline (who, which file).
    if (isStaff(user))
      this.activity.record({
        kind: 'staff.media',
        userExamId: Number(KEY_RE.exec(key)![1]),
        actorId: user.id,
        data: { media: key.split('/').pop() },
      });
    const data = await this.media.get(key);
    if (!data) throw notFound(mediaPolicy.fileNotFound);
    return { data, contentType: contentTypeOf(key), name: key.split('/').pop()!.replace(/^\d+-/, '') };
  }
}
