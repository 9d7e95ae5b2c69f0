import { randomBytes } from 'node:crypto';
import {
  AnalysisBusyError,
  AnalysisInputError,
  AnalysisTimeoutError,
  assertImageDimensions,
  decodeBase64Image,
  matchEmbeddings,
  staticFacesAgainst,
  type Analyzer,
  type FaceDescription,
} from '@invigil/analysis';
import {
  EXAM_STATUS,
  MONITORING_DEFAULTS,
  PHOTO_CHECK_RUNS,
  PHOTO_STOP_AFTER,
  PRIMARY_IMAGE_MESSAGES,
  type DeviceLogRequest,
  type PhotoCheckRequest,
  type PhotoCheckResponse,
  type PhotoOutcome,
  type SaveErrorImageRequest,
  type SaveImageRequest,
  type SpeakerPurpose,
  type StopReason,
} from '@invigil/contracts';
import type { AuthUser } from '../../plugins/auth.ts';
import { HttpError, busy } from '../../lib/http-errors.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import { monitoringSettings } from '../../lib/monitoring.ts';
import { isStaff, permitted } from '../../policies/actor.ts';
import { attemptPolicy } from '../../policies/attempt.policy.ts';
import { mediaPolicy } from '../../policies/media.policy.ts';
import type { AnalyzerProvider } from './analyzer-provider.ts';
import { sceneCheck } from './scene-sampling.ts';
import { judgeSpeakerSample, type AttemptStopper } from './speaker-checks.ts';
import {
  audioGapSeconds,
  type BusyCheck,
  type Gap,
  type ImageKind,
  type ProctoringRepository,
  type UserExamRef,
} from './proctoring.repository.ts';
import type { AttemptActivity } from '../support/attempt-activity.ts';

/**
 * A periodic picture counts as the next of the browser's PHOTO_CHECK_RUNS when it was taken this
 * much of a photo_timer after the last counted one (ADR 0239). The honest page takes them a full
 * photo_timer apart; the fifth left over covers its clock starting after the start's reply.
 */
const PHOTO_RUN_DUE = 0.8;

/** A picture the page says it took this long before sending is noted as kept on the timeline. */
const KEPT_NOTED_SECONDS = 5;

/** Gaps one sweep query records, and queries a sweep runs while they come full. */
const GAP_BATCH = 5000;
const GAP_BATCHES = 10;

/** Maps analysis errors to safe HTTP errors: input problems 4xx, capacity 503 with Retry-After. */
function toHttpError(e: unknown): unknown {
  if (e instanceof AnalysisInputError) return new HttpError(e.statusCode, e.message, { code: e.code });
  if (e instanceof AnalysisBusyError || e instanceof AnalysisTimeoutError) return busy(e.message, e.retryAfterSeconds);
  return e;
}

const USER_EXAM_NOT_FOUND = 'User exam not found.';
const NOT_IN_PROGRESS = 'This test is not in progress.';
/** Attempts still being set up or taken; a closed one (submitted, timed out, stopped, expired) takes no pictures. */
const OPEN_STATUSES: ReadonlySet<string> = new Set([
  EXAM_STATUS.notStarted,
  EXAM_STATUS.inProgress,
  EXAM_STATUS.retest,
]);
const STILL_CHECKING = 'This check is still being analysed; its result is sent when it is ready.';
const PRIMARY_KEPT = 'The camera setup of this test is done; its picture cannot be replaced during the test.';

/** 409 when the attempt is closed: its pictures are evidence and are not added to afterwards. */
function requireOpen(ue: UserExamRef) {
  if (!OPEN_STATUSES.has(ue.status)) throw new HttpError(409, NOT_IN_PROGRESS, { examStatus: ue.status });
}
/** Device logs kept per user-exam and channel (or per user without an attempt); more are dropped. */
const LOG_CAP = 500;
/**
 * Device logs of an attempt and channel also shown on its timeline: an honest page sends a few,
 * so more would only bury the server's own events (attack walk 4, ADR 0227). The rest are kept.
 */
const LOG_TIMELINE_CAP = 20;
/** A log's event as the timeline shows it: a name (the spec's free-text error name, too). */
const eventName = (event: string) => event.replace(/[^A-Za-z0-9_.:-]/g, '?').slice(0, 60);
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
    /** Megabytes of pictures one attempt keeps (PROCTORING_PICTURE_MB_PER_ATTEMPT). */
    private readonly pictureMbPerAttempt = 100,
  ) {}

  /**
   * 409 when this picture would take the attempt past the megabytes of pictures it may keep: the
   * per-minute budget bounds the rate only, and every picture (up to 6 MB) is stored (attack walk
   * 4, ADR 0227). Checked before any analysis, so a refused picture costs nothing.
   */
  private async requireRoom(ue: UserExamRef, bytes: Buffer) {
    const limit = this.pictureMbPerAttempt * 1024 * 1024;
    if ((await this.repo.pictureBytes(ue.id)) + bytes.length > limit)
      throw new HttpError(
        409,
        `This test already keeps ${this.pictureMbPerAttempt} MB of proctoring pictures, the most one test may keep; this picture is not kept.`,
        { examStatus: ue.status },
      );
  }

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

  /** Stores a picture and its row; the key is for the timeline, never for the reply. */
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
    return { msg: 'SUCCESS' as const, key };
  }

  private async storeAndReply(...args: Parameters<ProctoringService['store']>) {
    await this.store(...args);
    return { msg: 'SUCCESS' as const };
  }

  /**
   * The primary picture, checked on the server: exactly one face and no objects, or 422 with the
   * outcome (N, M, O) and nothing stored. Its face embedding is kept with it, so periodic checks
   * match against it without analysing it again.
   */
  async savePrimaryImage(user: AuthUser, userExamId: number, imagePath: string) {
    const ue = await this.userExamFor(user, userExamId, 'store');
    const bytes = this.decodeImage(imagePath);
    requireOpen(ue);
    // Periodic checks match against the primary: swapping it during the test (another person's
    // face) would make them pass. It is set before the start, or once when an attempt in progress
    // has none (attack review, ADR 0180).
    if (ue.status === EXAM_STATUS.inProgress && (await this.repo.latestPrimary(ue.id)))
      throw new HttpError(409, PRIMARY_KEPT, { examStatus: ue.status });
    await this.requireRoom(ue, bytes);
    const d = await this.run((a) => a.describeFace(bytes, true));
    // a face without an embedding, or one too far away or partly out of the picture to be
    // compared later (ADR 0244), is one the camera does not see well: "come closer"
    const unclear = !d.embedding || (d.face_framing !== undefined && d.face_framing !== 'ok');
    const outcome = d.face_count === 1 && !d.object_detected && unclear ? 'N' : faceOutcome(d);
    const framing = outcome === 'N' && d.face_framing && d.face_framing !== 'ok' ? { framing: d.face_framing } : {};
    if (outcome !== 'ok') throw new HttpError(422, PRIMARY_IMAGE_MESSAGES[outcome], { outcome, ...framing });
    return this.storeAndReply(user, ue, 'primary', imagePath, { faceCount: 1, embedding: d.embedding });
  }

  /** The primary picture's embedding (computed once and kept for a primary stored without one), or null. */
  async primaryEmbedding(userExamId: number): Promise<number[] | null> {
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
  async photoCheck(user: AuthUser, body: PhotoCheckRequest, receivedAt = new Date()): Promise<PhotoCheckResponse> {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    return this.once(ue, 'picture', body.checkId, () => this.judgePicture(user, ue, body, receivedAt));
  }

  /**
   * A named check (its `checkId`) is judged once: a picture or sample whose reply was lost on a bad
   * link comes again with the same id and gets the kept reply, with nothing analysed, stored or
   * counted again, even after that reply stopped the attempt. While the first request is still being
   * checked a second one is 503 with Retry-After (not a busy analysis: no refusal is counted); a
   * check that could not be judged (busy analysis, a refusal) gives its claim up, so it can come
   * again (ADR 0237).
   */
  private async once<R extends object>(
    ue: UserExamRef,
    kind: BusyCheck,
    checkId: string | undefined,
    judge: () => Promise<R>,
  ): Promise<R> {
    if (!checkId) return judge();
    const claim = await this.repo.claimCheck(ue.id, kind, checkId);
    if (!claim.claimed) {
      if (claim.reply) return claim.reply as R;
      throw busy(STILL_CHECKING, 5);
    }
    let reply: R;
    try {
      reply = await judge();
    } catch (e) {
      await this.repo.releaseCheck(ue.id, kind, checkId);
      throw e;
    }
    await this.repo.keepReply(ue.id, kind, checkId, reply);
    return reply;
  }

  private async judgePicture(
    user: AuthUser,
    ue: UserExamRef,
    body: PhotoCheckRequest,
    receivedAt: Date,
  ): Promise<PhotoCheckResponse> {
    if (ue.status !== EXAM_STATUS.inProgress) throw new HttpError(409, NOT_IN_PROGRESS, { examStatus: ue.status });
    const settings = monitoringSettings(ue.settings ?? {});
    const bytes = this.decodeImage(body.imagePath);
    await this.requireRoom(ue, bytes);
    const scene = sceneCheck(await this.repo.checkHistory(ue.id));
    const { primary, seen } = await this.rememberBusy(ue, 'picture', async () => ({
      primary: settings.photo_matching ? await this.primaryEmbedding(ue.id) : null,
      seen: await this.run((a) => a.describeFace(bytes, settings.photo_matching, scene)),
    }));
    const d = await this.withoutStaticFaces(ue.id, bytes, seen);
    let outcome: PhotoOutcome = faceOutcome(d);
    // Matching on: no kept primary, no embedding of this face, or a different face is a mismatch;
    // unless the face is too far away or partly out of the picture to say who it is: then it is
    // a face the camera does not see well (N, "come closer"), still a problem, never a verdict
    // that this is another person (ADR 0244).
    if (
      outcome === 'ok' &&
      settings.photo_matching &&
      !(primary && d.embedding && matchEmbeddings(primary, d.embedding).face_match)
    )
      outcome = d.face_framing === 'cut' || d.face_framing === 'small' ? 'N' : 'mismatch';
    // before this picture is stored: is it, byte for byte, the last one or the setup picture?
    const samePicture = await this.samePictureAs(ue.id, bytes);
    this.recordGapEvents(
      await this.repo.pictureArrived(ue.id, user.id, 2 * settings.photo_timer, {
        dueAfterSeconds: PHOTO_RUN_DUE * settings.photo_timer,
        // taken when the page says, but never after its request began to arrive (an upload and
        // the analysis take seconds on a slow link or a busy node)
        takenAt: new Date(receivedAt.getTime() - (body.takenAgoMs ?? 0)),
        retakeNext: outcome !== 'ok' && settings.photo_action === 'S',
      }),
    );
    const keptSeconds = Math.round((body.takenAgoMs ?? 0) / 1000);
    const common = { photoTag: PHOTO_TAG[outcome], expression1: body.expression1, expression2: body.expression2 };
    const { key } =
      outcome === 'ok'
        ? await this.store(user, ue, 'regular', body.imagePath, { ...common, faceCount: d.face_count })
        : await this.store(user, ue, 'error', body.imagePath, {
            ...common,
            errorCode: outcome === 'mismatch' ? null : outcome,
            faceCount: d.face_count,
            objectsDetected: d.object_names.length ? d.object_names : null,
            objectsCount: d.objects_count,
          });
    const reply = { outcome, photo_tag: PHOTO_TAG[outcome], face_count: d.face_count, object_names: d.object_names };
    const verdict = (warnings: number, stopped: boolean) =>
      this.activity.record({
        kind: 'proctoring.photo',
        userExamId: ue.id,
        userId: user.id,
        actorId: user.id,
        // The picture's key: the support timeline links the event to it. scene: ADR 0102.
        // staticFaces: faces dropped as pictures on the wall (ADR 0103), for a reviewer
        // samePicture: a still image sent again (a virtual camera showing a photo, a replayed request)
        data: {
          ...reply,
          warnings,
          stopped,
          media: key,
          scene,
          staticFaces: seen.face_count - d.face_count,
          // a face too far away or partly out of the picture to be matched (ADR 0244)
          ...(d.face_framing && d.face_framing !== 'ok' ? { framing: d.face_framing } : {}),
          ...(samePicture ? { samePicture } : {}),
          // kept by the page (a lost link, a busy server) and sent later: the page's own word
          ...(keptSeconds >= KEPT_NOTED_SECONDS ? { keptSeconds } : {}),
        },
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

  /**
   * Runs a periodic check's analysis; when the pool refuses it (503: busy or timed out), the
   * attempt keeps the refusal before the 503 goes back, so a gap over it says the silence was the
   * server's, not the candidate's (issue 12, ADR 0235). Nothing else is stored or counted.
   */
  private async rememberBusy<T>(ue: UserExamRef, of: BusyCheck, analyse: () => Promise<T>): Promise<T> {
    try {
      return await analyse();
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 503 && ue.status === EXAM_STATUS.inProgress)
        await this.repo.analysisRefused(ue.id, of);
      throw e;
    }
  }

  /**
   * Whether a periodic picture is, byte for byte, the attempt's previous periodic picture or its
   * setup (primary) picture. A real camera never gives the same JPEG twice (sensor noise); a virtual
   * camera showing a photo, or a replayed request, does. The analysis cannot tell a photo of the
   * candidate from the candidate, so this goes on the timeline for support (ADR 0228); the verdict
   * is unchanged. Pictures are compared only when their sizes are equal, so a check usually reads
   * nothing from the media store.
   */
  private async samePictureAs(userExamId: number, bytes: Buffer): Promise<'previous' | 'setup' | null> {
    const candidates: ['previous' | 'setup', ImageKind[]][] = [
      ['previous', ['regular', 'error']],
      ['setup', ['primary']],
    ];
    for (const [name, kinds] of candidates) {
      const last = await this.repo.latestImage(userExamId, kinds);
      if (!last || last.sizeBytes !== bytes.length) continue;
      const stored = await this.media.get(last.mediaKey);
      if (stored && stored.equals(bytes)) return name;
    }
    return null;
  }

  /**
   * A periodic picture with several faces: the faces other than the largest (the candidate's) that
   * are where they were in the primary picture, pixel for pixel, are a painting, poster or photo on
   * the wall, not people (ADR 0103). Setup refused a second face, so a person behind the candidate
   * was not there then; a primary picture that cannot be read leaves the count as it was.
   */
  private async withoutStaticFaces(userExamId: number, bytes: Buffer, d: FaceDescription): Promise<FaceDescription> {
    if (d.face_count < 2 || !d.face_boxes) return d;
    const primary = await this.repo.latestPrimary(userExamId);
    const reference = primary ? await this.media.get(primary.mediaKey) : null;
    if (!reference) return d;
    let drop: Set<number>;
    try {
      drop = new Set(await staticFacesAgainst(bytes, reference, d.face_boxes));
    } catch {
      return d;
    }
    if (drop.size === 0) return d;
    const face_boxes = d.face_boxes.filter((_, k) => !drop.has(k));
    return {
      ...d,
      face_count: face_boxes.length,
      face_boxes,
      embedding: face_boxes.length === 1 ? (d.largest_embedding ?? null) : null,
    };
  }

  /**
   * Device logs (fire and forget): stored per user and attempt, at most LOG_CAP per channel, and
   * only while the attempt is open. The first LOG_TIMELINE_CAP kept for an attempt are on its
   * timeline too (the browser's word, marked so): a camera that stopped or a refused permission
   * explains a gap or a setup that took long.
   */
  async deviceLog(user: AuthUser, channel: 'permission' | 'audio' | 'video', body: DeviceLogRequest) {
    const examId = body.userexamid ?? body.examId;
    const ue = examId === undefined ? null : await this.userExamFor(user, examId, 'store');
    // A closed attempt's record is complete: nothing is added to its timeline afterwards (as its
    // pictures, ADR 0180; attack walk 4, ADR 0227).
    if (ue) requireOpen(ue);
    const event = body.event ?? [body.status, body.errorName].filter(Boolean).join(':');
    const kept = await this.repo.addLog(
      {
        userExamId: ue?.id ?? null,
        userId: user.id,
        channel,
        event,
        detail: logDetail(body),
        clientAt: body.at,
      },
      LOG_CAP,
    );
    if (kept !== null && kept <= LOG_TIMELINE_CAP && ue)
      this.activity.record({
        kind: `device.${channel}`,
        userExamId: ue.id,
        userId: user.id,
        actorId: user.id,
        data: { event: eventName(event), status: body.status ?? null },
      });
    return { msg: 'SUCCESS' as const };
  }

  /**
   * The sweep's part: gaps of monitored attempts without a picture for two photo_timer periods
   * while their browser still had checks to take, and of the speaker check without a sample for
   * two of its periods and a sample's length (ADR 0233). Batches of GAP_BATCH, again while a
   * batch was full (a test centre's link down: thousands at once), up to GAP_BATCHES a sweep.
   * Returns how many were recorded.
   */
  async recordGaps(): Promise<number> {
    let total = 0;
    for (const of of ['picture', 'audio'] as const)
      for (let i = 0; i < GAP_BATCHES; i++) {
        const gaps =
          of === 'picture'
            ? await this.repo.recordGaps(MONITORING_DEFAULTS.photo_timer, PHOTO_CHECK_RUNS, GAP_BATCH)
            : await this.repo.recordAudioGaps(MONITORING_DEFAULTS.photo_timer, GAP_BATCH);
        this.recordGapEvents(gaps, of);
        total += gaps.length;
        if (gaps.length < GAP_BATCH) break;
      }
    return total;
  }

  /** Each recorded gap is on the attempt's timeline too, where support reads it. */
  private recordGapEvents(gaps: Gap[], of: 'picture' | 'audio' = 'picture') {
    for (const g of gaps)
      this.activity.record({
        kind: of === 'audio' ? 'proctoring.audio_gap' : 'proctoring.gap',
        userExamId: g.userExamId,
        userId: g.userId,
        data: {
          seconds: g.seconds,
          since: g.since.toISOString(),
          // the server's own refusals within the silence: the timeline says the pool was busy
          ...(g.busy
            ? { busy: { refused: g.busy.refused, from: g.busy.from.toISOString(), to: g.busy.to.toISOString() } }
            : {}),
        },
      });
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

  /**
   * The instruction page asks for these before the device setup: a monitored test's candidate
   * will need the analysis within seconds, so its models start loading now rather than at the
   * setup's first picture (15-20 s on a fresh node, slow-link walk, ADR 0237).
   */
  async monitoringData(user: AuthUser, userExamId: number) {
    const ue = await this.userExamFor(user, userExamId, 'settings');
    const settings = monitoringSettings(ue.settings ?? {});
    if (settings.monitoring || settings.speaker_dialect) this.analyzers.get().warm?.();
    return { result: settings };
  }

  async saveImage(user: AuthUser, body: SaveImageRequest) {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    const bytes = this.decodeImage(body.imagePath);
    requireOpen(ue);
    await this.requireRoom(ue, bytes);
    return this.storeAndReply(user, ue, 'regular', body.imagePath, {
      photoTag: body.photo_tag || 'regular',
      expression1: body.expression1,
      expression2: body.expression2,
    });
  }

  async saveErrorImage(user: AuthUser, body: SaveErrorImageRequest) {
    const ue = await this.userExamFor(user, body.userexamid, 'store');
    const bytes = this.decodeImage(body.imagePath);
    requireOpen(ue);
    await this.requireRoom(ue, bytes);
    const objects = Array.isArray(body.objects_detected)
      ? body.objects_detected
      : body.objects_detected
        ? body.objects_detected
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
    return this.storeAndReply(user, ue, 'error', body.imagePath, {
      errorCode: body.error,
      photoTag: body.photo_tag || null,
      faceCount: body.facecount,
      objectsDetected: objects,
      objectsCount: body.objects_count ?? objects?.length ?? null,
      expression1: body.expression1,
      expression2: body.expression2,
    });
  }

  /** A speaker sample ('check' during the test, 'baseline' at device setup): speaker-checks.ts. */
  async speakers(
    user: AuthUser,
    userExamId: number,
    audio: Buffer,
    purpose: SpeakerPurpose = 'check',
    checkId?: string,
  ) {
    const ue = await this.userExamFor(user, userExamId, 'store');
    return this.once(ue, 'audio', checkId, () => this.judgeSample(user, ue, audio, purpose));
  }

  private async judgeSample(user: AuthUser, ue: UserExamRef, audio: Buffer, purpose: SpeakerPurpose) {
    // A closed attempt takes no more samples, like its pictures (attack review 2, ADR 0190); checked
    // before the analysis so a refused sample costs nothing.
    requireOpen(ue);
    // 'baseline' is the setup's sample. During the test it is judged as a check: otherwise a page
    // that labels every sample 'baseline' is never counted (attack review, ADR 0180).
    const judgedAs = purpose === 'baseline' && ue.status === EXAM_STATUS.inProgress ? 'check' : purpose;
    const r = await this.rememberBusy(ue, 'audio', () => this.run((a) => a.countSpeakers(audio)));
    // before this sample is stored: was the speaker check silent for too long (ADR 0233)?
    if (judgedAs === 'check' && ue.status === EXAM_STATUS.inProgress)
      this.recordGapEvents(
        await this.repo.audioArrived(
          ue.id,
          user.id,
          audioGapSeconds(monitoringSettings(ue.settings ?? {}).photo_timer),
        ),
        'audio',
      );
    return judgeSpeakerSample(
      { repo: this.repo, stopper: this.stopper, activity: this.activity },
      user,
      ue,
      r,
      judgedAs,
    );
  }
}
