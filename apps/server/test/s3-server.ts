import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/lib/media/s3-media-storage.ts';

export const TEST_BUCKET = 'invigil-test';

export interface TestS3 {
  /** Settings of an S3MediaStorage on this server (the test bucket, path style, a prefix). */
  settings(prefix?: string): S3Settings;
  endpoint: string;
  /** Files of the server's store (what the bucket holds on disk). */
  directory: string;
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver keeps a multipart upload's parts as files (`<bucket>/._S3rver_uploads/<uploadId>/<n>`,
 * with `<n>.md5`) but answers ListParts and AbortMultipartUpload with 405; tus's S3 store needs
 * both (the offset of an upload is the sum of its parts). The two calls are answered here from
 * those files, ahead of s3rver's routes, as S3 answers them (ListPartsResult; 204; NoSuchUpload
 * once the upload was completed or aborted). Everything else is s3rver's own.
 */
function addMultipartListing(server: S3rver) {
  type Ctx = {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  };
  const app = server as unknown as {
    middleware: Array<(ctx: Ctx, next: () => Promise<void>) => Promise<void>>;
    store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
  };
  const noSuchUpload = (ctx: Ctx, id: string) => {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(id)}</UploadId></Error>`;
  };
  app.middleware.unshift(async (ctx, next) => {
    const id = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    if (!id || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const dir = path.join(app.store.getResourcePath(bucket!, undefined, 'uploads'), path.basename(id));
    if (!existsSync(dir)) return noSuchUpload(ctx, id);
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const parts = readdirSync(dir)
      .filter((f) => /^\d+$/.test(f) && Number(f) > marker)
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const md5 = existsSync(`${file}.md5`) ? readFileSync(`${file}.md5`, 'utf8').trim() : '';
        const st = statSync(file);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${st.mtime.toISOString()}</LastModified><ETag>&quot;${md5}&quot;</ETag><Size>${st.size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xml(bucket!)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(id)}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>` +
      `${parts.join('')}</ListPartsResult>`;
  });
}

/**
 * A real S3-compatible server for the tests: s3rver (npm) on a free loopback port, its objects in
 * a temporary directory, with the test bucket made, and the multipart listing tus's S3 store needs
 * (addMultipartListing). Nothing else needs installing.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'invigil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  addMultipartListing(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    directory,
    settings: (prefix = '') => ({
      endpoint,
      region: 'us-east-1',
      bucket: TEST_BUCKET,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    }),
    /** Stops the server (a test of the store going away may do it early); later calls do nothing. */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
