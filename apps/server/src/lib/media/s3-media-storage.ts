import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { stat as statFile, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { byteLimit } from './byte-limit.ts';
import { resolveRange } from './byte-range.ts';
import { contentTypeOf } from './content-types.ts';
import {
  assertSafeKey,
  assertSafePrefix,
  MediaRangeError,
  MediaTooLargeError,
  MediaUnavailableError,
  writeLimit,
  type ByteRange,
  type MediaEntry,
  type MediaRead,
  type MediaStat,
  type MediaStorage,
  type PutOptions,
} from './media-storage.ts';

/** Where the objects go (MEDIA_STORE=s3 and the S3_* variables). */
export interface S3Settings {
  /** Absent: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Absent: the SDK's default credential chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`): MinIO, Ceph, s3rver and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Prepended to every key (`invigil/`), so one bucket can hold several installations. */
  prefix: string;
}

/** Multipart part size: the S3 minimum, so one upload holds at most PART_SIZE × QUEUE bytes in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE = 2;

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}
const statusOf = (e: unknown) => (e as SdkError | null)?.$metadata?.httpStatusCode;
const isMissing = (e: unknown) =>
  statusOf(e) === 404 || ['NoSuchKey', 'NotFound'].includes((e as SdkError | null)?.name ?? '');

/** Anything but a missing object or a refused size is the store being unavailable (503). */
function storeError(e: unknown): never {
  if (e instanceof MediaTooLargeError || e instanceof MediaRangeError) throw e;
  throw new MediaUnavailableError({ cause: e });
}

/**
 * S3 adapter (AWS S3, MinIO, Ceph RGW, Cloudflare R2, Backblaze B2, s3rver…). Small objects are one
 * PUT; streams and files go through `@aws-sdk/lib-storage` (multipart above 5 MB, aborted on
 * failure so no parts are left). Reads stream from GetObject with the Range header passed on.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly s3: S3Settings,
    readonly maxObjectBytes: number,
  ) {
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
      // An unreachable store fails fast (503 to the caller) instead of holding requests.
      requestHandler: { connectionTimeout: 3000, socketTimeout: 30_000 },
      maxAttempts: 2,
    });
  }

  private objectKey(key: string) {
    assertSafeKey(key);
    return this.s3.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string) {
    const Key = this.objectKey(key);
    if (data.length > this.maxObjectBytes) throw new MediaTooLargeError(this.maxObjectBytes);
    await this.client
      .send(new PutObjectCommand({ Bucket: this.s3.bucket, Key, Body: data, ContentType: contentType }))
      .catch(storeError);
    return { key, size: data.length };
  }

  async get(key: string) {
    const read = await this.read(key);
    if (!read) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const c of read.body) chunks.push(c as Buffer);
    } catch (e) {
      return storeError(e);
    }
    return Buffer.concat(chunks);
  }

  async putStream(key: string, body: Readable, options: PutOptions): Promise<MediaStat> {
    const Key = this.objectKey(key);
    const counted = byteLimit(writeLimit(this, options));
    body.on('error', (e) => counted.destroy(e));
    counted.on('error', () => body.destroy());
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.s3.bucket, Key, Body: counted, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (e) {
      if (counted.errored instanceof MediaTooLargeError) throw counted.errored;
      // The source failing (a dropped upload) is the caller's error, not the store's.
      if (body.errored) throw body.errored;
      return storeError(e);
    }
    return { key, size: counted.bytes(), contentType: options.contentType, modifiedAt: new Date() };
  }

  async putFile(key: string, file: string, options: PutOptions & { move?: boolean }): Promise<MediaStat> {
    this.objectKey(key);
    const limit = writeLimit(this, options);
    const size = (await statFile(file).catch(storeError)).size;
    if (size > limit) throw new MediaTooLargeError(limit);
    const stored = await this.putStream(key, createReadStream(file), options);
    if (options.move) await unlink(file).catch(() => undefined);
    return stored;
  }

  async stat(key: string): Promise<MediaStat | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key) }));
      return {
        key,
        size: h.ContentLength ?? 0,
        contentType: h.ContentType || contentTypeOf(key),
        modifiedAt: h.LastModified ?? new Date(0),
      };
    } catch (e) {
      if (isMissing(e)) return null;
      return storeError(e);
    }
  }

  async read(key: string, range?: ByteRange): Promise<MediaRead | null> {
    const Key = this.objectKey(key);
    // A suffix range ("the last n bytes") is resolved against the size first: not every
    // S3-compatible store reads `bytes=-n` as S3 does (s3rver serves the first n bytes).
    if (range && 'suffix' in range) {
      const s = await this.stat(key);
      if (!s) return null;
      range = resolveRange(range, s.size);
    }
    const Range = range && 'start' in range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    try {
      const o = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key, Range }));
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(o.ContentRange ?? '');
      const size = m ? Number(m[3]) : (o.ContentLength ?? 0);
      return {
        stat: {
          key,
          size,
          contentType: o.ContentType || contentTypeOf(key),
          modifiedAt: o.LastModified ?? new Date(0),
        },
        body: o.Body as Readable,
        range: m ? { start: Number(m[1]), end: Number(m[2]) } : null,
      };
    } catch (e) {
      if (isMissing(e)) return null;
      if (statusOf(e) === 416) {
        const s = await this.stat(key);
        if (!s) return null;
        throw new MediaRangeError(s.size);
      }
      return storeError(e);
    }
  }

  async list(prefix: string): Promise<MediaEntry[]> {
    assertSafePrefix(prefix);
    const out: MediaEntry[] = [];
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.s3.bucket,
            Prefix: this.s3.prefix + prefix,
            ContinuationToken: token,
          }),
        )
        .catch(storeError);
      for (const o of page.Contents ?? [])
        if (o.Key)
          out.push({
            key: o.Key.slice(this.s3.prefix.length),
            size: o.Size ?? 0,
            modifiedAt: o.LastModified ?? new Date(0),
          });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string) {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key) }))
      .catch(storeError);
  }

  async deletePrefix(prefix: string) {
    const entries = await this.list(prefix);
    for (let i = 0; i < entries.length; i += 1000) {
      const Objects = entries.slice(i, i + 1000).map((e) => ({ Key: this.s3.prefix + e.key }));
      await this.client
        .send(new DeleteObjectsCommand({ Bucket: this.s3.bucket, Delete: { Objects, Quiet: true } }))
        .catch(storeError);
    }
    return entries.length;
  }

  /** Closes the client's sockets (app close). */
  close() {
    this.client.destroy();
  }
}
