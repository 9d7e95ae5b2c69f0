import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { secretKey } from '../src/lib/secret-key.ts';
import { MEDIA_LINK_MESSAGES, MediaUrlSigner } from '../src/modules/media/media-url-signer.ts';
import { attemptId, decode, EXAMS } from './exam/support.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

/**
 * Signed media URLs and the support media view (ADR 0150), on both media stores: the same
 * answer file and proctoring picture through local disk and through S3 (s3rver). Who may get a
 * URL, what an altered or expired one answers, Range replies, and 503 when the store is gone.
 */
const jpeg = readFileSync(new URL('../../../packages/analysis/test/fixtures/coffee.jpg', import.meta.url));
/** A 300 KB "PDF" of known bytes, so ranges can be checked exactly. */
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251))]);

function upload(token: string, naming: string, name: string, data: Buffer): InjectOptions {
  const b = '----media';
  const head = `--${b}\r\nContent-Disposition: form-data; name="upl"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    method: 'POST',
    url: '/api/result/uploadfile',
    headers: { ...bearer(token), filename: naming, 'content-type': `multipart/form-data; boundary=${b}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${b}--\r\n`)]),
  };
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

interface Store {
  media(): Partial<AppConfig['media']>;
  /** Takes the store away (S3: the server stops); reads of a stopped S3 fail too. */
  down(t: TestApp): Promise<void>;
  readsFail: boolean;
}
const STORES: [string, Store][] = [
  [
    'local disk',
    {
      media: () => ({ store: 'local' }),
      // The media folder replaced by a file: nothing can be written under it.
      down: async (t) => {
        const { rm, writeFile } = await import('node:fs/promises');
        await rm(`${t.config.dataDir}/media`, { recursive: true, force: true });
        await writeFile(`${t.config.dataDir}/media`, 'not a folder');
      },
      readsFail: false,
    },
  ],
  [
    'S3 (s3rver)',
    {
      media: () => ({ store: 's3', s3: s3.settings('api/') }),
      down: () => s3.close(),
      readsFail: true,
    },
  ],
];

describe.each(STORES)('signed media URLs on %s', (_name, store) => {
  let t: TestApp;
  let ravi: string, asha: string, support: string;
  let id: number, qid: number, fileUrl: string;
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  beforeAll(async () => {
    const base = { media: { store: 'local', s3: null, maxObjectMb: 512, urlTtlSeconds: 300 } } as const;
    t = await createTestApp({ media: { ...base.media, ...store.media() } });
    ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    id = await attemptId(t, DEMO.candidate2.email, EXAMS.windowSwitch);
    expect((await post('/api/test/startExam', ravi, { id })).statusCode).toBe(200);
    const opened = await post('/api/test/userTest', ravi, { examId: id });
    qid = decode<Array<{ qid: number }>>(opened.json().quesData)[0]!.qid;
    const up = await t.app.inject(upload(ravi, `${id}_${qid}`, 'my answer.pdf', pdf));
    expect(up.statusCode).toBe(200);
    fileUrl = up.json().file_url;
    const pic = await post('/api/test/saveImage', ravi, {
      userexamid: id,
      imagePath: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(pic.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('downloadfile hands the owner a signed URL that serves the file without a token, with ranges', async () => {
    const dl = await post('/api/result/downloadfile', ravi, { url: fileUrl });
    expect(dl.statusCode).toBe(200);
    const { error, file_url } = dl.json();
    expect(error).toBe(false);
    expect(file_url).toMatch(
      /^\/api\/media\/signed\/answer-files\/\d+\/\d+\/\d+\.my_20answer\.pdf\?exp=\d+&d=a&n=my%20answer\.pdf&sig=[0-9a-f]{64}$/,
    );
    const whole = await t.app.inject({ url: file_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'accept-ranges': 'bytes',
      'content-length': String(pdf.length),
      'x-content-type-options': 'nosniff',
    });
    expect(whole.headers['content-disposition']).toMatch(
      /^attachment; filename="my answer.pdf"; filename\*=UTF-8''my%20answer.pdf$/,
    );
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const part = await t.app.inject({ url: file_url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(1000, 2000))).toBe(true);
    const tail = await t.app.inject({ url: file_url, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 100))).toBe(true);
    const past = await t.app.inject({ url: file_url, headers: { range: `bytes=${pdf.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const head = await t.app.inject({ method: 'HEAD', url: file_url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(pdf.length));
    expect(head.rawPayload.length).toBe(0);
    // The stable address still works with the bearer token, ranges included.
    const bearerRead = await t.app.inject({ url: fileUrl, headers: { ...bearer(ravi), range: 'bytes=0-8' } });
    expect(bearerRead.statusCode).toBe(206);
    expect(bearerRead.payload).toBe('%PDF-1.4\n');
  });

  it('an altered or expired URL is 403 with a clear message; a signed URL of a missing file is 404', async () => {
    const { file_url } = (await post('/api/result/downloadfile', ravi, { url: fileUrl })).json();
    const u = new URL(file_url, 'http://x');
    const variants = {
      sig: file_url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`),
      exp: file_url.replace(/exp=(\d+)/, (_: string, e: string) => `exp=${Number(e) + 3600}`),
      disposition: file_url.replace('d=a', 'd=i'),
      name: file_url.replace('n=my%20answer.pdf', 'n=evil.html'),
      key: file_url.replace(`/${qid}/`, `/${qid + 1}/`),
      unsigned: u.pathname,
    };
    for (const [what, url] of Object.entries(variants)) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message, what).toBe(MEDIA_LINK_MESSAGES.invalid);
    }
    const signer = new MediaUrlSigner(secretKey(t.config.dataDir, 'media-urls'), 300);
    const key = u.pathname.replace('/api/media/signed/', '');
    const old = signer.sign(key, {}, Date.now() - 301_000);
    const expired = await t.app.inject({ url: old.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(MEDIA_LINK_MESSAGES.expired);
    const gone = await t.app.inject({ url: signer.sign(`answer-files/${id}/${qid}/1-none.pdf`).url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('File not found.');
  });

  it('only the owner and staff get URLs; bad references are 4xx, never 500', async () => {
    expect((await post('/api/result/downloadfile', asha, { url: fileUrl })).statusCode).toBe(404);
    const staff = await post('/api/result/downloadfile', support, { url: fileUrl });
    expect(staff.json().error).toBe(false);
    expect((await t.app.inject({ url: staff.json().file_url })).statusCode).toBe(200);
    const missing = await post('/api/result/downloadfile', ravi, {
      url: `/api/result/files/answer-files/${id}/${qid}/1-x.pdf`,
    });
    expect(missing.json()).toEqual({ error: true, file_url: '' });
    expect(
      (await post('/api/result/downloadfile', ravi, { url: '/api/result/files/../../etc/passwd' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/result/downloadfile', ravi, { url: '/api/result/files/secrets/media-urls.key' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/result/files/answer-files/${id}/${qid}/1-x.pdf`, headers: bearer(ravi) }))
        .statusCode,
    ).toBe(404);
    const pathy = await t.app.inject(upload(ravi, `${id}_${qid}`, '../../outside.pdf', pdf.subarray(0, 100)));
    expect(pathy.statusCode).toBe(400);
    expect(pathy.json().message).toBe('The file name must not contain folders or path parts.');
  });

  it("support sees the attempt's pictures and files with working signed URLs, and it is on the timeline", async () => {
    expect((await t.app.inject({ url: `/api/support/media/${id}`, headers: bearer(ravi) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/support/media/999999', headers: bearer(support) })).statusCode).toBe(404);
    const res = await t.app.inject({ url: `/api/support/media/${id}`, headers: bearer(support) });
    expect(res.statusCode).toBe(200);
    const { items, truncated } = res.json();
    expect(truncated).toBe(false);
    const picture = items.find((i: { kind: string }) => i.kind === 'picture');
    const file = items.find((i: { kind: string }) => i.kind === 'file');
    expect(picture).toMatchObject({ label: 'regular', contentType: 'image/jpeg', size: jpeg.length });
    expect(file).toMatchObject({ label: 'my answer.pdf', size: pdf.length, detail: { question: qid } });
    const shown = await t.app.inject({ url: picture.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(shown.rawPayload.equals(jpeg)).toBe(true);
    expect((await t.app.inject({ url: picture.downloadUrl })).headers['content-disposition']).toMatch(/^attachment/);
    const timeline = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    const media = timeline.json().events.filter((e: { kind: string }) => e.kind === 'staff.media');
    expect(media.map((e: { data: { media: string } }) => e.data.media)).toContain('attempt media (2)');
  });

  it('the store going away is 503 with Retry-After, never a 500', async () => {
    const { file_url } = (await post('/api/result/downloadfile', ravi, { url: fileUrl })).json();
    await store.down(t);
    const up = await t.app.inject(upload(ravi, `${id}_${qid}`, 'later.pdf', pdf.subarray(0, 1000)));
    expect(up.statusCode).toBe(503);
    expect(Number(up.headers['retry-after'])).toBeGreaterThan(0);
    expect(up.json().message).toBe('Media storage is unavailable. Please try again in a moment.');
    const pic = await post('/api/test/saveImage', ravi, {
      userexamid: id,
      imagePath: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(pic.statusCode).toBe(503);
    if (store.readsFail) {
      for (const res of [
        await t.app.inject({ url: file_url }),
        await post('/api/result/downloadfile', ravi, { url: fileUrl }),
        await t.app.inject({ url: `/api/support/media/${id}`, headers: bearer(support) }),
      ]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
    }
  });
});
