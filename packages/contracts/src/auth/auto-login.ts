import { z } from 'zod';
import { RegenFlag } from './login.ts';

/** Signed auto-login link parameters: ref (ms timestamp), email (base64), sig (HMAC-SHA256, hex). */
export const AutoLoginRequest = z.object({
  ref: z.string().regex(/^\d{10,16}$/, 'ref must be a timestamp'),
  email: z.string().min(1).max(400),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'sig must be a signature'),
  regen: RegenFlag,
});
export type AutoLoginRequest = z.infer<typeof AutoLoginRequest>;
