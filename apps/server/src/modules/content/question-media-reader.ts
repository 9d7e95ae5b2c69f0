import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import { ITEM_MEDIA_KEY_RE, ITEM_MEDIA_PREFIX } from './media-bag.ts';

/** The bytes of a question's media URL, or null when there is no such file. */
export type MediaReader = (url: string) => Promise<{ data: Buffer } | null>;

/**
 * Reads a question's media by its URL: imported media (`/media/items/…`) from the media port,
 * other `/media/` files (the demo tests') from the web app's build, or its public folder beside it
 * when the app runs without a build (development, the API tests).
 */
export function questionMediaReader(media: MediaStorage, webDist: string | undefined): MediaReader {
  const roots = webDist ? [webDist, path.resolve(webDist, '../public')] : [];
  return async (url) => {
    if (url.startsWith(ITEM_MEDIA_PREFIX)) {
      const key = `items/${url.slice(ITEM_MEDIA_PREFIX.length)}`;
      const data = ITEM_MEDIA_KEY_RE.test(key) ? await media.get(key) : null;
      return data ? { data } : null;
    }
    if (!url.startsWith('/media/') || url.includes('..')) return null;
    for (const root of roots) {
      try {
        return { data: await readFile(path.join(root, url)) };
      } catch {
        // not in this folder
      }
    }
    return null;
  };
}
