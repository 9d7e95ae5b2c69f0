import { HttpError } from '../../lib/http-errors.ts';
import { hmacHex, safeEqualHex } from '../../lib/tokens.ts';

/** Where signed media URLs are served (`GET /api/media/signed/<key>?exp=&d=&n=&sig=`). */
const SIGNED_MEDIA_PREFIX = '/api/media/signed/';

export const MEDIA_LINK_MESSAGES = {
  invalid: 'This media link is not valid. Open the media again from its page to get a new link.',
  expired: 'This media link has expired. Open the media again from its page to get a new link.',
} as const;

/** What a signed URL lets its holder do until it expires. */
export interface SignedMedia {
  key: string;
  /** inline: shown or played in place; attachment: saved as `name`. */
  disposition: 'inline' | 'attachment';
  name?: string;
  expiresAt: Date;
}

/** The query of a signed URL as it arrives (anything may be missing or altered). */
export interface SignedQuery {
  exp?: string;
  d?: string;
  n?: string;
  sig?: string;
}

const message = (key: string, exp: number, d: string, n: string) => `media.v1\n${key}\n${exp}\n${d}\n${n}`;

/**
 * Short-lived signed media URLs (ADR 0150): HMAC-SHA256 over the key, the expiry (Unix seconds),
 * the disposition and the download name, with MEDIA_URL_SECRET (or a key generated under
 * DATA_DIR/secrets). Whoever holds the URL may read that one object until it expires; the
 * policy is applied when the URL is issued (MediaLinks), not when it is used.
 */
export class MediaUrlSigner {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number,
  ) {}

  sign(key: string, options: { download?: string } = {}, now = Date.now()): { url: string; expiresAt: Date } {
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    const d = options.download ? 'a' : 'i';
    const n = options.download ?? '';
    const sig = hmacHex(this.secret, message(key, exp, d, n));
    const name = n ? `&n=${encodeURIComponent(n)}` : '';
    return { url: `${SIGNED_MEDIA_PREFIX}${key}?exp=${exp}&d=${d}${name}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
  }

  /** The grant of a signed URL; 403 with a clear message when it was altered or has expired. */
  verify(key: string, q: SignedQuery, now = Date.now()): SignedMedia {
    const exp = Number(q.exp);
    const d = q.d;
    const n = q.n ?? '';
    const wellFormed = /^\d{1,12}$/.test(q.exp ?? '') && (d === 'i' || d === 'a') && /^[0-9a-f]{64}$/.test(q.sig ?? '');
    if (!wellFormed || !safeEqualHex(hmacHex(this.secret, message(key, exp, d, n)), q.sig!))
      throw new HttpError(403, MEDIA_LINK_MESSAGES.invalid);
    if (exp * 1000 <= now) throw new HttpError(403, MEDIA_LINK_MESSAGES.expired, { expired: true });
    return {
      key,
      disposition: d === 'a' ? 'attachment' : 'inline',
      name: n || undefined,
      expiresAt: new Date(exp * 1000),
    };
  }
}
