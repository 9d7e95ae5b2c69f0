import { UPLOAD_MAX_BYTES } from '../shared/media-types.ts';

/**
 * The spoken answer (type 28) and the video interview (type 27): the spec's constants (section
 * 9) and rules (sections 4 and 5), shared by the browser (which checks on stop, to spare an
 * upload) and the server (which decides, from the file it received).
 */
export const SPOKEN = {
  /** A spoken answer lasts at least 30 s (Recording Limit, Duration Too Short). */
  minSeconds: 30,
  /** Not in the spec: the longest spoken answer the server keeps (a 4xx above it). */
  maxSeconds: 300,
  /** Audio whose average signal strength (RMS) is below 0.01 counts as no audio. */
  silenceRms: 0.01,
  /** The question audio may be played at most 3 times; the 4th attempt sets audioButtonCount to 4. */
  playLimit: 3,
  /** Recorded as Opus (a fraction of WAV's bytes on the wire); stored as the spec's WAV. */
  bitsPerSecond: 48_000,
  /** The browser sends what it recorded in slices of this length (ms). */
  sliceMs: 1000,
} as const;

export const VIDEO = {
  minSeconds: 30,
  /** Recording stops by itself at 4:00 ('04.00 min'). */
  maxSeconds: 240,
  /** The recording timer is capped at 241 s. */
  timerCapSeconds: 241,
  /** The server accepts up to the cap plus container rounding; a longer file is refused. */
  acceptSeconds: 243,
  countdownSeconds: 3,
  width: 640,
  height: 480,
  bitsPerSecond: 512_000,
  audioBitsPerSecond: 48_000,
  /** Android's slice interval (iOS: 1000 ms). */
  sliceMs: 2000,
  /**
   * A key frame every 2 s: the server samples faces from key frames only (no full decode); a
   * file with sparse key frames is decoded in full, which costs the server more, not the verdict.
   */
  keyFrameMs: 2000,
  /** Spec: face similarity threshold 15 (percent); the server's match uses the analysis threshold. */
  faceSimilarityThreshold: 15,
} as const;

/**
 * A recording whose upload began while the test was open may still finish, and be checked and
 * kept, this long after the test closed (its deadline, or the submit): 4 minutes of video (~17 MB)
 * take about 8 minutes at the spec's 0.3 Mbit/s. No new upload starts after the deadline (ADR 0161).
 */
export const RECORDING_GRACE_SECONDS = 600;

/** The tus endpoint: creation at the root, one URL per upload under it. */
export const UPLOADS_PATH = '/api/uploads';

/**
 * The stable address of a stored file of an attempt (an answer file, a recorded answer): read with
 * the session at GET /api/result/files/<key>, or turned into a short-lived signed URL (for a player)
 * by downloadfile (ADR 0150). A recorded answer's answerResourcePath is one.
 */
export const FILES_PATH = '/api/result/files/';
export const filePath = (mediaKey: string) => FILES_PATH + mediaKey;

/** The uploading dialogs' messages rotate every 3 s. */
export const UPLOAD_MESSAGE_MS = 3000;

/** The effective upload cap (30 MB) holds for recordings too; 4 minutes of video at 512 kbit/s is about 17 MB. */
export const RECORDING_MAX_BYTES = UPLOAD_MAX_BYTES;
/** The still picture taken when a video recording starts (uploadImg). */
export const STILL_MAX_BYTES = 2 * 1024 * 1024;

export const RECORDING_KINDS = ['audio', 'video'] as const;
export type RecordingKind = (typeof RECORDING_KINDS)[number];

/** Content types a recording may be declared with (parameters such as codecs are dropped). */
export const RECORDING_TYPES: Record<RecordingKind, readonly string[]> = {
  audio: ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/x-wav', 'audio/mpeg', 'video/webm'],
  video: ['video/webm', 'video/mp4', 'video/quicktime'],
};
export const baseContentType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** The descriptive text of a recorded answer (spec: 'Not Required'). */
export const RECORDED_DESCRIPTIVE_TEXT = 'Not Required';

/**
 * The warning dialog types (spec: Warning dialog types, and the video modal types). Every one
 * opens a dialog with Retry; safariWarning logs the user out.
 */
export const WARNING_TYPES = [
  'noAudio',
  'noSpeech',
  'highNoise',
  'faceWarning',
  'faceNotDetected',
  'faceNotMatching',
  'identityWarning',
  'shortDuration',
  'corruptVideo',
  'noFacialData',
  'permissionDenied',
  'permissionDeniediOS',
  'encodingError',
  'safariWarning',
  'corruptAudio',
  'noMediaDevice',
  'databaseError',
  'multipleFaces',
] as const;
export type WarningType = (typeof WARNING_TYPES)[number];
export const isWarningType = (v: unknown): v is WarningType =>
  typeof v === 'string' && (WARNING_TYPES as readonly string[]).includes(v);

/** Server error texts the spec's clients map to a dialog. */
export const RECORDING_ERRORS = {
  emptyAudio: 'Uploaded audio file is empty',
  databaseFailed: 'Database update failed',
} as const;

/** Spec §8 upload error mapping, audio: an empty file is noAudio, any other failure corruptAudio. */
export function audioUploadErrorType(message: string | null, type?: unknown): WarningType {
  if (isWarningType(type)) return type;
  return message === RECORDING_ERRORS.emptyAudio ? 'noAudio' : 'corruptAudio';
}

/** Spec §8 upload error mapping, video: 'Database update failed' is databaseError, others corruptVideo. */
export function videoUploadErrorType(message: string | null, type?: unknown): WarningType {
  if (isWarningType(type)) return type;
  return message === RECORDING_ERRORS.databaseFailed ? 'databaseError' : 'corruptVideo';
}

/** What a recording measured: its length, its audio level, and its size. */
export interface RecordingMeasure {
  bytes: number;
  durationSeconds: number;
  /** RMS of the whole recording's audio (0 to 1); null when it has no audio track. */
  rms: number | null;
}

/**
 * The spoken-answer rules (spec §5) in their order: an empty recording is corrupt, shorter than
 * 30 s is too short, RMS below 0.01 (or no audio at all) is no audio. null: it passes.
 */
export function spokenAnswerProblem(m: RecordingMeasure): WarningType | null {
  if (m.bytes === 0) return 'corruptAudio';
  if (m.durationSeconds < SPOKEN.minSeconds) return 'shortDuration';
  if (m.rms === null || m.rms < SPOKEN.silenceRms) return 'noAudio';
  return null;
}

/** The video rules that need no picture: empty (corruptVideo), under 30 s (shortDuration), no audio. */
export function videoRecordingProblem(m: RecordingMeasure): WarningType | null {
  if (m.bytes === 0) return 'corruptVideo';
  if (m.durationSeconds < VIDEO.minSeconds) return 'shortDuration';
  if (m.rms === null || m.rms < SPOKEN.silenceRms) return 'noAudio';
  return null;
}

/** One sampled frame of a video: its face count and, with exactly one face, whether it matched the reference. */
export interface FrameFaces {
  faceCount: number;
  /** null: not compared (no single face, or no reference to compare with) */
  match: boolean | null;
  /**
   * true: the one face is partly out of the picture or far away (ADR 0244); if it did not match,
   * the frame is a face not seen well, never a verdict that it is another person
   */
  unclear?: boolean;
}

/** a frame whose one face did not match but was too poorly framed to judge (ADR 0244) */
const notSeenWell = (f: FrameFaces) => f.unclear === true && f.match === false;

/**
 * The face rules of a video (spec §5) over the frames the server sampled: none analysed is
 * noFacialData; 2+ faces in a quarter of the frames (at least one) is multipleFaces; no face (or
 * one not seen well) in half of them or more is faceNotDetected; of the single-face frames
 * compared, fewer than half matching is faceNotMatching.
 */
export function videoFaceProblem(frames: FrameFaces[]): WarningType | null {
  if (frames.length === 0) return 'noFacialData';
  const several = frames.filter((f) => f.faceCount >= 2).length;
  if (several >= Math.max(1, Math.ceil(frames.length / 4))) return 'multipleFaces';
  const none = frames.filter((f) => f.faceCount === 0 || notSeenWell(f)).length;
  if (none * 2 >= frames.length) return 'faceNotDetected';
  const compared = frames.filter((f) => f.match !== null && !notSeenWell(f));
  if (compared.length && compared.filter((f) => f.match).length * 2 < compared.length) return 'faceNotMatching';
  return null;
}

/** The video timer's display: whole seconds, capped at 241 (spec). */
export const videoTimerSeconds = (elapsedMs: number) =>
  Math.min(VIDEO.timerCapSeconds, Math.max(0, Math.floor(elapsedMs / 1000)));

/** 'mm.ss min' as the spec writes the 4-minute limit ('04.00 min'). */
export function minutesLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}.${String(s % 60).padStart(2, '0')} min`;
}

/** A recording's length as m:ss (the timers and 'Recorded time'). */
export function clockLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The stored name of a spoken answer (spec: {first}_{last}_{examId}_{qid}.wav), safe for any store. */
export function spokenAnswerFileName(first: string, last: string, userExamId: number, qid: number): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'x';
  return `${clean(first)}_${clean(last)}_${userExamId}_${qid}.wav`;
}

/** A name sent with an upload: a plain file name, no path parts, no control characters. */
export function isPlainFileName(name: string): boolean {
  if (name.length === 0 || name.length > 200 || name === '.' || name === '..' || /[/\\]/.test(name)) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
}
