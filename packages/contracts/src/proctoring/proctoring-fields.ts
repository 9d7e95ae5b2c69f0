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
