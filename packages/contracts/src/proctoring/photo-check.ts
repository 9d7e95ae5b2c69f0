import { z } from 'zod';
import { Id } from '../shared/id.ts';
import { Base64Image, CheckId, Expression } from './proctoring-fields.ts';

/**
 * POST /api/proctoring/photoCheck: a periodic picture during a monitored attempt. The server
 * analyses the picture itself (face count, objects and, with photo_matching on, a match against
 * the primary picture the server stored), stores it, counts a violation and decides whether the
 * attempt stops. The candidate sends only the current picture: never the primary.
 */
export const PhotoCheckRequest = z.object({
  userexamid: Id,
  imagePath: Base64Image.min(1, 'imagePath is required'),
  expression1: Expression,
  expression2: Expression,
  /** the page's name for this picture, the same when it is sent again (ADR 0237) */
  checkId: CheckId,
  /**
   * How long before sending the page took the picture (ms, its own clock): a picture kept through
   * an outage still counts as the run it was. A hint: the server counts a run only once most of a
   * photo_timer has passed on its own clock since the last (ADR 0239).
   */
  takenAgoMs: z.number().int().min(0).max(3_600_000).optional(),
});
export type PhotoCheckRequest = z.infer<typeof PhotoCheckRequest>;

/** ok: passed; N: no face; M: multiple faces; O: objects; mismatch: not the primary's face */
export const PHOTO_OUTCOMES = ['ok', 'N', 'M', 'O', 'mismatch'] as const;
export const PhotoOutcome = z.enum(PHOTO_OUTCOMES);
export type PhotoOutcome = z.infer<typeof PhotoOutcome>;

export const PHOTO_TAGS = ['regular', 'faceNotDetected', 'multipleFaces', 'objectDetected', 'faceMismatch'] as const;
export const PhotoTag = z.enum(PHOTO_TAGS);
export type PhotoTag = z.infer<typeof PhotoTag>;

/** Why the server stopped an attempt (status 111). */
export const STOP_REASONS = ['photo_mismatch', 'multiple_faces', 'no_face', 'objects', 'speakers'] as const;
export const StopReason = z.enum(STOP_REASONS);
export type StopReason = z.infer<typeof StopReason>;

/** photo_action 'S': the attempt stops when this attempt's photo violations reach this count. */
export const PHOTO_STOP_AFTER = 4;
/**
 * The periodic photo check runs at most this many times per page load (spec: "the counter stops
 * after 3 (checks run at most 4 times)"); after them the browser sends no more pictures, so the
 * server records no gap.
 */
export const PHOTO_CHECK_RUNS = 4;
/** audio_action 'S': the attempt stops when this attempt's audio warnings reach this count. */
export const AUDIO_STOP_AFTER = 5;

export const PhotoCheckResponse = z.object({
  outcome: PhotoOutcome,
  photo_tag: PhotoTag,
  face_count: z.number().int(),
  object_names: z.array(z.string()),
  /** this attempt's photo violations so far (this one included) */
  warnings: z.number().int(),
  /** true when this check stopped the attempt (status 111) */
  stopped: z.boolean(),
  reason: StopReason.nullable(),
});
export type PhotoCheckResponse = z.infer<typeof PhotoCheckResponse>;
