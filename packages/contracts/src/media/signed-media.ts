import { z } from 'zod';

/**
 * GET /api/media/signed/<key>: a short-lived signed media URL (ADR 0150), answered with the file
 * (Range supported). The server issues these URLs (downloadfile, the support media view); a
 * client never builds one. All fields are checked by the signature, so each is only bounded here.
 */
export const SignedMediaQuery = z.object({
  exp: z.string().max(20).optional(),
  d: z.string().max(2).optional(),
  n: z.string().max(200).optional(),
  sig: z.string().max(128).optional(),
});
export type SignedMediaQuery = z.infer<typeof SignedMediaQuery>;
