import { z } from 'zod';
import { Id } from '../shared/id.ts';

/**
 * GET /api/support/media/:userExamId (staff): an attempt's stored media, oldest first, each with
 * short-lived signed URLs (ADR 0150): `url` shows or plays it in place, `downloadUrl` saves it.
 * Kinds: proctoring pictures, recordings (spoken and video answers), answer files.
 */
export const AttemptMediaParams = z.object({ userExamId: Id });

export const ATTEMPT_MEDIA_KINDS = ['picture', 'recording', 'file'] as const;
export type AttemptMediaKind = (typeof ATTEMPT_MEDIA_KINDS)[number];

export const AttemptMediaItem = z.object({
  /** the storage key: timeline events name it in `data.media` */
  key: z.string(),
  kind: z.enum(ATTEMPT_MEDIA_KINDS),
  /** what it is: primary / regular / error picture, spoken / video answer, the file's name */
  label: z.string(),
  at: z.string(),
  contentType: z.string(),
  size: z.number().nullable(),
  url: z.string(),
  downloadUrl: z.string(),
  /** a few facts for the caption (outcome, faces, question, duration…) */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AttemptMediaItem = z.infer<typeof AttemptMediaItem>;

export const AttemptMediaResponse = z.object({
  items: z.array(AttemptMediaItem),
  /** more media than one listing carries (the oldest are listed) */
  truncated: z.boolean(),
  /** when the URLs stop working: read the list again before then */
  expiresAt: z.string(),
});
export type AttemptMediaResponse = z.infer<typeof AttemptMediaResponse>;
