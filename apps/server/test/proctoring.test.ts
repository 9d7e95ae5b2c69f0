import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_PIXELS } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

// one local analysis worker is enough here; it only starts for the tests that analyse a real picture or clip
const analysis = { ...loadConfig({}).analysis, workers: 1 };

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/analysis/test/fixtures/${name}`, import.meta.url));
const b64 = (b: Buffer) => b.toString('base64');

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = '----invigil' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="sample.wav"\r\nContent-Type: ${file.type ?? 'audio/wav'}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG claiming width x height: its signature and IHDR chunk, then a little data. */
function pngClaiming(width: number, height: number): Buffer {
  const b = Buffer.alloc(33 + 512);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return b;
}

function wav(samples: Float32Array, rate = 16_000): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

describe('proctoring API', () => {
  let t: TestApp;
  let cand: string;
  let cand2: string;
  let admin: string;
  let support: string;
  let ue1: number;
  let ue2: number;

  beforeAll(async () => {
    t = await createTestApp({ analysis });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    cand2 = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const { rows } = await t.database.executeSql(
      `SELECT ue.id, u.email FROM user_exams ue JOIN users u ON u.id = ue.user_id WHERE u.email IN ($1, $2) ORDER BY ue.id`,
      [DEMO.candidate.email, DEMO.candidate2.email],
    );
    ue1 = rows.find((r) => r.email === DEMO.candidate.email).id;
    ue2 = rows.find((r) => r.email === DEMO.candidate2.email).id;
    await t.database.executeSql(
      `UPDATE exams SET settings = settings || '{"photo_timer": 60, "photo_matching": 1, "photo_action": "S", "speaker_dialect": true, "monitoringflag": 1}'::jsonb
       WHERE id = (SELECT exam_id FROM user_exams WHERE id = $1)`,
      [ue1],
    );
  });
  afterAll(() => t?.close());

  const post = (url: string, token: string | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

  it('needs a signed-in user on every call', async () => {
    for (const url of [
      '/api/facial-analysis/single-face',
      '/api/facial-analysis/face-match',
      '/api/test/getaudio',
      '/api/test/saveImage',
      '/api/test/saveErrorImage',
      '/api/test/savePrimaryImage',
      '/api/test/sendPrimaryImage',
      '/api/test/getMonitoringData',
    ]) {
      const res = await post(url, null, {});
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses bad pictures with a clear 4xx before any analysis', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /primaryImage/],
      [{ primaryImage: '' }, 400, /empty/],
      [{ primaryImage: '###not-base64###' }, 400, /base64/],
      [{ primaryImage: b64(Buffer.from('just some text, not a picture')) }, 400, /JPEG, PNG or WebP/],
    ];
    for (const [body, status, msg] of cases) {
      const res = await post('/api/facial-analysis/single-face', cand, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(msg);
    }
    const huge = await post('/api/facial-analysis/single-face', cand, { primaryImage: 'A'.repeat(11 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const match = await post('/api/facial-analysis/face-match', cand, {
      primaryImage: b64(fixture('astronaut.jpg')),
      currentImage: 'QUJD',
    });
    expect(match.statusCode).toBe(400);
    expect(match.json().message).toMatch(/currentImage/);
  });

  it('monitoring settings come from the exam, with the spec defaults', async () => {
    const own = await post('/api/test/getMonitoringData', cand, { userexamid: ue1, instanceid: 1 });
    expect(own.statusCode).toBe(200);
    expect(own.json().result).toEqual({
      photo_timer: 60,
      photo_matching: true,
      photo_action: 'S',
      speaker_dialect: true,
      audio_action: 'C',
      monitoring: true,
    });
    const other = await post('/api/test/getMonitoringData', cand2, { userexamid: ue2 });
    expect(other.json().result).toMatchObject({ photo_timer: 120, photo_action: 'C', audio_action: 'C' });
    // Another candidate's attempt answers exactly as a missing one (ADR 0050); staff may read it.
    const foreign = await post('/api/test/getMonitoringData', cand2, { userexamid: ue1 });
    const missing = await post('/api/test/getMonitoringData', cand, { userexamid: 999999 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'User exam not found.' });
    expect((await post('/api/test/getMonitoringData', admin, { userexamid: ue1 })).statusCode).toBe(200);
    expect((await post('/api/test/getMonitoringData', support, { userexamid: ue1 })).statusCode).toBe(200);
  });

  it('keeps the primary picture per user-exam and only for its owner', async () => {
    const jpeg = fixture('astronaut.jpg');
    const none = await post('/api/test/sendPrimaryImage', cand, { userid: 1, userexamid: ue1 });
    expect(none.json()).toEqual({ primaryImage: { imagepath: null } });
    const saved = await post('/api/test/savePrimaryImage', cand, {
      userid: 1,
      userexamid: ue1,
      instanceid: 1,
      imagePath: `data:image/jpeg;base64,${b64(jpeg)}`,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ msg: 'SUCCESS' });
    const sent = await post('/api/test/sendPrimaryImage', cand, { userid: 1, userexamid: String(ue1) });
    expect(sent.json().primaryImage.imagepath).toBe(`data:image/jpeg;base64,${b64(jpeg)}`);
    expect((await post('/api/test/sendPrimaryImage', cand2, { userexamid: ue1 })).statusCode).toBe(404);
    expect((await post('/api/test/sendPrimaryImage', support, { userexamid: ue1 })).statusCode).toBe(200);
    expect(
      (await post('/api/test/savePrimaryImage', cand2, { userexamid: ue1, imagePath: b64(jpeg) })).statusCode,
    ).toBe(404);
    // Staff read; only the candidate stores.
    expect(
      (await post('/api/test/savePrimaryImage', support, { userexamid: ue1, imagePath: b64(jpeg) })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/test/savePrimaryImage', cand, { userexamid: ue1, imagePath: b64(Buffer.from('not an image')) }))
        .statusCode,
    ).toBe(400);
  });

  it('saves regular and error pictures with their tags through the media storage', async () => {
    const img = `data:image/jpeg;base64,${b64(fixture('coffee.jpg'))}`;
    const ok = await post('/api/test/saveImage', cand, {
      userid: 1,
      userexamid: ue1,
      instanceid: 1,
      imagePath: img,
      expression1: 'happy',
      expression2: 'neutral',
      photo_tag: 'regular',
    });
    expect(ok.json()).toEqual({ msg: 'SUCCESS' });
    const err = await post('/api/test/saveErrorImage', cand, {
      userid: 1,
      userexamid: ue1,
      facecount: 1,
      error: 'O',
      imagePath: img,
      expression1: 'neutral',
      expression2: '',
      photo_tag: 'objectDetected',
      objects_detected: 'cell phone,book',
      objects_count: 2,
    });
    expect(err.json()).toEqual({ msg: 'SUCCESS' });
    expect(
      (await post('/api/test/saveErrorImage', cand, { userexamid: ue1, error: 'X', imagePath: img })).statusCode,
    ).toBe(400);
    expect((await post('/api/test/saveImage', cand2, { userexamid: ue1, imagePath: img })).statusCode).toBe(404);
    const { rows } = await t.database.executeSql(
      `SELECT kind, error_code, photo_tag, objects_detected, objects_count, media_key FROM proctoring_images WHERE user_exam_id = $1 ORDER BY id`,
      [ue1],
    );
    expect(rows.map((r) => r.kind)).toEqual(['primary', 'regular', 'error']);
    expect(rows[2]).toMatchObject({
      error_code: 'O',
      photo_tag: 'objectDetected',
      objects_detected: ['cell phone', 'book'],
      objects_count: 2,
    });
    expect((await t.app.ctx.media.get(rows[1].media_key))?.equals(fixture('coffee.jpg'))).toBe(true);
  });

  it('refuses a picture larger than analysis accepts with 422 before storing anything (issue 11, item 15)', async () => {
    const dir = path.join(t.config.dataDir, 'media', 'proctoring', String(ue2));
    const stored = async () => ({
      rows: Number(
        (await t.database.executeSql('SELECT count(*)::int AS n FROM proctoring_images WHERE user_exam_id = $1', [ue2]))
          .rows[0].n,
      ),
      files: existsSync(dir) ? readdirSync(dir).length : 0,
    });
    const before = await stored();
    const imagePath = `data:image/png;base64,${b64(pngClaiming(30_000, 30_000))}`;
    for (const [url, body] of [
      ['/api/test/savePrimaryImage', { userexamid: ue2, imagePath }],
      ['/api/test/saveImage', { userexamid: ue2, imagePath, photo_tag: 'regular' }],
      ['/api/test/saveErrorImage', { userexamid: ue2, imagePath, error: 'N' }],
    ] as const) {
      const res = await post(url, cand2, body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({
        statusCode: 422,
        code: 'IMAGE_DIMENSIONS_TOO_LARGE',
        message: `imagePath is 30000x30000 pixels; at most ${MAX_IMAGE_PIXELS} pixels (40 megapixels) are accepted`,
      });
    }
    expect(await stored()).toEqual(before);
    const primary = await post('/api/test/sendPrimaryImage', cand2, { userexamid: ue2 });
    expect(primary.json()).toEqual({ primaryImage: { imagepath: null } });
    // A picture of a size analysis takes is still stored.
    const ok = await post('/api/test/savePrimaryImage', cand2, {
      userexamid: ue2,
      imagePath: b64(fixture('astronaut.jpg')),
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it('getaudio refuses missing, empty, corrupt and silent audio with a clear 4xx', async () => {
    const send = (fields: Record<string, string>, file?: Buffer, token = cand) => {
      const m = multipart(fields, file ? { name: 'audiofile', data: file } : undefined);
      return t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(token), ...m.headers },
        payload: m.payload,
      });
    };
    const json = await post('/api/test/getaudio', cand, { userexamid: ue1 });
    expect(json.statusCode).toBe(415);
    expect((await send({ userexamid: String(ue1) })).statusCode).toBe(400);
    expect((await send({}, wav(new Float32Array(16000)))).statusCode).toBe(400);
    const empty = await send({ userexamid: String(ue1) }, Buffer.alloc(0));
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Uploaded audio file is empty']);
    const corrupt = await send(
      { userexamid: String(ue1) },
      Buffer.from('RIFF\x00\x00\x00\x00WAVEthis is not audio at all'.repeat(20)),
    );
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().message).toMatch(/could not be decoded/);
    const silent = await send({ userexamid: String(ue1) }, wav(new Float32Array(16000 * 15)));
    expect(silent.statusCode).toBe(422);
    expect(silent.json().message).toMatch(/No audio was detected/);
    const big = await send({ userexamid: String(ue1) }, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect((await send({ userexamid: String(ue1) }, wav(new Float32Array(16000)), cand2)).statusCode).toBe(404);
  });

  describe('with the analysis workers running', () => {
    it('two candidates analysed back to back never share a result', async () => {
      const face = b64(fixture('astronaut.jpg'));
      const empty = b64(fixture('coffee.jpg'));
      const a1 = await post('/api/facial-analysis/single-face', cand, { primaryImage: face });
      const b1 = await post('/api/facial-analysis/single-face', cand2, { primaryImage: empty });
      const a2 = await post('/api/facial-analysis/single-face', cand, { primaryImage: face });
      const b2 = await post('/api/facial-analysis/single-face', cand2, { primaryImage: empty });
      expect([a1, b1, a2, b2].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(a1.json()).toEqual({
        face_detected: true,
        multiple_faces: false,
        face_count: 1,
        object_detected: false,
        object_names: [],
      });
      expect(b1.json()).toMatchObject({ face_detected: false, face_count: 0 });
      expect(a2.json().face_count).toBe(1);
      expect(b2.json().face_count).toBe(0);
    }, 120_000);

    it('face-match answers the spec shape; a corrupt picture is a 400 and the worker survives', async () => {
      const face = b64(fixture('astronaut.jpg'));
      const res = await post('/api/facial-analysis/face-match', cand, { primaryImage: face, currentImage: face });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        face_match: true,
        step: 'face_comparison',
        error_message: null,
      });
      expect(res.json().current_image_analysis.analysis.expressions.all_emotions).toHaveProperty('surprised');
      const noFace = await post('/api/facial-analysis/face-match', cand, {
        primaryImage: b64(fixture('coffee.jpg')),
        currentImage: face,
      });
      expect(noFace.json()).toMatchObject({ success: false, error_message: 'No face detected in primary image' });
      const broken = await post('/api/facial-analysis/single-face', cand, {
        primaryImage: b64(fixture('astronaut.jpg').subarray(0, 700)),
      });
      expect(broken.statusCode).toBe(400);
      const again = await post('/api/facial-analysis/single-face', cand, { primaryImage: face });
      expect(again.json().face_count).toBe(1);
      const stats = await t.app.inject({ method: 'GET', url: '/api/facial-analysis/stats', headers: bearer(admin) });
      expect(stats.json()).toMatchObject({ workers: 1, ready: 1, restarts: 0 });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/facial-analysis/stats', headers: bearer(cand) })).statusCode,
      ).toBe(403);
    }, 120_000);

    it('getaudio counts the speakers of a sample and records the check', async () => {
      const tone = Float32Array.from({ length: 16000 * 5 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 440 * i) / 16000));
      const m = multipart({ userexamid: String(ue1) }, { name: 'audiofile', data: wav(tone) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand), ...m.headers },
        payload: m.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ speakers: 0, duration_seconds: 5 });
      const { rows } = await t.database.executeSql(
        `SELECT speakers FROM proctoring_audio_checks WHERE user_exam_id = $1`,
        [ue1],
      );
      expect(rows).toEqual([{ speakers: 0 }]);
    }, 120_000);
  });
});
