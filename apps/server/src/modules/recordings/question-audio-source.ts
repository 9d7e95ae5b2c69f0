import { knownContentTypeOf } from '../../lib/media/content-types.ts';
import type { MediaStorage } from '../../lib/media/media-storage.ts';
import type { MediaReader } from '../content/question-media-reader.ts';
import { ITEM_MEDIA_KEY_RE, ITEM_MEDIA_PREFIX } from '../content/media-bag.ts';

/** Where the demo tests' question audio is copied in the media port, to be served signed. */
const STATIC_COPY_AREA = 'question-audio';
const SAFE_STATIC = /^\/media\/([A-Za-z0-9._-]+\/){0,4}[A-Za-z0-9._-]+$/;

export interface AudioSigner {
  sign(key: string): { url: string; expiresAt: Date };
}

/**
 * The question audio of a spoken answer as a short-lived signed URL, handed out with each counted
 * play (ADR 0212). Imported audio is already in the media port; a demo test's audio (a file of the
 * web app's public folder) is copied there once. The file's own /media/ path is refused to
 * direct requests (QuestionAudioGuard), so a copied link plays only until the grant expires.
 */
export class QuestionAudioSource {
  constructor(
    private readonly media: MediaStorage,
    private readonly read: MediaReader,
    private readonly signer: AudioSigner,
  ) {}

  /** A signed URL of the question audio at `resourcePath`, or null when the file is missing. */
  async signedUrl(resourcePath: string): Promise<{ url: string; expiresAt: Date } | null> {
    const key = await this.storedKey(resourcePath);
    return key ? this.signer.sign(key) : null;
  }

  private async storedKey(resourcePath: string): Promise<string | null> {
    if (resourcePath.startsWith(ITEM_MEDIA_PREFIX)) {
      const key = `items/${resourcePath.slice(ITEM_MEDIA_PREFIX.length)}`;
      return ITEM_MEDIA_KEY_RE.test(key) && (await this.media.stat(key)) ? key : null;
    }
    if (!SAFE_STATIC.test(resourcePath) || resourcePath.split('/').some((s) => s === '.' || s === '..')) return null;
    const key = `${STATIC_COPY_AREA}${resourcePath.slice('/media'.length)}`;
    if (await this.media.stat(key)) return key;
    const type = knownContentTypeOf(key);
    const file = type ? await this.read(resourcePath) : null;
    if (!file || !type) return null;
    await this.media.put(key, file.data, type);
    return key;
  }
}
