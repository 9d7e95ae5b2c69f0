import { randomBytes } from 'node:crypto';
import path from 'node:path/posix';
import { extensionOf } from '@invigil/contracts';
import { knownContentTypeOf } from '../../lib/media/content-types.ts';
import { signatureMismatch } from '../../lib/media/media-signature.ts';
import { dataUriMismatch } from '../../lib/media/data-uri.ts';
import { isSafeDataUri } from './html-safety.ts';

/** Where imported question media is served (public, unguessable paths: ADR 0151). */
export const ITEM_MEDIA_PREFIX = '/media/items/';
export const ITEM_MEDIA_KEY_RE = /^items\/[a-f0-9]{32}\/[A-Za-z0-9._-]{1,120}$/;

export interface StoredMedia {
  /** the storage key (items/<folder>/<n>-<name>: a random folder per file) */
  key: string;
  /** the package path it came from */
  source: string;
  data: Buffer;
  contentType: string;
}

const safeName = (name: string) =>
  path
    .basename(name)
    // An exported package numbers its files as the store does (1-planet.png): keep one number.
    .replace(/^\d+-/, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-80) || 'file';

/**
 * The media files one import keeps: package paths referenced by items are resolved against the
 * referring file, checked to be in the package and of a media type, and given one stored URL
 * each (the same file referenced twice is stored once). Nothing is written here: the import
 * service puts them through the media port once the whole package was read without a problem.
 */
export class MediaBag {
  private readonly byPath = new Map<string, StoredMedia>();

  constructor(private readonly files: ReadonlyMap<string, Buffer>) {}

  /**
   * The stored URL of `ref` as written in `fromFile` (a package path), or a problem: missing
   * from the package, outside it, not a media type, or bytes not of its extension's type (ADR
   * 0190). data: URIs of pictures, audio and video whose bytes are of their declared type are kept
   * as they are (ADR 0196); any other (HTML, SVG, script, a mislabelled payload) is a problem.
   */
  resolve(fromFile: string, ref: string): { url: string } | { problem: string } {
    const raw = ref.trim();
    if (/^data:/i.test(raw)) {
      if (!isSafeDataUri(raw))
        return { problem: `"${raw.slice(0, 60)}" is not allowed: a data: URI must be a picture, audio or video.` };
      // Its bytes must be of the type it declares, like a file's of its extension (ADR 0196).
      const expected = dataUriMismatch(raw);
      return expected
        ? {
            problem: `"${raw.slice(0, 60)}" is not what it says: its data must be ${expected}, and its first bytes are not.`,
          }
        : { url: raw };
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//'))
      return { problem: `"${raw.slice(0, 200)}" is outside the package; put the file in the package.` };
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw.split(/[?#]/)[0]!);
    } catch {
      return { problem: `"${raw.slice(0, 200)}" is not a valid file reference.` };
    }
    const full = path.normalize(path.join(path.dirname(fromFile), decoded));
    if (full.startsWith('../') || full === '..' || path.isAbsolute(full))
      return { problem: `"${raw.slice(0, 200)}" points outside the package.` };
    const known = this.byPath.get(full);
    if (known) return { url: ITEM_MEDIA_PREFIX + known.key.slice('items/'.length) };
    const data = this.files.get(full);
    if (!data) return { problem: `"${full}" is referenced but not in the package.` };
    const contentType = knownContentTypeOf(full);
    if (!contentType) return { problem: `"${full}" is not a supported media type.` };
    // Served with its extension's type: the bytes must be of that type too (ADR 0190).
    const expected = signatureMismatch(contentType, data);
    if (expected)
      return {
        problem: `"${full}" is not what its name says: a .${extensionOf(full)} file must be ${expected}, and its first bytes are not.`,
      };
    // A folder of its own (128 random bits) per file, not one per import: the paths are public,
    // and a candidate shown one file must not find another question's beside it by its name.
    const key = `items/${randomBytes(16).toString('hex')}/${this.byPath.size + 1}-${safeName(full)}`;
    this.byPath.set(full, { key, source: full, data, contentType });
    return { url: ITEM_MEDIA_PREFIX + key.slice('items/'.length) };
  }

  get stored(): StoredMedia[] {
    return [...this.byPath.values()];
  }
}
