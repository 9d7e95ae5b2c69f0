import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from './error-code.ts';

/** Where media (proctoring images, recordings, uploaded files) is kept. */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments; anything else is refused. */
function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`Unsafe media key: ${key}`);
  }
}

/** Local-disk adapter: files under `<dataDir>/media`. */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, _contentType: string) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return { key, size: data.length };
  }

  async get(key: string) {
    try {
      return await readFile(this.file(key));
    } catch (e) {
      if (errorCode(e) === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }
}
