import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../src/lib/media/local-media-storage.ts';
import {
  MediaKeyError,
  MediaRangeError,
  MediaTooLargeError,
  MediaUnavailableError,
  type MediaStorage,
} from '../src/lib/media/media-storage.ts';
import { S3MediaStorage } from '../src/lib/media/s3-media-storage.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

/**
 * The media storage port's contract, one suite run over every adapter (local disk and S3 on a
 * real S3-compatible server, s3rver, started here): what the services and the signed-URL route
 * rely on, including "nothing left behind" after a refused or failed write.
 */
const MB = 1024 * 1024;
const LIMIT = 8 * MB;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Deterministic bytes, so a wrong range or a reordered part shows. */
const bytes = (n: number, seed = 1) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 7 + (i >> 10)) & 0xff;
  return b;
};
/** A stream of `total` bytes in 64 KB chunks, failing after `failAfter` bytes when given. */
function chunks(total: number, failAfter?: number): Readable {
  const all = bytes(total);
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('link dropped'));
      if (sent >= total) return this.push(null);
      const n = Math.min(64 * 1024, total - sent);
      this.push(all.subarray(sent, sent + n));
      sent += n;
    },
  });
}
async function drain(r: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of r) out.push(c as Buffer);
  return Buffer.concat(out);
}

let s3: TestS3;
const tmp = mkdtempSync(path.join(tmpdir(), 'invigil-media-'));
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const adapters: [string, () => MediaStorage][] = [
  ['local disk', () => new LocalMediaStorage(mkdtempSync(path.join(tmp, 'root-')), LIMIT)],
  ['S3 (s3rver)', () => new S3MediaStorage(s3.settings(`run-${Math.random().toString(36).slice(2)}/`), LIMIT)],
];

describe.each(adapters)('media storage contract: %s', (_name, make) => {
  let m: MediaStorage;
  beforeAll(() => {
    m = make();
  });
  afterAll(() => m?.close());

  it('keeps small objects with their size and content type; missing is null, never an error', async () => {
    const pic = bytes(50 * 1024);
    expect(await m.put('proctoring/7/regular-1.jpg', pic, 'image/jpeg')).toEqual({
      key: 'proctoring/7/regular-1.jpg',
      size: pic.length,
    });
    expect(sha((await m.get('proctoring/7/regular-1.jpg'))!)).toBe(sha(pic));
    const s = await m.stat('proctoring/7/regular-1.jpg');
    expect(s).toMatchObject({ key: 'proctoring/7/regular-1.jpg', size: pic.length, contentType: 'image/jpeg' });
    expect(s!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 3600_000);
    // A type other than the extension's is kept (an audio-only webm).
    await m.put('recordings/7/answer.webm', bytes(10), 'audio/webm');
    expect((await m.stat('recordings/7/answer.webm'))!.contentType).toBe('audio/webm');
    expect(await m.get('proctoring/7/none.jpg')).toBeNull();
    expect(await m.stat('proctoring/7/none.jpg')).toBeNull();
    expect(await m.read('proctoring/7/none.jpg')).toBeNull();
    expect(await m.stat('proctoring/7')).toBeNull();
    await m.delete('proctoring/7/none.jpg');
  });

  it('stores a stream past the multipart size and reads it back whole and in byte ranges', async () => {
    const size = 6 * MB + 123;
    const stored = await m.putStream('recordings/8/video.webm', chunks(size), { contentType: 'video/webm' });
    expect(stored).toMatchObject({ key: 'recordings/8/video.webm', size, contentType: 'video/webm' });
    const whole = await m.read('recordings/8/video.webm');
    expect(whole!.range).toBeNull();
    expect(whole!.stat.size).toBe(size);
    expect(sha(await drain(whole!.body))).toBe(sha(bytes(size)));
    const cases = [
      { range: { start: 100, end: 199 }, want: [100, 199] },
      { range: { start: size - 10 }, want: [size - 10, size - 1] },
      { range: { suffix: 500 }, want: [size - 500, size - 1] },
      { range: { start: 5 * MB - 3, end: size + 1000 }, want: [5 * MB - 3, size - 1] },
    ];
    for (const c of cases) {
      const r = await m.read('recordings/8/video.webm', c.range);
      expect(r!.range, JSON.stringify(c.range)).toEqual({ start: c.want[0], end: c.want[1] });
      expect(r!.stat).toMatchObject({ size, contentType: 'video/webm' });
      const got = await drain(r!.body);
      expect(sha(got)).toBe(sha(bytes(size).subarray(c.want[0]!, c.want[1]! + 1)));
    }
    const past = await m.read('recordings/8/video.webm', { start: size }).catch((e: unknown) => e);
    expect(past).toBeInstanceOf(MediaRangeError);
    expect((past as MediaRangeError).size).toBe(size);
  });

  it('stores a local file, moving it when asked', async () => {
    const file = path.join(tmp, `upload-${Math.random()}.bin`);
    writeFileSync(file, bytes(70_000, 3));
    await m.putFile('recordings/9/copy.ogg', file, { contentType: 'audio/ogg' });
    expect(existsSync(file)).toBe(true);
    const moved = await m.putFile('recordings/9/moved.ogg', file, { contentType: 'audio/ogg', move: true });
    expect(moved).toMatchObject({ size: 70_000, contentType: 'audio/ogg' });
    expect(existsSync(file)).toBe(false);
    expect(sha((await m.get('recordings/9/moved.ogg'))!)).toBe(sha(bytes(70_000, 3)));
  });

  it('refuses objects over the limits and leaves nothing behind', async () => {
    await expect(m.put('recordings/10/big.jpg', Buffer.alloc(LIMIT + 1), 'image/jpeg')).rejects.toBeInstanceOf(
      MediaTooLargeError,
    );
    const over = await m
      .putStream('recordings/10/big.webm', chunks(LIMIT + 64 * 1024), { contentType: 'video/webm' })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(MediaTooLargeError);
    expect((over as MediaTooLargeError).statusCode).toBe(413);
    const callLimit = await m
      .putStream('recordings/10/short.webm', chunks(300_000), { contentType: 'video/webm', maxBytes: 200_000 })
      .catch((e: unknown) => e);
    expect((callLimit as MediaTooLargeError).limitBytes).toBe(200_000);
    const file = path.join(tmp, `big-${Math.random()}.bin`);
    writeFileSync(file, Buffer.alloc(300_000));
    await expect(
      m.putFile('recordings/10/file.webm', file, { contentType: 'video/webm', maxBytes: 1000, move: true }),
    ).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(existsSync(file), 'a refused move keeps the source for the caller').toBe(true);
    expect(await m.list('recordings/10/')).toEqual([]);
  });

  it('a stream that fails midway stores nothing', async () => {
    // The source's own error comes back (not a 503: the store is fine).
    await expect(
      m.putStream('recordings/11/dropped.webm', chunks(6 * MB, 5.5 * MB), { contentType: 'video/webm' }),
    ).rejects.toThrow('link dropped');
    await expect(
      m.putStream('recordings/11/early.webm', chunks(MB, 100_000), { contentType: 'video/webm' }),
    ).rejects.toThrow('link dropped');
    expect(await m.list('recordings/11/')).toEqual([]);
    expect(await m.stat('recordings/11/dropped.webm')).toBeNull();
  });

  it('lists under a prefix in key order and deletes a prefix', async () => {
    await m.put('answer-files/12/5/b.pdf', bytes(10), 'application/pdf');
    await m.put('answer-files/12/5/a.pdf', bytes(20), 'application/pdf');
    await m.put('answer-files/12/6/c.png', bytes(30), 'image/png');
    await m.put('answer-files/120/1/d.png', bytes(40), 'image/png');
    const list = await m.list('answer-files/12/');
    expect(list.map((e) => [e.key, e.size])).toEqual([
      ['answer-files/12/5/a.pdf', 20],
      ['answer-files/12/5/b.pdf', 10],
      ['answer-files/12/6/c.png', 30],
    ]);
    expect((await m.list('answer-files/12')).length, 'a prefix without / matches 120 too').toBe(4);
    expect(await m.list('answer-files/99/')).toEqual([]);
    expect(await m.deletePrefix('answer-files/12/')).toBe(3);
    expect(await m.list('answer-files/12/')).toEqual([]);
    expect((await m.list('answer-files/120/')).length).toBe(1);
    await m.delete('answer-files/120/1/d.png');
    expect(await m.get('answer-files/120/1/d.png')).toBeNull();
  });

  it('refuses keys with path parts or odd characters before any I/O', async () => {
    const bad = [
      '../etc/passwd',
      'a/../../b',
      '/abs/key',
      'a//b',
      'a/./b',
      'a\\b',
      '',
      'a/b/',
      'x y',
      'ü.jpg',
      'a'.repeat(600),
    ];
    for (const key of bad) {
      await expect(m.put(key, bytes(1), 'image/jpeg'), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(m.get(key), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(m.read(key), key).rejects.toBeInstanceOf(MediaKeyError);
      await expect(m.delete(key), key).rejects.toBeInstanceOf(MediaKeyError);
    }
    await expect(m.list('../')).rejects.toBeInstanceOf(MediaKeyError);
    await expect(m.deletePrefix('a/../')).rejects.toBeInstanceOf(MediaKeyError);
  });
});

describe('an unavailable store is MediaUnavailableError (503 with Retry-After), not a crash', () => {
  it('S3: nothing listening', async () => {
    const down = new S3MediaStorage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' }, LIMIT);
    for (const call of [
      () => down.put('proctoring/1/a.jpg', bytes(10), 'image/jpeg'),
      () => down.get('proctoring/1/a.jpg'),
      () => down.stat('proctoring/1/a.jpg'),
      () => down.list('proctoring/1/'),
      () => down.putStream('proctoring/1/b.webm', chunks(1000), { contentType: 'video/webm' }),
    ]) {
      const e = await call().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(MediaUnavailableError);
      expect((e as MediaUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    }
    down.close();
  });

  it('S3: a bucket that does not exist', async () => {
    const wrong = new S3MediaStorage({ ...s3.settings(), bucket: 'no-such-bucket' }, LIMIT);
    await expect(wrong.put('proctoring/1/a.jpg', bytes(10), 'image/jpeg')).rejects.toBeInstanceOf(
      MediaUnavailableError,
    );
    wrong.close();
  });

  it('local: a data directory that cannot hold files', async () => {
    const file = path.join(tmp, 'not-a-dir');
    writeFileSync(file, 'x');
    const broken = new LocalMediaStorage(file, LIMIT);
    await expect(broken.put('proctoring/1/a.jpg', bytes(10), 'image/jpeg')).rejects.toBeInstanceOf(
      MediaUnavailableError,
    );
  });

  it('S3 keeps installations apart by prefix', async () => {
    const a = new S3MediaStorage(s3.settings('site-a/'), LIMIT);
    const b = new S3MediaStorage(s3.settings('site-b/'), LIMIT);
    await a.put('proctoring/3/x.jpg', bytes(5), 'image/jpeg');
    expect(await b.get('proctoring/3/x.jpg')).toBeNull();
    expect((await a.list('proctoring/3/')).map((e) => e.key)).toEqual(['proctoring/3/x.jpg']);
    a.close();
    b.close();
  });
});
