import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalMediaStorage } from './local-media-storage.ts';
import type { MediaStorage } from './media-storage.ts';

/**
 * The configured adapter: local disk under DATA_DIR/media (default), or S3 (MEDIA_STORE=s3). The
 * S3 SDK is loaded only when it is used, so the default start does not pay for it.
 */
export async function createMediaStorage(config: AppConfig): Promise<MediaStorage> {
  const { media } = config;
  const max = media.maxObjectMb * 1024 * 1024;
  if (!media.s3) return new LocalMediaStorage(path.join(config.dataDir, 'media'), max);
  const { S3MediaStorage } = await import('./s3-media-storage.ts');
  return new S3MediaStorage(media.s3, max);
}
