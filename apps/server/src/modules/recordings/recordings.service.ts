import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnalysisBusyError, AnalysisTimeoutError, remuxVideo, toWav, type Analyzer } from '@invigil/analysis';
import {
  BUTTON_STYLE,
  RECORDED_DESCRIPTIVE_TEXT,
  RECORDING_ERRORS,
  RECORDING_MAX_BYTES,
  SPOKEN,
  encodePayload,
  filePath,
  spokenAnswerFileName,
  type RecordedAnswerFields,
  type RecordingKind,
  type UploadAudioRequest,
  type UploadVideoRequest,
} from '@invigil/contracts';
import { HttpError, busy, notFound } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import { permitted, type Actor } from '../../policies/actor.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import { timeRemaining, type TimeoutCloser } from '../exam/attempt-rules.ts';
import type { Attempt, ExamRepository } from '../exam/exam.repository.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';
import { NOT_IN_PROGRESS, recordableQuestion } from './recording-access.ts';
import { RecordingRefused, type FaceReference, type Measured, type RecordingChecks } from './recording-checks.ts';
import type { RecordedRow, RecordingsRepository } from './recordings.repository.ts';
import type { UploadStore } from './upload-store.ts';

/** The primary picture's face embedding the proctoring module keeps (ADR 0100). */
interface PrimaryFaces {
  primaryEmbedding(userExamId: number): Promise<number[] | null>;
}

export interface RecordingsDeps {
  repo: RecordingsRepository;
  exams: ExamRepository;
  users: UserRepository;
  store: UploadStore;
  media: MediaStorage;
  checks: RecordingChecks;
  analyzer: () => Analyzer;
  primary: PrimaryFaces;
  closer: TimeoutCloser;
  activity: AttemptActivity;
}

const UPLOAD_NOT_FOUND = 'Upload not found.';
/** Unfinished uploads older than this are dropped by the sweep (their attempt ended long before). */
const UPLOAD_MAX_AGE_SECONDS = 24 * 3600;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The answer fields a verified recording gives its question. */
function recordedFields(r: RecordedRow): RecordedAnswerFields {
  return {
    qid: r.questionId,
    answerResourcePath: filePath(r.mediaKey),
    answerResourceName: r.fileName,
    recordedTime: round1(r.durationSeconds),
    mongoSaved: true,
    descriptiveText: RECORDED_DESCRIPTIVE_TEXT,
    buttonStyle: BUTTON_STYLE.answered,
  };
}

/** How a kept recording is stored: the spoken answer as the spec's WAV, the video re-muxed as it came. */
function storedForm(kind: RecordingKind, m: Measured) {
  if (kind === 'audio') return { ext: 'wav', contentType: 'audio/wav' };
  return m.probe.container === 'mp4'
    ? { ext: 'mp4', contentType: 'video/mp4' }
    : { ext: 'webm', contentType: 'video/webm' };
}

/**
 * The spoken answer (28) and the video interview (27): a finished tus upload is checked by the
 * server (recording-checks.ts) and, when it passes, stored through the media port and kept as the
 * question's answer; a refused one is dropped whole (nothing kept, the question stays unanswered).
 */
export class RecordingsService {
  constructor(private readonly d: RecordingsDeps) {}

  uploadAudio(user: Actor, body: UploadAudioRequest) {
    return this.accept(user, 'audio', body).then(({ reply, row }) => ({
      ...reply,
      file_url: filePath(row.mediaKey),
      file_name: row.fileName,
      file_size: row.sizeBytes,
    }));
  }

  uploadVideo(user: Actor, body: UploadVideoRequest) {
    return this.accept(user, 'video', body, body.recordedTime ?? null).then(({ reply, row }) => ({
      ...reply,
      videoUrl: filePath(row.mediaKey),
      file_name: row.fileName,
      file_size: row.sizeBytes,
    }));
  }

  /** validateAudioTestData / validateVideoTestData: what the server holds for the attempt's recordings. */
  async validate(user: Actor, userExamId: number, qid: number) {
    const a = permitted(
      await this.d.exams.attempt(userExamId),
      (x) => mediaPolicy.store(user.id, x),
      'Test not found.',
    );
    const current = await this.d.repo.recorded(a.id, qid);
    const reply = await this.reply(a, current);
    return {
      ...reply,
      updatedQuestions: (await this.d.repo.recordedOf(a.id)).length,
      totalQuestions: (await this.d.exams.questions(a.examId)).length,
    };
  }

  private async reply(a: Attempt, current: RecordedRow | null) {
    const all = await this.d.repo.recordedOf(a.id);
    return {
      mongoSaved: current !== null,
      updatedTestData: encodePayload(all.map(recordedFields)),
      examDetail: encodePayload({ id: a.id, status: a.status, time_remaining: timeRemaining(a) }),
      answer: current ? recordedFields(current) : null,
    };
  }

  private async accept(
    user: Actor,
    kind: RecordingKind,
    body: UploadAudioRequest,
    clientRecordedTime: number | null = null,
  ) {
    const found = await this.d.repo.upload(body.uploadId);
    const own = found?.userId === user.id ? found : null;
    // An upload created before the attempt closed may still be kept within the grace (ADR 0161).
    const { attempt, question, late } = await recordableQuestion(
      this.d.exams,
      this.d.closer,
      user.id,
      body.examId,
      body.questionNo,
      kind,
      own?.createdAt,
    );
    const existing = await this.d.repo.recorded(attempt.id, question.id);
    // The same upload again (the reply was lost on the way): the same answer, nothing checked twice.
    if (existing?.uploadId === body.uploadId) return { reply: await this.reply(attempt, existing), row: existing };
    const up = own;
    if (
      !up ||
      up.userId !== user.id ||
      up.userExamId !== attempt.id ||
      up.questionId !== question.id ||
      up.kind !== kind
    )
      throw notFound(UPLOAD_NOT_FOUND);
    if (kind === 'video' && existing) {
      await this.discard(up.id);
      throw new HttpError(409, 'A video is already saved for this question.');
    }
    const progress = await this.d.store.progress(up.id);
    if (!progress) throw notFound(UPLOAD_NOT_FOUND);
    if (progress.offset < progress.size)
      throw new HttpError(409, 'The upload is not finished yet.', { offset: progress.offset, size: progress.size });
    if (!(await this.d.repo.claim(up.id))) throw new HttpError(409, 'This recording is being checked. Please wait.');
    let measured: Measured;
    const file = await this.d.store.localFile(up.id);
    const work = await mkdtemp(path.join(tmpdir(), 'invigil-rec-'));
    try {
      try {
        measured = await this.d.checks.check(
          kind,
          file.path,
          progress.size,
          await this.faces(kind, attempt.id, question.id),
        );
      } catch (e) {
        if (e instanceof RecordingRefused) {
          await this.discard(up.id);
          this.d.activity.record({
            kind: 'recording.refused',
            userExamId: attempt.id,
            userId: user.id,
            actorId: user.id,
            data: { qid: question.id, kind, type: e.type, message: e.message, bytes: progress.size },
          });
          throw new HttpError(e.statusCode, e.message, { type: e.type });
        }
        await this.d.repo.release(up.id);
        if (e instanceof AnalysisBusyError || e instanceof AnalysisTimeoutError)
          throw busy(e.message, e.retryAfterSeconds);
        throw e;
      }
      const row = await this.keep(
        user,
        attempt,
        question.id,
        kind,
        up.id,
        file.path,
        work,
        measured,
        clientRecordedTime,
        late,
      )
        // The store or the database failed: the upload stays for the client's retry.
        .catch(async (e: unknown) => {
          await this.d.repo.release(up.id).catch(() => undefined);
          throw e;
        });
      await this.discard(up.id);
      this.d.activity.record({
        kind: 'recording',
        userExamId: attempt.id,
        userId: user.id,
        actorId: user.id,
        data: {
          qid: question.id,
          kind,
          media: row.mediaKey,
          seconds: round1(measured.durationSeconds),
          rms: Math.round(measured.rms * 10_000) / 10_000,
          bytes: row.sizeBytes,
          ...(measured.checks ? { frames: measured.checks.frames.length, reference: measured.checks.reference } : {}),
        },
      });
      this.d.activity.touch(attempt.id);
      return { reply: await this.reply(attempt, row), row };
    } finally {
      await file.cleanup();
      await rm(work, { recursive: true, force: true });
    }
  }

  /** The reference faces of a video: the kept primary picture, else the still taken at its start. */
  private async faces(kind: RecordingKind, userExamId: number, qid: number): Promise<FaceReference | undefined> {
    if (kind !== 'video') return undefined;
    const primary = await this.d.primary.primaryEmbedding(userExamId);
    if (primary) return { primary, still: null };
    const still = await this.d.repo.still(userExamId, qid);
    if (!still) return { primary: null, still: null };
    if (still.faceCount === null) {
      const bytes = await this.d.media.get(still.mediaKey);
      const d = bytes
        ? await this.d
            .analyzer()
            .describeFrame(bytes)
            .catch(() => null)
        : null;
      still.faceCount = d?.face_count ?? 0;
      still.embedding = d?.embedding ?? null;
      await this.d.repo.saveStill(still);
    }
    return { primary: null, still: still.faceCount === 1 ? still.embedding : null };
  }

  /** Converts, stores through the media port and keeps the answer; on any failure nothing is left stored. */
  private async keep(
    user: Actor,
    a: Attempt,
    qid: number,
    kind: RecordingKind,
    uploadId: string,
    input: string,
    work: string,
    m: Measured,
    clientRecordedTime: number | null,
    late: boolean,
  ): Promise<RecordedRow> {
    const form = storedForm(kind, m);
    const out = path.join(work, `out.${form.ext}`);
    if (kind === 'audio') await toWav(input, out, SPOKEN.maxSeconds);
    else await remuxVideo(input, out, form.ext === 'mp4' ? 'mp4' : 'webm');
    const owner = await this.d.users.findById(user.id);
    const fileName =
      kind === 'audio'
        ? spokenAnswerFileName(owner?.firstName ?? '', owner?.lastName ?? '', a.id, qid)
        : `${user.id}_${a.id}_${qid}.${form.ext}`;
    // `<area>/<userExamId>/…` (ADR 0150); the time and upload prefix keeps each take apart (two
    // kept in the same millisecond too), the name stays the spec's.
    const key = `recordings/${a.id}/${qid}/${Date.now()}-${uploadId.slice(0, 8)}-${fileName}`;
    const stored = await this.d.media.putFile(key, out, {
      contentType: form.contentType,
      maxBytes: RECORDING_MAX_BYTES,
      move: true,
    });
    const row: RecordedRow = {
      userExamId: a.id,
      questionId: qid,
      userId: user.id,
      kind,
      mediaKey: key,
      fileName,
      contentType: form.contentType,
      sizeBytes: stored.size,
      durationSeconds: m.durationSeconds,
      rms: m.rms,
      uploadId,
      clientRecordedTime,
      checks: m.checks ? { ...m.checks } : null,
    };
    let saved: Awaited<ReturnType<RecordingsRepository['saveRecorded']>>;
    try {
      saved = await this.d.repo.saveRecorded(row, late);
    } catch {
      await this.d.media.delete(key);
      await this.d.repo.release(uploadId).catch(() => undefined);
      throw new HttpError(503, RECORDING_ERRORS.databaseFailed, { type: 'databaseError' });
    }
    if (!saved) {
      await this.d.media.delete(key);
      await this.discard(uploadId);
      throw new HttpError(409, NOT_IN_PROGRESS);
    }
    if (saved.replaced) await this.d.media.delete(saved.replaced);
    return row;
  }

  /** Drops an upload: its bytes in the tus store and its row. */
  private async discard(id: string) {
    await this.d.store.remove(id);
    await this.d.repo.deleteUpload(id);
  }

  /** Unfinished uploads of ended attempts, or older than a day: their bytes and rows go. */
  async sweep(): Promise<number> {
    const ids = await this.d.repo.staleUploads(UPLOAD_MAX_AGE_SECONDS);
    for (const id of ids) await this.discard(id);
    return ids.length;
  }
}
