import { randomBytes } from 'node:crypto';
import {
  AnalysisBusyError,
  AnalysisInputError,
  AnalysisTimeoutError,
  assertImageDimensions,
  decodeBase64Image,
  matchEmbeddings,
  overlapParams,
  overlapsBaseline,
  type Analyzer,
  type FaceDescription,
} from '@invigil/analysis';
import {
  AUDIO_STOP_AFTER,
  EXAM_STATUS,
  MONITORING_DEFAULTS,
  PHOTO_STOP_AFTER,
  PRIMARY_IMAGE_MESSAGES,
  type DeviceLogRequest,
  type PhotoCheckRequest,
  type PhotoCheckResponse,
  type PhotoOutcome,
  type SaveErrorImageRequest,
  type SaveImageRequest,
  type StopReason,
} from '@invigil/contracts';
import type { AuthUser } from '../../plugins/auth.ts';
import { HttpError, busy } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { monitoringSettings } from '../../lib/monitoring.ts';
import { isStaff, permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { AnalyzerProvider } from './analyzer-provider.ts';
import type { ImageKind, ProctoringRepository, UserExamRef } from './proctoring.repository.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';

/** Maps analysis errors to safe HTTP errors: input problems 4xx, capacity 503 with Retry-After. */
function toHttpError(e: unknown): unknown {
  if (e instanceof AnalysisInputError) return new HttpError(e.statusCode, e.message, { code: e.code });
  if (e instanceof AnalysisBusyError || e instanceof AnalysisTimeoutError) return busy(e.message, e.retryAfterSeconds);
  return e;
}

const USER_EXAM_NOT_FOUND = 'User exam not found.';
const NOT_IN_PROGRESS = 'This test is not in progress.';
/** Device logs kept per user-exam and channel (or per user without an attempt); more are dropped. */
const LOG_CAP = 500;
/** The spec's log fields kept as the detail (JSON), besides our own free-text detail. */
const LOG_FIELDS = [
  'questionNo',
  'status',
  'errorName',
  'errorMessage',
  'errorStack',
  'constraints',
  'userAgent',
  'platform',
  'deviceType',
  'browser',
  'additionalLogs',
] as const;

/** A device log's detail: the free text as sent, or the spec's fields as JSON (never the client's userId). */
function logDetail(body: DeviceLogRequest): string | undefined {
  if (body.detail !== undefined) return body.detail;
  const fields = Object.fromEntries(LOG_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
  return Object.keys(fields).length ? JSON.stringify(fields) : undefined; // bounded by the 16 KB body limit
}

/** Stops a proctored attempt (status 111 with the reason) and has it scored: the results service. */
export interface AttemptStopper {
  stopForProctoring(userExamId: number, reason: string): Promise<boolean>;
}

const PHOTO_TAG: Record<PhotoOutcome, PhotoCheckResponse['photo_tag']> = {
  ok: 'regular',
  N: 'faceNotDetected',
  M: 'multipleFaces',
  O: 'objectDetected',
  mismatch: 'faceMismatch',
};
const STOP_REASON: Record<Exclude<PhotoOutcome, 'ok'>, StopReason> = {
  N: 'no_face',
  M: 'multiple_faces',
  O: 'objects',
  mismatch: 'photo_mismatch',
};

/** Faces and objects decide first (spec: no face N, 2+ faces M, objects O); then the identity match. */
function faceOutcome(d: FaceDescription): 'ok' | 'N' | 'M' | 'O' {
  if (d.face_count === 0) return 'N';
  if (d.face_count > 1) return 'M';
  if (d.object_detected) return 'O';
  return 'ok';
}

export class ProctoringService {
  constructor(
    private readonly repo: ProctoringRepository,
    private readonly media: MediaStorage,
    private readonly analyzers: AnalyzerProvider,
    private readonly stopper: AttemptStopper,
    private readonly activity: AttemptActivity,
  ) {}

  /**
   * The user-exam for a use: storing pictures or audio (the candidate), reading the reference
   * picture (media) or the monitoring settings (attempt), also staff. Not allowed is 404.
   */
  private async userExamFor(user: AuthUser, userExamId: number, use: 'store' | 'media' | 'settings') {
    const allowed = (ue: UserExamRef) =>
      use === 'store'
        ? mediaPolicy.store(user.id, ue)
        : use === 'media'
          ? mediaPolicy.read(user, ue)
          : attemptPolicy.read(user, ue);
    return permitted(await this.repo.userExam(userExamId), allowed, USER_EXAM_NOT_FOUND);
  }

  /** The analysis workers' counters, or `{ started: false }` before the first analysis. */
  stats() {
    return this.analyzers.started ? this.analyzers.get().stats() : { started: false };
  }

  async run<T>(fn: (a: Analyzer) => Promise<T>): Promise<T> {
    try {
      return await fn(this.analyzers.get());
    } catch (e) {
      throw toHttpError(e);
    }
  }

  private decodeImage(imagePath: string): Buffer {
    let bytes: Buffer;
    try {
      bytes = decodeBase64Image(imagePath, 'imagePath');
    } catch (e) {
      throw toHttpError(e);
    }
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
    if (!jpeg && !png) throw new HttpError(400, 'imagePath must be a JPEG or PNG image');
    // Before anything is stored: a picture analysis would refuse for its size is refused here (422).
    try {
      assertImageDimensions(bytes, 'imagePath');
    } catch (e) {
      throw toHttpError(e);
    }
    return bytes;
  }

  private async store(
    user: AuthUser,
    ue: UserExamRef,
    kind: ImageKind,
    imagePath: string,
    extra: Record<string, unknown> = {},
  ) {
    const bytes = this.decodeImage(imagePath);
    const key = `proctoring/${ue.id}/${kind}-${Date.now()}-${randomBytes(4).toString('hex')}.jpg`;
    await this.media.put(key, bytes, 'image/jpeg');
    await this.repo.addImage({
      userExamId: ue.id,
      userId: user.id,
      kind,
      mediaKey: key,
      sizeBytes: bytes.length,
      ...extra,
    });
    return { msg: 'SUCCESS' };
  }

  /**
   * The primary picture, checked on the server: exactly one face and no objects, or 422 with the
   * outcome (N, M, O) and nothing stored. Its face embedding is kept with it, so periodic checks
   * match against it without analysing it again.
   */
  async savePrimaryImage(user: AuthUser, userExamId: number, imagePath: string) {
    const ue = await this.userExamFor(user, userExamId, 'store');
    const bytes = this.decodeImage(imagePath);
    const d = await this.run((a) => a.describeFace(bytes, true));
    const outcome = d.face_count === 1 && !d.object_detected && !d.embedding ? 'N' : faceOutcome(d);
    if (outcome !== 'ok') throw new HttpError(422, PRIMARY_IMAGE_MESSAGES[outcome], { outcome });
    return this.store(user, ue, 'primary', imagePath, { faceCount: 1, embedding: d.embedding });
  }

  /** The primary picture's embedding (computed once and kept for a primary stored without one), or null. */
  private async primaryEmbedding(userExamId: number): Promise<number[] | null> {
    const primary = await this.repo.latestPrimary(userExamId);
    if (!primary) return null;
    if (primary.embedding) return primary.embedding;
    const bytes = await this.media.get(primary.mediaKey);
    if (!bytes) return null;
    const d = await this.run((a) => a.describeFace(bytes, true));
    if (d.embedding) await this.repo.setEmbedding(primary.id, d.embedding);
    return d.embedding;
  }

  /**
   * A periodic picture (spec "Periodic photo check"), decided here: faces, objects and, with
   * photo_matching on, the match against the primary picture the server keeps (never one the
   * caller sends). The picture is stored with its tag, a problem counts one photo violation, and
   * with photo_action 'S' the PHOTO_STOP_AFTER-th violation stops the attempt (111). A busy
   * analysis (503) happens before anything is stored or counted.
   */
  async photoCheck(user: AuthUser, body: PhotoCheckRequest): Promise<PhotoCheckResponse> {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    if (ue.status !== EXAM_STATUS.inProgress) throw new HttpError(409, NOT_IN_PROGRESS, { examStatus: ue.status });
    const settings = monitoringSettings(ue.settings ?? {});
    const bytes = this.decodeImage(body.imagePath);
    const primary = settings.photo_matching ? await this.primaryEmbedding(ue.id) : null;
    const d = await this.run((a) => a.describeFace(bytes, settings.photo_matching));
    let outcome: PhotoOutcome = faceOutcome(d);
    // Matching on: no kept primary, no embedding of this face, or a different face is a mismatch.
    if (
      outcome === 'ok' &&
      settings.photo_matching &&
      !(primary && d.embedding && matchEmbeddings(primary, d.embedding).face_match)
    )
      outcome = 'mismatch';
    await this.repo.pictureArrived(ue.id, user.id, 2 * settings.photo_timer);
    const common = { photoTag: PHOTO_TAG[outcome], expression1: body.expression1, expression2: body.expression2 };
    if (outcome === 'ok') {
      await this.store(user, ue, 'regular', body.imagePath, { ...common, faceCount: d.face_count });
    } else {
      await this.store(user, ue, 'error', body.imagePath, {
        ...common,
        errorCode: outcome === 'mismatch' ? null : outcome,
        faceCount: d.face_count,
        objectsDetected: d.object_names.length ? d.object_names : null,
        objectsCount: d.objects_count,
      });
    }
    const reply = { outcome, photo_tag: PHOTO_TAG[outcome], face_count: d.face_count, object_names: d.object_names };
    const verdict = (warnings: number, stopped: boolean) =>
      this.activity.record({
        kind: 'proctoring.photo',
        userExamId: ue.id,
        userId: user.id,
        actorId: user.id,
        data: { ...reply, warnings, stopped },
      });
    if (outcome === 'ok') {
      const { photo } = await this.repo.warnings(ue.id);
      verdict(photo, false);
      return { ...reply, warnings: photo, stopped: false, reason: null };
    }
    const warnings = await this.repo.countViolation(ue.id, 'photo');
    if (warnings === null) throw new HttpError(409, NOT_IN_PROGRESS);
    const reason = STOP_REASON[outcome];
    const stopped =
      settings.photo_action === 'S' &&
      warnings >= PHOTO_STOP_AFTER &&
      (await this.stopper.stopForProctoring(ue.id, reason));
    verdict(warnings, stopped);
    return { ...reply, warnings, stopped, reason: stopped ? reason : null };
  }

  /** Device logs (fire and forget): stored per user and attempt, at most LOG_CAP per channel. */
  async deviceLog(user: AuthUser, channel: 'permission' | 'audio' | 'video', body: DeviceLogRequest) {
    const examId = body.userexamid ?? body.examId;
    const ue = examId === undefined ? null : await this.userExamFor(user, examId, 'store');
    await this.repo.addLog(
      {
        userExamId: ue?.id ?? null,
        userId: user.id,
        channel,
        event: body.event ?? [body.status, body.errorName].filter(Boolean).join(':'),
        detail: logDetail(body),
        clientAt: body.at,
      },
      LOG_CAP,
    );
    return { msg: 'SUCCESS' as const };
  }

  /** The sweep's part: gaps of monitored attempts without a picture for two photo_timer periods. */
  recordGaps() {
    return this.repo.recordGaps(MONITORING_DEFAULTS.photo_timer);
  }

  async sendPrimaryImage(user: AuthUser, userExamId: number) {
    const ue = await this.userExamFor(user, userExamId, 'media');
    if (isStaff(user))
      this.activity.record({
        kind: 'staff.media',
        userExamId: ue.id,
        actorId: user.id,
        data: { media: 'primary image' },
      });
    const row = await this.repo.latestPrimary(ue.id);
    const bytes = row ? await this.media.get(row.mediaKey) : null;
    return { primaryImage: { imagepath: bytes ? `data:image/jpeg;base64,${bytes.toString('base64')}` : null } };
  }

  async monitoringData(user: AuthUser, userExamId: number) {
    const ue = await this.userExamFor(user, userExamId, 'settings');
    return { result: monitoringSettings(ue.settings ?? {}) };
  }

  async saveImage(user: AuthUser, body: SaveImageRequest) {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    return this.store(user, ue, 'regular', body.imagePath, {
      photoTag: body.photo_tag || 'regular',
      expression1: body.expression1,
      expression2: body.expression2,
    });
  }

  async saveErrorImage(user: AuthUser, body: SaveErrorImageRequest) {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    const objects = Array.isArray(body.objects_detected)
      ? body.objects_detected
      : body.objects_detected
        ? body.objects_detected
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
    return this.store(user, ue, 'error', body.imagePath, {
      errorCode: body.error,
      photoTag: body.photo_tag || null,
      faceCount: body.facecount,
      objectsDetected: objects,
      objectsCount: body.objects_count ?? objects?.length ?? null,
      expression1: body.expression1,
      expression2: body.expression2,
    });
  }

  async speakers(user: AuthUser, userExamId: number, audio: Buffer) {
    const ue = await this.userExamFor(user, userExamId, 'store');
    const r = await this.run((a) => a.countSpeakers(audio));
    // BIC separates voices taking turns; a voice talking over the candidate is found by the overlap
    // score rising above this candidate's own earlier single-speaker samples (ADR 0101).
    const overlap = typeof r.overlap === 'number' && r.overlap > 0 ? r.overlap : null;
    const overlapped =
      r.speakers === 1 &&
      overlap !== null &&
      overlapsBaseline(overlap, await this.repo.singleSpeakerOverlapScores(ue.id, overlapParams.baselineSamples));
    const speakers = overlapped ? 2 : r.speakers;
    await this.repo.addAudioCheck({
      userExamId: ue.id,
      userId: user.id,
      speakers,
      speechSeconds: r.speechSeconds,
      durationSeconds: r.durationSeconds,
      overlapScore: overlap,
    });
    const base = { speakers, speech_seconds: r.speechSeconds, duration_seconds: r.durationSeconds };
    // Counted only while the attempt is in progress (the setup's microphone check is not).
    const counted = speakers >= 2 ? await this.repo.countViolation(ue.id, 'audio') : null;
    const warnings = counted ?? (await this.repo.warnings(ue.id)).audio;
    const settings = monitoringSettings(ue.settings ?? {});
    const stopped =
      counted !== null &&
      settings.audio_action === 'S' &&
      counted >= AUDIO_STOP_AFTER &&
      (await this.stopper.stopForProctoring(ue.id, 'speakers'));
    this.activity.record({
      kind: 'proctoring.speakers',
      userExamId: ue.id,
      userId: user.id,
      actorId: user.id,
      data: { ...base, overlap, overlapped, warnings, stopped },
    });
    return { ...base, warnings, stopped, reason: stopped ? ('speakers' as const) : null };
  }
}
