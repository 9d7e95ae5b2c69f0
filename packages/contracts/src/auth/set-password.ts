import { z } from 'zod';
import { RegenFlag } from './login.ts';

/** The login route's `invite` parameter: a set-password link's token (256 random bits, base64url). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/login/invite: a new user's first password from a set-password link (ADR 0153); signs in. */
export const SetPasswordRequest = z.object({
  token: z.string().regex(INVITE_TOKEN_PATTERN, 'token must be a set-password token'),
  password: z.string().min(1).max(200),
  regen: RegenFlag,
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;
