/** Media by extension (spec section 5). */
export const MEDIA_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  audio: ['aaf', '3gp', 'mp3'],
  video: ['avi', 'dat', 'flv', 'm1v', 'm2v', 'm4v', 'mov', 'mpeg', 'mpg', 'mpe', 'rm', 'wmv', 'mp4'],
  file: ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf'],
} as const;
export type MediaKind = keyof typeof MEDIA_EXTENSIONS;

export function extensionOf(path: string | null | undefined): string {
  if (!path) return '';
  const clean = path.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
}

/** The media list a path's extension belongs to, or null. */
export function mediaKind(path: string | null | undefined): MediaKind | null {
  const ext = extensionOf(path);
  if (!ext) return null;
  for (const kind of Object.keys(MEDIA_EXTENSIONS) as MediaKind[]) {
    if ((MEDIA_EXTENSIONS[kind] as readonly string[]).includes(ext)) return kind;
  }
  return null;
}

/** Answer uploads (descriptive questions) accept the image and file lists only. */
export const UPLOAD_EXTENSIONS: readonly string[] = [...MEDIA_EXTENSIONS.image, ...MEDIA_EXTENSIONS.file];
export const isAllowedUpload = (name: string) => UPLOAD_EXTENSIONS.includes(extensionOf(name));

/** Effective upload limit (30 MB; the spec's message says 5MB). */
export const UPLOAD_MAX_BYTES = 30_000_000;
export const UPLOAD_MESSAGES = {
  tooLarge: 'File size must be less than 5MB...',
  uploadFailed: 'File upload failed. Please try again !!!',
  downloadFailed: 'File download failed. Please try again !!!',
  unsupported: 'Your brower does not support this file format.',
} as const;

/**
 * An answer file's name as a storage key part (ADR 0260): the media port's keys allow only
 * [A-Za-z0-9._-], so every other UTF-8 byte (and '_' itself) is written `_XX` (upper-case hex).
 * A Hindi or Japanese name is kept whole instead of turning into underscores. The stem is cut
 * (by whole characters) so the result stays within `max`; the extension is kept.
 */
export function encodeFileNamePart(name: string, max = 180): string {
  const enc = (s: string) =>
    [...new TextEncoder().encode(s)]
      .map((b) => {
        const c = String.fromCharCode(b);
        return /[A-Za-z0-9.-]/.test(c) ? c : `_${b.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot) : '';
  let stem = [...(dot > 0 ? name.slice(0, dot) : name)];
  while (stem.length > 1 && enc(stem.join('') + ext).length > max) stem = stem.slice(0, -1);
  return enc(stem.join('') + ext);
}

/** The name an encoded key part stands for (encodeFileNamePart's inverse). */
export function decodeFileNamePart(part: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < part.length; i++) {
    const hex = part[i] === '_' ? /^[0-9A-F]{2}$/.exec(part.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(part.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * The name an answer file was uploaded under, from its stable address or key: `<ms>.<encoded>`
 * (ADR 0260), or `<ms>-<name>` as files stored before it were named (ASCII already).
 */
export function answerFileName(urlOrKey: string): string {
  const last = urlOrKey.split('/').pop() ?? '';
  const encoded = /^\d+\.(.+)$/.exec(last);
  return encoded ? decodeFileNamePart(encoded[1]!) : last.replace(/^\d+-/, '');
}
