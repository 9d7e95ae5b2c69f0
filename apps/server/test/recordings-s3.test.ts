import { readdirSync, readFileSync } from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Analyzer } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3UploadStore } from '../src/modules/recordings/s3-upload-store.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { createUpload, FakeFrames, patch, recordingAttempt, tusHeaders, upload } from './recordings/support.ts';
import { startTestS3, TEST_BUCKET, type TestS3 } from './s3-server.ts';

/**
 * Issue 14 on an S3-compatible store (s3rver, with the multipart listing tus needs: s3-server.ts):
 * with MEDIA_STORE=s3 the tus uploads themselves go to the bucket (S3UploadStore: parts, the
 * incomplete last part, the .info record), the checked answer is kept through the media port in
 * the same bucket, and neither a kept nor a refused recording leaves an upload object behind.
 */
describe('recorded answers on S3: the answer through the media port, nothing left behind', () => {
  let s3: TestS3;
  let t: TestApp;
  let token: string;
  let client: S3Client;
  const media = mediaFixtures();

  const keys = async (prefix: string) => {
    const r = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
    return (r.Contents ?? []).map((o) => o.Key!);
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    const settings = s3.settings('rec/');
    client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
    });
    t = await createTestApp(
      { media: { store: 's3', s3: settings, maxObjectMb: 512, urlTtlSeconds: 300 } },
      { analyzer: new FakeFrames() as unknown as Analyzer },
    );
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.close();
  });

  it('resumes an upload in the bucket, keeps the checked answer there and nothing of the upload', async () => {
    expect(t.app.ctx.uploads).toBeInstanceOf(S3UploadStore);
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const bytes = readFileSync(media.audio31);
    const meta = { attempt: a.userExamId, question: a.spoken, kind: 'audio' };
    const id = (await createUpload(t.app, token, meta, bytes.length)).headers.location!.toString().split('/').pop()!;
    const third = Math.floor(bytes.length / 3);
    expect((await patch(t.app, token, id, 0, bytes.subarray(0, third))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) });
    expect(head.headers['upload-offset']).toBe(String(third));
    // the bytes so far are in the bucket (the incomplete part and the record), not on this node's disk
    expect((await keys(`rec/tus-uploads/${id}`)).sort()).toEqual([
      `rec/tus-uploads/${id}.info`,
      `rec/tus-uploads/${id}.part`,
    ]);
    // a PATCH from a stale offset changes nothing
    expect((await patch(t.app, token, id, 0, bytes.subarray(0, 10))).statusCode).toBe(409);
    expect((await patch(t.app, token, id, third, bytes.subarray(third, 2 * third))).statusCode).toBe(204);
    expect((await patch(t.app, token, id, 2 * third, bytes.subarray(2 * third))).statusCode).toBe(204);
    const done = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) });
    expect(done.headers['upload-offset']).toBe(String(bytes.length));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/uploadaudio',
      headers: bearer(token),
      payload: { uploadId: id, examId: a.userExamId, questionNo: a.spoken },
    });
    expect(res.statusCode).toBe(200);
    const stored = await keys(`rec/recordings/${a.userExamId}/`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/\.wav$/);
    const file = await t.app.inject({ method: 'GET', url: res.json().file_url, headers: bearer(token) });
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // the answer points at the kept object; the upload's objects and its multipart upload are gone
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/test/validateAudioTestData',
      headers: bearer(token),
      payload: { userExamId: a.userExamId, curQues: a.spoken },
    });
    expect(v.json().answer.answerResourcePath).toBe(`/api/result/files/${stored[0]!.slice('rec/'.length)}`);
    expect(await keys('rec/tus-uploads/')).toEqual([]);
    expect(readdirSync(s3.directory, { recursive: true }).filter((f) => String(f).includes(id))).toEqual([]);
  });

  it('a refused recording leaves no object behind', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const id = await upload(
      t.app,
      token,
      { attempt: a.userExamId, question: a.spoken, kind: 'audio' },
      media.silent31,
      2,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/uploadaudio',
      headers: bearer(token),
      payload: { uploadId: id, examId: a.userExamId, questionNo: a.spoken },
    });
    expect(res.json()).toMatchObject({ statusCode: 422, type: 'noAudio' });
    expect(await keys(`rec/recordings/${a.userExamId}/`)).toEqual([]);
    expect(await keys('rec/tus-uploads/')).toEqual([]);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) })).statusCode,
    ).toBe(404);
  });

  it('an upload given up (DELETE) leaves nothing in the bucket, and keys stay under the prefix', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const bytes = readFileSync(media.audio31);
    const meta = { attempt: a.userExamId, question: a.spoken, kind: 'audio' };
    const id = (await createUpload(t.app, token, meta, bytes.length)).headers.location!.toString().split('/').pop()!;
    expect((await patch(t.app, token, id, 0, bytes.subarray(0, 1000))).statusCode).toBe(204);
    expect(await keys(`rec/tus-uploads/${id}`)).toHaveLength(2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: tusHeaders(token) });
    expect(del.statusCode).toBe(204);
    // the server drops what tus's S3 store leaves (the incomplete part) once tus has answered
    await expect.poll(() => keys('rec/tus-uploads/')).toEqual([]);
    expect((await keys('')).filter((k) => !k.startsWith('rec/'))).toEqual([]);
  });
});
