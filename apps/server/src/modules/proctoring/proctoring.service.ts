import { randomBytes } from 'node:crypto';
import {
  AnalysisBusyError,
  AnalysisInputError,
  AnalysisTimeoutError,
  assertImageDimensions,
  decodeBase64Image,
  type Analyzer,
} from '@invigil/analysis';
import {
  MONITORING_DEFAULTS,
  type MonitoringSettings,
  type SaveErrorImageRequest,
  type SaveImageRequest,
} from '@invigil/contracts';
import type { AuthUser } from '../../plugins/auth.ts';
import { HttpError, busy } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { AnalyzerProvider } from './analyzer-provider.ts';
import type { ImageKind, ProctoringRepository, UserExamRef } from './proctoring.repository.ts';

/** Maps analysis errors to safe HTTP errors: input problems 4xx, capacity 503 with Retry-After. */
function toHttpError(e: unknown): unknown {
  if (e instanceof AnalysisInputError) return new HttpError(e.statusCode, e.message, { code: e.code });
  if (e instanceof AnalysisBusyError || e instanceof AnalysisTimeoutError) return busy(e.message, e.retryAfterSeconds);
  return e;
}

const flag = (v: unknown, d: boolean) =>
  v === undefined || v === null || v === '' ? d : v === true || v === 1 || v === '1' || v === 'true' || v === 'Y';
const action = (v: unknown): 'S' | 'C' => (String(v ?? '').toUpperCase() === 'S' ? 'S' : 'C');

function monitoringSettings(settings: Record<string, unknown>): MonitoringSettings {
  const timer = Number(settings.photo_timer);
  return {
    photo_timer: Number.isFinite(timer) && timer > 0 ? Math.round(timer) : MONITORING_DEFAULTS.photo_timer,
    photo_matching: flag(settings.photo_matching, MONITORING_DEFAULTS.photo_matching),
    photo_action: action(settings.photo_action),
    speaker_dialect: flag(settings.speaker_dialect, MONITORING_DEFAULTS.speaker_dialect),
    audio_action: action(settings.audio_action),
    monitoring: flag(settings.monitoring ?? settings.monitoringflag, MONITORING_DEFAULTS.monitoring),
  };
}

const USER_EXAM_NOT_FOUND = 'User exam not found.';

export class ProctoringService {
  constructor(
    private readonly repo: ProctoringRepository,
    private readonly media: MediaStorage,
    private readonly analyzers: AnalyzerProvider,
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

  async savePrimaryImage(user: AuthUser, userExamId: number, imagePath: string) {
    return this.store(user, await this.userExamFor(user, userExamId, 'store'), 'primary', imagePath);
  }

  async sendPrimaryImage(user: AuthUser, userExamId: number) {
    const ue = await this.userExamFor(user, userExamId, 'media');
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
    await this.repo.addAudioCheck({
      userExamId: ue.id,
      userId: user.id,
      speakers: r.speakers,
      speechSeconds: r.speechSeconds,
      durationSeconds: r.durationSeconds,
    });
    return { speakers: r.speakers, speech_seconds: r.speechSeconds, duration_seconds: r.durationSeconds };
  }
}
