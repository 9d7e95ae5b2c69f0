import { AnalysisInputError, assertImageDimensions } from '@invigil/analysis';
import { STILL_NAME, filePath, isPlainFileName } from '@invigil/contracts';
import type { FastifyRequest } from 'fastify';
import { errorCode } from '../../lib/error-code.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import type { Actor } from '../../policies/actor.ts';
import type { TimeoutCloser } from '../exam/attempt-rules.ts';
import type { ExamRepository } from '../exam/exam.repository.ts';
import { recordableQuestion } from './recording-access.ts';
import type { RecordingsRepository } from './recordings.repository.ts';

const NAME_RULE = 'The file must be named {userid}_{examId}_{qid}.jpg (no path parts).';

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/**
 * uploadImg: the still picture taken as a video answer starts. Kept (one per question, a newer
 * one replaces it) and analysed only when the video is checked, as the identity reference of an
 * attempt without a primary picture.
 */
export class RecordingStills {
  constructor(
    private readonly repo: RecordingsRepository,
    private readonly exams: ExamRepository,
    private readonly closer: TimeoutCloser,
    private readonly media: MediaStorage,
  ) {}

  async upload(user: Actor, req: FastifyRequest) {
    if (!req.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data in the field file.');
    const part = await req.file();
    if (!part || part.fieldname !== 'file') throw badRequest('The picture must be sent in the field file.');
    const name = part.filename ?? '';
    const m = isPlainFileName(name) ? STILL_NAME.exec(name) : null;
    if (!m) {
      part.file.resume();
      throw badRequest(NAME_RULE);
    }
    const [userId, userExamId, qid] = [Number(m[1]), Number(m[2]), Number(m[3])];
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (e) {
      if (errorCode(e) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The picture is larger than 2 MB.');
      throw e;
    }
    // Not yours is 404 (the attempt), before the name's user id is compared with the caller.
    const { attempt } = await recordableQuestion(this.exams, this.closer, user.id, userExamId, qid, 'video');
    if (userId !== user.id) throw badRequest('The file name must start with your own user id.');
    if (!isJpeg(bytes) && !isPng(bytes)) throw new HttpError(415, 'The picture must be a JPEG or PNG image.');
    try {
      assertImageDimensions(bytes, 'file');
    } catch (e) {
      if (e instanceof AnalysisInputError) throw new HttpError(e.statusCode, e.message);
      throw e;
    }
    const key = `recordings/${attempt.id}/${qid}/${Date.now()}-still.${isPng(bytes) ? 'png' : 'jpg'}`;
    await this.media.put(key, bytes, isPng(bytes) ? 'image/png' : 'image/jpeg');
    const old = await this.repo.saveStill({
      userExamId: attempt.id,
      questionId: qid,
      userId: user.id,
      mediaKey: key,
      sizeBytes: bytes.length,
      faceCount: null,
      embedding: null,
    });
    if (old) await this.media.delete(old);
    return { imageUrl: filePath(key) };
  }
}
