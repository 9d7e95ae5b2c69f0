import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Analyzer } from '@invigil/analysis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { createUpload, FakeFrames, patch, recordingAttempt, tusHeaders, upload } from './recordings/support.ts';

/**
 * Bad input on every recordings route (issue 14): wrong types, truncated webm and ogg, zero bytes,
 * over the limit, a 10-minute video, names with path parts, another candidate's upload, broken
 * tus headers and bodies. Each is a 4xx with a message that says what is wrong, never a 500, and
 * nothing is left of a refused recording.
 */
describe('recordings routes: bad input is a clear 4xx', { timeout: 180_000 }, () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let a: Awaited<ReturnType<typeof recordingAttempt>>;
  /** the other candidate's attempt (the creation checks run as them: 30 creations a minute each) */
  let b: Awaited<ReturnType<typeof recordingAttempt>>;
  let otherUpload: string;
  const media = mediaFixtures();
  const dir = mkdtempSync(path.join(tmpdir(), 'invigil-bad-'));
  const ogg = path.join(dir, 'answer.ogg');
  const truncatedOgg = path.join(dir, 'truncated.ogg');
  const zero = path.join(dir, 'zero.webm');

  /** A refusal: 4xx and a message (JSON message, or the tus text) that is a sentence, not a code. */
  function refused(res: LightMyRequestResponse, status?: number) {
    const where = `${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, where).toBeLessThan(500);
    if (status) expect(res.statusCode, where).toBe(status);
    const message = res.headers['content-type']?.toString().includes('json') ? res.json().message : res.body;
    expect(typeof message, where).toBe('string');
    expect(String(message).trim().length, where).toBeGreaterThan(8);
    return String(message);
  }
  const post = (url: string, payload: unknown, tok = token, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(tok), ...headers }, payload } as InjectOptions);
  const audioMeta = () => ({ attempt: a.userExamId, question: a.spoken, kind: 'audio' });
  const videoMeta = () => ({ attempt: a.userExamId, question: a.video, kind: 'video', filetype: 'video/webm' });
  const audioCall = (uploadId: unknown, over: Record<string, unknown> = {}) =>
    post('/api/test/uploadaudio', { uploadId, examId: a.userExamId, questionNo: a.spoken, ...over });
  const videoCall = (uploadId: unknown, over: Record<string, unknown> = {}) =>
    post('/api/test/uploadvideo', { uploadId, examId: a.userExamId, questionNo: a.video, ...over });
  const still = (name: string, bytes: Buffer, type = 'image/jpeg', tok = token) => {
    const boundary = '----invigil';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return post('/api/test/uploadImg', body, tok, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  };
  const nothingLeft = async () => {
    const { rows } = await t.database.executeSql<{ up: number; rec: number }>(
      `SELECT (SELECT count(*) FROM media_uploads WHERE user_exam_id = $1)::int AS up,
              (SELECT count(*) FROM recorded_answers WHERE user_exam_id = $1)::int AS rec`,
      [a.userExamId],
    );
    expect(rows[0]).toEqual({ up: 0, rec: 0 });
    expect((await t.app.ctx.media.list(`recordings/${a.userExamId}/`)).map((e) => e.key)).toEqual([]);
  };

  beforeAll(async () => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', media.audio31, '-c:a', 'copy', ogg]);
    const whole = readFileSync(ogg);
    writeFileSync(truncatedOgg, whole.subarray(0, Math.floor(whole.length / 2)));
    writeFileSync(zero, Buffer.alloc(0));
    t = await createTestApp({}, { analyzer: new FakeFrames() as unknown as Analyzer });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    other = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    a = await recordingAttempt(t, DEMO.candidate.email);
    b = await recordingAttempt(t, DEMO.candidate2.email);
    otherUpload = await upload(
      t.app,
      other,
      { attempt: b.userExamId, question: b.spoken, kind: 'audio' },
      media.audio31,
    );
  });
  afterAll(() => t?.close());

  it('tus creation: headers and metadata', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const create = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...tusHeaders(other), ...headers } });
    const meta = (m: Record<string, unknown>) =>
      Object.entries(m)
        .map(([k, v]) => `${k} ${b64(String(v))}`)
        .join(',');
    const good = {
      attempt: b.userExamId,
      question: b.spoken,
      kind: 'audio',
      filename: 'a.webm',
      filetype: 'audio/webm',
    };
    refused(await create({ 'upload-length': '100' }), 400); // no metadata
    refused(await create({ 'upload-metadata': meta(good) }), 400); // no length
    refused(await create({ 'upload-length': '-5', 'upload-metadata': meta(good) }), 400);
    refused(await create({ 'upload-length': 'abc', 'upload-metadata': meta(good) }), 400);
    refused(await create({ 'upload-defer-length': '1', 'upload-metadata': meta(good) }), 400);
    refused(await create({ 'upload-length': '1'.repeat(20), 'upload-metadata': meta(good) }), 400);
    refused(await create({ 'upload-length': '100', 'upload-metadata': 'attempt ###,question' }), 400);
    refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, kind: 'text' }) }), 400);
    refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, attempt: 'x' }) }), 400);
    refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, attempt: 2 ** 40 }) }), 400);
    refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, filename: '' }) }), 400);
    for (const filename of ['../a.webm', 'dir/a.webm', 'C:\\a.webm', '..', 'a\u0000.webm'])
      expect(
        refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, filename }) }), 400),
      ).toMatch(/path parts|plain file name/);
    refused(await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, filetype: 'text/html' }) }), 415);
    refused(
      await create({ 'upload-length': '100', 'upload-metadata': meta({ ...good, kind: 'video', question: b.video }) }),
      415,
    );
    refused(await create({ 'upload-length': '0', 'upload-metadata': meta(good) }), 422);
    refused(await create({ 'upload-length': '30000001', 'upload-metadata': meta(good) }), 413);
    // another candidate's attempt: not found
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...tusHeaders(token), 'upload-length': '100', 'upload-metadata': meta(good) },
      }),
      404,
    );
    refused(await t.app.inject({ method: 'POST', url: '/api/uploads', headers: bearer(other) }), 412);
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...bearer(other), 'tus-resumable': '0.2.2', 'upload-length': '100', 'upload-metadata': meta(good) },
      }),
      412,
    );
    const { rows } = await t.database.executeSql<{ n: number }>(
      'SELECT count(*)::int AS n FROM media_uploads WHERE user_exam_id = $1',
      [b.userExamId],
    );
    expect(rows[0]!.n).toBe(1); // otherUpload only
  });

  it('tus PATCH, HEAD and DELETE: ids, offsets, types and sizes', async () => {
    const bytes = readFileSync(media.audio31);
    const id = (await createUpload(t.app, token, audioMeta(), bytes.length)).headers
      .location!.toString()
      .split('/')
      .pop()!;
    for (const bad of ['x', '../../etc/passwd', '0'.repeat(32), 'A'.repeat(32), 'a'.repeat(65), otherUpload])
      for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/uploads/${encodeURIComponent(bad)}`,
          headers: tusHeaders(token),
        });
        expect(res.statusCode, `${method} ${bad}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${bad}`).toBeLessThan(500);
      }
    const patchWith = (headers: Record<string, string>, payload: Buffer = bytes.subarray(0, 10)) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: { ...tusHeaders(token), ...headers },
        payload,
      });
    // JSON or text where bytes belong: refused by the body parser or the tus check, 4xx either way
    refused(await patchWith({ 'content-type': 'application/json', 'upload-offset': '0' }));
    refused(await patchWith({ 'content-type': 'text/plain', 'upload-offset': '0' }));
    refused(await patchWith({ 'content-type': 'application/offset+octet-stream' }), 400);
    refused(await patchWith({ 'content-type': 'application/offset+octet-stream', 'upload-offset': '-1' }), 400);
    refused(await patchWith({ 'content-type': 'application/offset+octet-stream', 'upload-offset': '5' }), 409);
    // more bytes than the declared length
    refused(
      await patchWith(
        { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        Buffer.concat([bytes, Buffer.alloc(1000)]),
      ),
    );
    expect((await patch(t.app, token, id, 0, bytes)).statusCode).toBe(204);
    // a finished upload takes no more bytes
    refused(await patch(t.app, token, id, bytes.length, Buffer.from('more')));
    expect((await audioCall(id)).statusCode).toBe(200);
    // once kept, its upload is gone
    refused(await patch(t.app, token, id, 0, bytes.subarray(0, 10)), 404);
    await t.database.executeSql('DELETE FROM recorded_answers WHERE user_exam_id = $1', [a.userExamId]);
    for (const e of await t.app.ctx.media.list(`recordings/${a.userExamId}/`)) await t.app.ctx.media.delete(e.key);
  });

  it('uploadaudio: bodies, wrong kinds, truncated webm and ogg, zero bytes, another candidate\u2019s upload', async () => {
    refused(await post('/api/test/uploadaudio', {}), 400);
    refused(await post('/api/test/uploadaudio', 'not json', token, { 'content-type': 'application/json' }), 400);
    refused(await post('/api/test/uploadaudio', 'x', token, { 'content-type': 'text/plain' }));
    refused(await audioCall('not-an-id'), 400);
    refused(await audioCall('0'.repeat(32), { examId: 'x' }), 400);
    refused(await audioCall('0'.repeat(32), { examId: -1 }), 400);
    refused(await audioCall('0'.repeat(32), { questionNo: 2 ** 40 }), 400);
    refused(await audioCall('0'.repeat(32)), 404);
    refused(await audioCall(otherUpload), 404);
    refused(await audioCall('0'.repeat(32), { questionNo: a.video }), 400);
    refused(await audioCall('0'.repeat(32), { questionNo: a.choice }), 400);
    refused(await audioCall(otherUpload, { examId: a.userExamId + 1000 }), 404);
    expect(refused(await audioCall(await upload(t.app, token, audioMeta(), truncatedOgg)), 422)).toBeTruthy();
    expect((await audioCall(await upload(t.app, token, audioMeta(), ogg))).statusCode).toBe(200);
    await t.database.executeSql('DELETE FROM recorded_answers WHERE user_exam_id = $1', [a.userExamId]);
    for (const e of await t.app.ctx.media.list(`recordings/${a.userExamId}/`)) await t.app.ctx.media.delete(e.key);
    for (const file of [media.truncated, media.garbage, media.picture])
      refused(await audioCall(await upload(t.app, token, audioMeta(), file)));
    // an audio upload offered as the video answer, and the other way round
    const audioUp = await upload(t.app, token, audioMeta(), media.audio31);
    refused(await videoCall(audioUp), 404);
    const videoUp = await upload(t.app, token, videoMeta(), media.videoA);
    refused(await audioCall(videoUp), 404);
    // a webm with a picture track offered as the spoken answer (browsers label audio-only webm
    // video/webm too): only its sound is kept, as the spec's WAV
    const both = await audioCall(await upload(t.app, token, { ...audioMeta(), filetype: 'video/webm' }, media.videoA));
    expect(both.json()).toMatchObject({ file_name: expect.stringMatching(/\.wav$/) });
    expect((await t.app.ctx.media.list(`recordings/${a.userExamId}/`)).map((e) => e.key)).toEqual([
      expect.stringMatching(/\.wav$/),
    ]);
    // the mismatched uploads stay for their own question (not dropped by a wrong call): given up here
    for (const id of [audioUp, videoUp])
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: tusHeaders(token) })).statusCode,
      ).toBe(204);
    await t.database.executeSql('DELETE FROM recorded_answers WHERE user_exam_id = $1', [a.userExamId]);
    for (const e of await t.app.ctx.media.list(`recordings/${a.userExamId}/`)) await t.app.ctx.media.delete(e.key);
    // A tus DELETE answers 204 once the bytes are gone; the upload's row follows a moment later.
    await vi.waitFor(nothingLeft, { timeout: 5000, interval: 100 });
  });

  it('uploadvideo: a 10-minute video, truncated, audio as video, garbage', async () => {
    refused(await post('/api/test/uploadvideo', {}), 400);
    refused(await videoCall('0'.repeat(32), { recordedTime: 'long' }), 400);
    refused(await videoCall(otherUpload), 404);
    const long = refused(await videoCall(await upload(t.app, token, videoMeta(), media.videoLong)), 422);
    expect(long).toMatch(/./);
    const whole = readFileSync(media.videoA);
    const cut = path.join(dir, 'cut.webm');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 3)));
    refused(await videoCall(await upload(t.app, token, videoMeta(), cut)), 422);
    expect(refused(await videoCall(await upload(t.app, token, videoMeta(), media.audio31)), 415)).toMatch(/no video/);
    refused(await videoCall(await upload(t.app, token, videoMeta(), media.garbage)));
    await nothingLeft();
  });

  it('uploadImg and the validate calls', async () => {
    const jpeg = readFileSync(media.picture);
    const uid = (
      await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.candidate.email])
    ).rows[0]!.id;
    const name = `${uid}_${a.userExamId}_${a.video}.jpg`;
    refused(await post('/api/test/uploadImg', { file: 'x' }), 415);
    for (const bad of [
      '../x.jpg',
      `a/${name}`,
      'still.jpg',
      `${uid}_${a.userExamId}.jpg`,
      `${uid}_${a.userExamId}_${a.video}.gif`,
    ])
      refused(await still(bad, jpeg), 400);
    refused(await still(name, Buffer.alloc(0)), 415);
    refused(await still(name, Buffer.from('not a picture at all')), 415);
    refused(await still(name, Buffer.alloc(3 * 1024 * 1024, 0xff)), 413);
    refused(await still(`${uid}_${a.userExamId}_${a.spoken}.jpg`, jpeg), 400);
    refused(await still(`${uid + 1}_${a.userExamId}_${a.video}.jpg`, jpeg), 400);
    refused(await still(name, jpeg, 'image/jpeg', other), 404);
    expect((await still(name, jpeg)).statusCode).toBe(200);

    refused(await post('/api/test/validateAudioTestData', {}), 400);
    refused(await post('/api/test/validateAudioTestData', { userExamId: 'x', curQues: a.spoken }), 400);
    refused(await post('/api/test/validateAudioTestData', { userExamId: a.userExamId, curQues: a.spoken }, other), 404);
    refused(await post('/api/test/validateVideoTestData', { userExamId: a.userExamId }), 400);
    refused(await post('/api/test/validateVideoTestData', { userExamId: a.userExamId, qid: a.video }, other), 404);
    refused(await post('/api/test/questionAudioPlay', { userExamId: a.userExamId }), 400);
    refused(await post('/api/test/questionAudioPlay', { userExamId: a.userExamId, qid: a.spoken }, other), 404);
  });
});
