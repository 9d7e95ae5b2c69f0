import { z } from 'zod';

/**
 * Fields the proctoring calls share (spec section 7: facial analysis, proctoring images,
 * monitoring settings and the speaker check). Ids are the shared Id (shared/id.ts); `userid` in
 * a body is ignored: the server uses the signed-in user.
 */
/** base64 JPEG without a prefix (a data: URL prefix is tolerated) */
export const Base64Image = z.string().max(16_000_000);

/** A facial expression label sent with a picture. */
export const Expression = z.string().max(40).optional().default('');

/** The reply of the picture-saving calls. */
export const ProctoringMsgResponse = z.object({ msg: z.string() });
export type ProctoringMsgResponse = z.infer<typeof ProctoringMsgResponse>;

/**
 * The browser's name for one periodic picture or speaker sample (8 to 64 letters, digits, '-' or
 * '_'; a random UUID). Sent again with a retried check, so a check whose reply was lost on a bad
 * link is judged and counted once: the server answers the kept reply (ADR 0237). Optional: a
 * caller without it is judged every time, as before.
 */
export const CheckId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'checkId must be 8 to 64 letters, digits, - or _')
  .optional();
