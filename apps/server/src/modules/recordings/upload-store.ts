import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

/**
 * Where tus keeps uploads until they are verified: the file store under DATA_DIR/uploads by
 * default (one node, or a volume every node shares), the S3 store on the media store's bucket when
 * MEDIA_STORE=s3, so any API node continues an upload another began (ADR 0160).
 */
export interface UploadStore {
  readonly datastore: DataStore;
  /** Bytes received so far and the declared size; null when the upload is gone. */
  progress(id: string): Promise<{ offset: number; size: number } | null>;
  /** The finished upload as a local file for ffmpeg (a temporary copy where the store is remote). */
  localFile(id: string): Promise<{ path: string; cleanup(): Promise<void> }>;
  /** Drops an upload (its bytes and its tus record); nothing when it is gone already. */
  remove(id: string): Promise<void>;
}

/** Bytes received and the declared size of a tus upload, or null when the store does not have it. */
export async function progressOf(datastore: DataStore, id: string) {
  try {
    const u = await datastore.getUpload(id);
    return { offset: u.offset, size: u.size ?? -1 };
  } catch {
    return null;
  }
}

export class FileUploadStore implements UploadStore {
  readonly datastore: FileStore;

  constructor(private readonly directory: string) {
    this.datastore = new FileStore({ directory });
  }

  progress(id: string) {
    return progressOf(this.datastore, id);
  }

  async localFile(id: string) {
    return { path: path.join(this.directory, id), cleanup: async () => {} };
  }

  async remove(id: string) {
    await this.datastore.remove(id).catch(() => undefined);
  }
}
