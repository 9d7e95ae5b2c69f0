import { signatureMismatch } from './media-signature.ts';

/**
 * The bytes of a data: URI kept in question content agree with the type it declares (ADR 0196),
 * as imported media files agree with their extension (ADR 0190): a `data:image/png` that holds
 * HTML or a program is refused like a `.png` file that does.
 */

/** Names browsers and authoring tools use for the types media-signature.ts knows. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-pn-wav': 'audio/wav',
  'audio/x-aac': 'audio/aac',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/opus': 'audio/ogg',
  'audio/x-matroska': 'video/x-matroska',
  'video/3gpp': 'audio/3gpp',
  'video/x-m4v': 'video/mp4',
};

/** Enough of the payload for every signature media-signature.ts reads (PDF aside: not media). */
const HEAD_BYTES = 64;

/** The first bytes of a percent-encoded payload (RFC 2397: %XX escapes, the rest as is). */
function percentDecodedHead(payload: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < payload.length && out.length < HEAD_BYTES; i++) {
    const hex = payload[i] === '%' ? payload.slice(i + 1, i + 3) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(payload.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

/**
 * Null when the data: URI's first bytes are of the type it declares; otherwise what they should
 * have been ("a PNG picture"), or why the URI cannot be read. Whitespace inside the URI is
 * ignored, as browsers do.
 */
export function dataUriMismatch(uri: string): string | null {
  const squeezed = uri.replace(/\s+/g, '');
  const comma = squeezed.indexOf(',');
  if (!/^data:/i.test(squeezed) || comma < 0) return 'a data: URI with a type and a payload';
  const params = squeezed.slice(5, comma).split(';');
  const declared = (params[0] ?? '').toLowerCase();
  const type = ALIASES[declared] ?? declared;
  const base64 = params.slice(1).some((p) => p.toLowerCase() === 'base64');
  const payload = squeezed.slice(comma + 1);
  let head: Buffer;
  if (base64) {
    // 4 base64 characters are 3 bytes; the URL-safe alphabet is accepted as browsers do.
    const chars = payload.slice(0, Math.ceil(HEAD_BYTES / 3) * 4);
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(chars)) return 'base64 data';
    head = Buffer.from(chars.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  } else head = percentDecodedHead(payload);
  return signatureMismatch(type, head);
}
