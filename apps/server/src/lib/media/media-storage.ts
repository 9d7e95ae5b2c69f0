import type { Readable } from 'node:stream';
import { HttpError } from '../http-errors.ts';

/**
 * The media storage port (ADR 0150): where proctoring pictures, recordings and answer files live.
 * Two adapters pass one contract suite (`test/media-storage.test.ts`): `LocalMediaStorage`
 * (files under DATA_DIR/media, the default) and `S3MediaStorage` (any S3-compatible store,
 * MEDIA_STORE=s3). `createMediaStorage(config)` picks one; services get it as `ctx.media`.
 *
 * Keys
 * - A key is a relative path of segments `[A-Za-z0-9._-]+` joined by `/`, no `.` or `..`, at
 *   most 512 characters. Anything else throws `MediaKeyError` (400) before any I/O.
 * - An attempt's media is keyed `<area>/<userExamId>/<name>`: `answer-files/12/34/…`,
 *   `proctoring/12/regular-….jpg`, `recordings/12/…`. The signed-URL service
 *   (`modules/media/media-links.ts`) reads the attempt from the second segment to apply the
 *   media policy, so new areas follow the same shape (and are added to `ATTEMPT_MEDIA_AREAS`).
 *
 * Small objects (pictures, answer files up to 30 MB): `put` / `get` with Buffers.
 * Large objects (a 4-minute video, an upload finished by tus): `putFile` (moves or copies a
 * local file) or `putStream`, then `read` for a stream with an optional byte range.
 * - A write is all or nothing: a failed or refused write leaves no object and no partial file
 *   (local: a temporary file renamed into place; S3: a single PUT or an aborted multipart upload).
 * - Every write is held to `maxObjectBytes` (MEDIA_MAX_OBJECT_MB) or the call's smaller
 *   `maxBytes`: past it the write stops and throws `MediaTooLargeError` (413).
 * - A missing object is `null` from `get`, `stat` and `read` (the caller answers 404), never an error;
 *   `delete` of a missing object is not an error either.
 * - The store unreachable (S3 down, refused, timing out; a local disk that fails) throws
 *   `MediaUnavailableError`: 503 with Retry-After through the error handler, never a 500.
 * - `list(prefix)` and `deletePrefix(prefix)` walk every object under a prefix (a key prefix
 *   ending in `/`, such as `recordings/12/`): what the "nothing left behind" checks and the
 *   clean-up of a refused upload use.
 */
export interface MediaStorage {
  /** Which adapter this is (logs, metrics, the bench). */
  readonly kind: 'local' | 's3';
  /** The largest object any write accepts, in bytes. */
  readonly maxObjectBytes: number;

  /** Stores a small object whole (pictures, answer files). */
  put(key: string, data: Buffer, contentType: string): Promise<{ key: string; size: number }>;
  /** A small object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;

  /** Stores what the stream yields; the stream is consumed (or destroyed on a refusal). */
  putStream(key: string, body: Readable, options: PutOptions): Promise<MediaStat>;
  /**
   * Stores a local file (a finished tus upload, a transcoded recording). `move: true` lets the
   * local adapter rename it into place instead of copying; the source is removed after a
   * successful store either way when `move` is set.
   */
  putFile(key: string, file: string, options: PutOptions & { move?: boolean }): Promise<MediaStat>;

  /** Size, content type and time of an object, or null. */
  stat(key: string): Promise<MediaStat | null>;
  /**
   * The object as a stream, whole or one byte range, or null when missing. A range that starts
   * past the end throws `MediaRangeError` (416, with the size for `Content-Range: bytes * /size`).
   * The caller must consume or destroy `body`.
   */
  read(key: string, range?: ByteRange): Promise<MediaRead | null>;

  /** Every object whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<MediaEntry[]>;
  /** Removes one object (missing is fine). */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix`; returns how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /** Lets go of connections (the app's close). */
  close(): void;
}

export interface PutOptions {
  contentType: string;
  /** A limit below `maxObjectBytes` for this write (the caller's own size rule). */
  maxBytes?: number;
}

export interface MediaEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface MediaStat extends MediaEntry {
  contentType: string;
}

/** Inclusive byte positions; `end` absent means to the end. `{ suffix: n }` is the last n bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface MediaRead {
  stat: MediaStat;
  body: Readable;
  /** The bytes `body` carries (inclusive), or null for the whole object. */
  range: { start: number; end: number } | null;
}

/** The areas of attempt media (`<area>/<userExamId>/…`); the signed-URL service accepts only these. */
const ATTEMPT_MEDIA_AREAS = ['answer-files', 'proctoring', 'recordings'] as const;
export type AttemptMediaArea = (typeof ATTEMPT_MEDIA_AREAS)[number];

const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** A key with path parts, odd characters or too long: refused before any I/O. */
export class MediaKeyError extends HttpError {
  constructor(key: string) {
    super(400, 'Invalid media key.', { key: key.slice(0, 100) });
  }
}

/** Over the storage's or the call's size limit: nothing was kept. */
export class MediaTooLargeError extends HttpError {
  constructor(public readonly limitBytes: number) {
    super(413, `The file is larger than the limit of ${formatBytes(limitBytes)}.`);
  }
}

/** A byte range that starts past the end of the object. */
export class MediaRangeError extends HttpError {
  constructor(public readonly size: number) {
    super(416, 'The requested range is outside the file.');
  }
}

const MEDIA_RETRY_AFTER_SECONDS = 5;

/** The store cannot be reached or failed: the caller retries later (503 with Retry-After). */
export class MediaUnavailableError extends HttpError {
  constructor(options: { cause?: unknown } = {}) {
    super(
      503,
      'Media storage is unavailable. Please try again in a moment.',
      { retryAfter: MEDIA_RETRY_AFTER_SECONDS },
      { retryAfterSeconds: MEDIA_RETRY_AFTER_SECONDS },
    );
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.floor(n / (1024 * 1024))} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** Throws MediaKeyError unless `key` is a safe key (see the port's rules). */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new MediaKeyError(String(key));
  for (const s of key.split('/')) if (!SEGMENT.test(s) || s === '.' || s === '..') throw new MediaKeyError(key);
}

/** A prefix to list or delete: a safe key, optionally ending in `/`. */
export function assertSafePrefix(prefix: string): void {
  assertSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** The attempt a media key belongs to (`<area>/<userExamId>/…`), or null for any other key. */
export function attemptOfKey(key: string): { area: AttemptMediaArea; userExamId: number } | null {
  const [area, id, ...rest] = key.split('/');
  if (!rest.length || !(ATTEMPT_MEDIA_AREAS as readonly string[]).includes(area ?? '')) return null;
  if (!/^[1-9]\d{0,9}$/.test(id ?? '')) return null;
  return { area: area as AttemptMediaArea, userExamId: Number(id) };
}

/** The effective limit of one write. */
export const writeLimit = (storage: { maxObjectBytes: number }, options: PutOptions) =>
  Math.min(storage.maxObjectBytes, options.maxBytes ?? Number.POSITIVE_INFINITY);
