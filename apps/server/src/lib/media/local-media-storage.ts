import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCode } from '../error-code.ts';
import { byteLimit } from './byte-limit.ts';
import { resolveRange } from './byte-range.ts';
import { contentTypeOf } from './content-types.ts';
import {
  assertSafeKey,
  assertSafePrefix,
  MediaTooLargeError,
  MediaUnavailableError,
  writeLimit,
  type ByteRange,
  type MediaEntry,
  type MediaStat,
  type MediaStorage,
  type PutOptions,
} from './media-storage.ts';

/** `#` never appears in a key, so these names never collide with an object. */
const META = '#meta';
const TMP = '#tmp-';
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** A missing file is null; a disk that fails (full, read-only, I/O error) is MediaUnavailableError. */
function diskError(e: unknown): never {
  if (e instanceof MediaTooLargeError) throw e;
  throw new MediaUnavailableError({ cause: e });
}

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (MISSING.has(errorCode(e) ?? '')) return null;
    return diskError(e);
  }
}

/**
 * Local-disk adapter: one file per key under `root` (DATA_DIR/media). Writes go to a temporary
 * file renamed into place, so a reader never sees half a file and a failed write leaves nothing.
 * A content type other than the extension's is kept in a `<file>#meta` beside it.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    readonly maxObjectBytes: number,
  ) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  private async prepare(file: string) {
    await mkdir(path.dirname(file), { recursive: true }).catch(diskError);
    return `${file}${TMP}${randomBytes(6).toString('hex')}`;
  }

  /** Moves a written temporary file into place with its content type; removes it on failure. */
  private async commit(tmp: string, file: string, key: string, contentType: string): Promise<MediaStat> {
    try {
      if (contentType === contentTypeOf(key)) await rm(`${file}${META}`, { force: true });
      else await writeFile(`${file}${META}`, contentType);
      await rename(tmp, file);
      const s = await stat(file);
      return { key, size: s.size, contentType, modifiedAt: s.mtime };
    } catch (e) {
      await rm(tmp, { force: true });
      return diskError(e);
    }
  }

  async put(key: string, data: Buffer, contentType: string) {
    const file = this.file(key);
    if (data.length > this.maxObjectBytes) throw new MediaTooLargeError(this.maxObjectBytes);
    const tmp = await this.prepare(file);
    await writeFile(tmp, data).catch(async (e: unknown) => {
      await rm(tmp, { force: true });
      diskError(e);
    });
    await this.commit(tmp, file, key, contentType);
    return { key, size: data.length };
  }

  async get(key: string) {
    return orNull(readFile(this.file(key)));
  }

  async putStream(key: string, body: Readable, options: PutOptions): Promise<MediaStat> {
    const file = this.file(key);
    const tmp = await this.prepare(file);
    try {
      await pipeline(body, byteLimit(writeLimit(this, options)), createWriteStream(tmp));
    } catch (e) {
      await rm(tmp, { force: true });
      // The source failing (a dropped upload) is the caller's error, not the disk's.
      if (body.errored) throw body.errored;
      return diskError(e);
    }
    return this.commit(tmp, file, key, options.contentType);
  }

  async putFile(key: string, source: string, options: PutOptions & { move?: boolean }): Promise<MediaStat> {
    const file = this.file(key);
    const limit = writeLimit(this, options);
    const size = (await stat(source).catch(diskError)).size;
    if (size > limit) throw new MediaTooLargeError(limit);
    const tmp = await this.prepare(file);
    try {
      if (options.move) await rename(source, tmp);
      else await copyFile(source, tmp);
    } catch (e) {
      if (errorCode(e) !== 'EXDEV') {
        await rm(tmp, { force: true });
        return diskError(e);
      }
      // Another file system: copy, then remove the source once stored.
      const stored = await this.putStream(key, createReadStream(source), options);
      await unlink(source).catch(() => undefined);
      return stored;
    }
    return this.commit(tmp, file, key, options.contentType);
  }

  async stat(key: string): Promise<MediaStat | null> {
    const file = this.file(key);
    const s = await orNull(stat(file));
    if (!s?.isFile()) return null;
    const meta = await orNull(readFile(`${file}${META}`, 'utf8'));
    return { key, size: s.size, contentType: meta ?? contentTypeOf(key), modifiedAt: s.mtime };
  }

  async read(key: string, range?: ByteRange) {
    const s = await this.stat(key);
    if (!s) return null;
    const r = range ? resolveRange(range, s.size) : null;
    const body = createReadStream(this.file(key), r ? { start: r.start, end: r.end } : {});
    // Opening can still fail (removed in between): wait for the open before answering.
    const opened = await new Promise<boolean>((resolve, reject) => {
      body.once('ready', () => resolve(true));
      body.once('error', (e) => (MISSING.has(errorCode(e) ?? '') ? resolve(false) : reject(e)));
    }).catch(diskError);
    return opened ? { stat: s, body, range: r } : null;
  }

  async list(prefix: string): Promise<MediaEntry[]> {
    assertSafePrefix(prefix);
    const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const base = path.join(this.root, dir);
    const names = (await orNull(readdir(base, { recursive: true }))) ?? [];
    const out: MediaEntry[] = [];
    for (const name of names) {
      if (name.includes('#')) continue;
      const key = (dir ? `${dir}/${name}` : name).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const s = await orNull(stat(path.join(base, name)));
      if (s?.isFile()) out.push({ key, size: s.size, modifiedAt: s.mtime });
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string) {
    const file = this.file(key);
    await rm(file, { force: true }).catch(diskError);
    await rm(`${file}${META}`, { force: true }).catch(diskError);
  }

  async deletePrefix(prefix: string) {
    const entries = await this.list(prefix);
    for (const e of entries) await this.delete(e.key);
    return entries.length;
  }

  close() {
    // Nothing held open between calls.
  }
}
