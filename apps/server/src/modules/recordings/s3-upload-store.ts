import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3 } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { S3Settings } from '../../lib/media/s3-media-storage.ts';
import { progressOf, type UploadStore } from './upload-store.ts';

/** Where unfinished uploads live in the bucket (under S3_PREFIX, beside the media). */
const AREA = 'tus-uploads/';
/** S3's smallest multipart part; a PATCH smaller than a part is kept as the upload's ".part" object. */
const PART_BYTES = 5 * 1024 * 1024;

type Input = { Key?: string; Delete?: { Objects?: Array<{ Key?: string }> } };

/**
 * tus uploads on the S3-compatible store (MEDIA_STORE=s3, ADR 0160): the parts, the incomplete
 * last part and the .info record are objects, so every API node sees every byte any node
 * acknowledged, with no shared disk. Keys go under S3_PREFIX + 'tus-uploads/'.
 */
export class S3UploadStore implements UploadStore {
  readonly datastore: S3Store;
  private readonly bucket: string;

  constructor(s3: S3Settings) {
    this.bucket = s3.bucket;
    this.datastore = new S3Store({
      partSize: PART_BYTES,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        // The incomplete part goes up as a stream of unknown length: with the SDK's default
        // checksums that is an aws-chunked body, which S3-compatible servers without it (s3rver,
        // older MinIO and Ceph) keep with its framing. Checksums only where S3 requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(s3.accessKeyId && s3.secretAccessKey
          ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
          : {}),
      },
    });
    // The store names objects by the upload id alone: every command's keys get the prefix here.
    const prefix = s3.prefix + AREA;
    type Next = (a: { input: Input }) => Promise<unknown>;
    type Stack = { add(mw: (next: Next) => Next, options: { step: string; name: string }): void };
    const client = (this.datastore as unknown as { client: { middlewareStack: Stack } }).client;
    client.middlewareStack.add(
      (next) => (args) => {
        const input = args.input;
        if (input.Key && !input.Key.startsWith(prefix)) input.Key = prefix + input.Key;
        for (const o of input.Delete?.Objects ?? []) if (o.Key && !o.Key.startsWith(prefix)) o.Key = prefix + o.Key;
        return next(args);
      },
      { step: 'initialize', name: 'invigilUploadPrefix' },
    );
  }

  progress(id: string) {
    return progressOf(this.datastore, id);
  }

  /** ffmpeg needs a seekable local file: the finished object is copied to a temporary one. */
  async localFile(id: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'invigil-upload-'));
    const file = path.join(dir, 'upload');
    try {
      await pipeline(await this.datastore.read(id), createWriteStream(file));
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      throw e;
    }
    return { path: file, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }

  /**
   * tus's remove aborts the multipart upload first and stops at S3's NoSuchUpload, which every
   * finished upload answers (completing it ended the multipart upload): the finished object and
   * its .info would stay. The objects are deleted here whatever the abort said.
   */
  async remove(id: string) {
    await this.datastore.remove(id).catch(() => undefined);
    const client = (this.datastore as unknown as { client: S3 }).client;
    await client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
    });
  }
}
