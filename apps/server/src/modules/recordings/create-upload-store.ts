import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { FileUploadStore, type UploadStore } from './upload-store.ts';

/** The configured upload store: S3 beside the media when MEDIA_STORE=s3 (its SDK loaded only then). */
export async function createUploadStore(config: AppConfig): Promise<UploadStore> {
  if (!config.media.s3) return new FileUploadStore(path.join(config.dataDir, 'uploads'));
  const { S3UploadStore } = await import('./s3-upload-store.ts');
  return new S3UploadStore(config.media.s3);
}
