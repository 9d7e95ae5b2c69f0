import {
  FILES_PATH,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  answerFileName,
  encodeFileNamePart,
  isAllowedUpload,
} from '@invigil/contracts';
import type { FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { contentTypeOf } from '../../lib/media/content-types.ts';
import { signatureMismatch } from '../../lib/media/media-signature.ts';
import { MediaTooLargeError, type MediaStorage } from '../../lib/media/media-storage.ts';
import { isStaff, permitted, type Actor } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import { pastGrace } from '../exam/attempt-rules.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import type { AttemptMediaEntry, AttemptMediaSource } from '../media/attempt-media.ts';
import type { MediaLinks } from '../media/media-links.ts';

/** Uploads kept per attempt and question (security review row 69): 10 of up to 30 MB each. */
export const MAX_FILES_PER_QUESTION = 10;

/**
 * The largest answer file kept: spec section 5 allows files under 30 MB (3e7 bytes), and the web
 * refuses one of exactly 3e7 before sending it; the server draws the line at the same byte.
 */
export const LARGEST_ANSWER_FILE = UPLOAD_MAX_BYTES - 1;

/** The stable address of an answer file (kept in the answer); downloadfile turns it into a signed URL. */
const FILE_URL_PREFIX = FILES_PATH;
const KEY_RE = /^answer-files\/(\d+)\/(\d+)\/(\d+)[-.]([A-Za-z0-9._-]+)$/;
/** Path parts or control characters in a name the client sent: refused, never rewritten. */
const hasPathParts = (name: string) =>
  /[/\\]/.test(name) || name === '.' || name === '..' || [...name].some((c) => c.charCodeAt(0) < 32);

/** Enough of a file's start for every signature (a PDF's header may be anywhere in its first 1024 bytes). */
const HEAD_BYTES = 1024;

/**
 * The first `n` bytes of a stream (fewer when it ends first), and the whole stream again to store:
 * the head is read, checked, then sent on ahead of the rest.
 */
function readHead(stream: Readable, n: number): Promise<{ head: Buffer; whole(): Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    const finish = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', reject);
      stream.pause();
      const head = Buffer.concat(chunks);
      resolve({
        head,
        whole() {
          const out = new PassThrough();
          out.write(head);
          if (ended) out.end();
          else {
            stream.once('error', (e) => out.destroy(e));
            stream.pipe(out);
          }
          return out;
        },
      });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= n) finish();
    };
    const onEnd = () => {
      ended = true;
      finish();
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

/** Descriptive answers' file uploads and downloads through the media storage port. */
export class AnswerFiles implements AttemptMediaSource {
  constructor(
    private readonly media: MediaStorage,
    private readonly repo: ExamRepository,
    private readonly links: MediaLinks,
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
    // As for saves: in progress and before the deadline plus the network grace.
    if (attempt?.status !== '001' || pastGrace(attempt)) throw new HttpError(409, 'This test is not in progress.');
    if (!(await this.repo.questions(owner.examId)).some((q) => q.id === qid))
      throw badRequest(`Question ${qid} is not part of this test.`);
    // Every upload is kept (support sees the replaced ones too): bounded per question.
    if ((await this.media.list(`answer-files/${userExamId}/${qid}/`)).length >= MAX_FILES_PER_QUESTION)
      throw new HttpError(409, `At most ${MAX_FILES_PER_QUESTION} files can be uploaded for one question.`);
    if (!req.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data in the field upl.');
    const part = await req.file();
    if (!part || part.fieldname !== 'upl') throw badRequest('The file must be sent in the field upl.');
    if (hasPathParts(part.filename)) {
      part.file.resume();
      throw badRequest('The file name must not contain folders or path parts.');
    }
    if (!isAllowedUpload(part.filename)) {
      part.file.resume();
      throw new HttpError(415, UPLOAD_MESSAGES.unsupported);
    }
    const contentType = contentTypeOf(part.filename);
    // The bytes must be what the name says (a program renamed .pdf is refused): ADR 0260.
    const { head, whole } = await readHead(part.file, HEAD_BYTES);
    if (head.length === 0) {
      part.file.resume();
      throw badRequest('The file is empty.');
    }
    const expected = signatureMismatch(contentType, head);
    if (expected) {
      part.file.resume();
      throw new HttpError(415, UPLOAD_MESSAGES.unsupported, {
        detail: `The file's contents are not ${expected}, as its name says.`,
      });
    }
    // The name is kept whole (any language) in the key: `<ms>.<encoded name>` (ADR 0260).
    const key = `answer-files/${userExamId}/${qid}/${Date.now()}.${encodeFileNamePart(part.filename)}`;
    // Streamed into the store (no 30 MB buffer per upload); over the limit nothing is kept.
    const stored = await this.media
      .putStream(key, whole(), { contentType, maxBytes: LARGEST_ANSWER_FILE })
      .catch((e: unknown) => {
        if (e instanceof MediaTooLargeError || (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
        throw e;
      });
    // The multipart limit ends the stream at the limit (truncated): what was stored goes again.
    if (part.file.truncated || stored.size === 0) {
      await this.media.delete(key);
      if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      throw badRequest('The file is empty.');
    }
    return { error: false, file_url: FILE_URL_PREFIX + key, file_name: part.filename };
  }

  /** The key of a stable file_url, when the caller may read it (400 malformed, 404 not theirs or not a file). */
  private async keyOf(user: Actor, url: string) {
    const key = url.slice(FILE_URL_PREFIX.length);
    const { userExamId } = await this.links.authorise(user, key);
    return { key, userExamId };
  }

  /** POST /api/result/downloadfile: a short-lived signed URL of the caller's (or, for staff, any) file. */
  async download(user: Actor, url: string) {
    if (!url.startsWith(FILE_URL_PREFIX)) return { error: true, file_url: '' };
    const { key } = await this.keyOf(user, url);
    const link = await this.links.issue(user, key, { download: downloadName(key) });
    return link ? { error: false, file_url: link.url } : { error: true, file_url: '' };
  }

  /** GET /api/result/files/<key> with the bearer token: the key, once the caller is allowed (staff reads are audited). */
  async authoriseRead(user: Actor, key: string) {
    const { userExamId } = await this.keyOf(user, FILE_URL_PREFIX + key);
    if (isStaff(user)) this.links.audit(user, userExamId, key.split('/').pop()!);
    return { key, name: downloadName(key) };
  }

  /** The support view's answer files of an attempt (every upload, also ones replaced later). */
  async attemptMedia(userExamId: number, limit: number): Promise<AttemptMediaEntry[]> {
    const entries = await this.media.list(`answer-files/${userExamId}/`);
    return entries.slice(0, limit).map((e) => {
      const m = KEY_RE.exec(e.key);
      return {
        key: e.key,
        kind: 'file' as const,
        label: downloadName(e.key),
        at: m ? new Date(Number(m[3])) : e.modifiedAt,
        size: e.size,
        name: downloadName(e.key),
        detail: { question: m ? Number(m[2]) : null },
      };
    });
  }
}

/** The name a file was uploaded under (the key's last part without its time prefix). */
const downloadName = (key: string) => answerFileName(key);
