import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque bearer token (256 random bits). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && ab.length > 0 && timingSafeEqual(ab, bb);
}
