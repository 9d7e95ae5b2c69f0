import { MESSAGES } from '@invigil/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import { secretKey } from '../../lib/secret-key.ts';
import { hmacHex, safeEqualHex } from '../../lib/tokens.ts';

/** The HMAC key of auto-login links: AUTO_LOGIN_SECRET, or a key generated under DATA_DIR/secrets. */
export const autoLoginKey = (dataDir: string, secret?: string): string => secretKey(dataDir, 'auto-login', secret);

const message = (ref: string, emailB64: string) => `${ref}.${emailB64}`;

const toBase64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Signs a link for the e-mail, dated now. */
export function signAutoLogin(key: string, email: string, now = new Date()) {
  const ref = String(now.getTime());
  const emailB64 = toBase64(email.toLowerCase());
  return { ref, email: emailB64, sig: hmacHex(key, message(ref, emailB64)) };
}

/** A link dated this far in the future (clocks of API nodes differ a little) is still accepted. */
const CLOCK_SKEW_MS = 60_000;

const endOfUtcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);

/**
 * Verifies the signature and the link's age: it works for `ttlMinutes` after it was issued, and
 * only on its UTC day (the spec: the ref date equals today's date). Returns the e-mail it was
 * issued for and when it stops working (a used link is remembered until then).
 */
export function verifyAutoLogin(
  key: string,
  p: { ref: string; email: string; sig: string },
  ttlMinutes: number,
  now = new Date(),
): { email: string; expiresAt: Date } {
  if (!safeEqualHex(hmacHex(key, message(p.ref, p.email)), p.sig)) throw new HttpError(401, MESSAGES.autoLoginInvalid);
  const issued = Number(p.ref);
  const expiresAt = Math.min(issued + ttlMinutes * 60_000, endOfUtcDay(new Date(issued)));
  const t = now.getTime();
  if (!Number.isFinite(issued) || issued > t + CLOCK_SKEW_MS || t >= expiresAt)
    throw new HttpError(401, MESSAGES.autoLoginExpired);
  return { email: Buffer.from(p.email, 'base64').toString('utf8'), expiresAt: new Date(expiresAt) };
}
