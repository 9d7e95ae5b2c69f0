import { readFileSync } from 'node:fs';
import type { Analyzer } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { createUpload, FakeFrames, recordingAttempt, upload, userId } from './recordings/support.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/analysis/test/fixtures/${name}`, import.meta.url));

function stillForm(token: string, name: string, bytes: Buffer) {
  const boundary = '----invigil' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Issue 14: a video interview answer (27) is checked on the server from the file it received:
 * length (30 s to 4 min), audio level, and faces on frames it samples (a fake engine tells the
 * pictures apart by width), matched against the primary picture or, without one, the start still.
 */
describe('video interview answers: uploadImg, uploadvideo, the server\u2019s checks', { timeout: 90_000 }, () => {
  let t: TestApp;
  let token: string;
  let engine: FakeFrames;
  const media = mediaFixtures();

  beforeAll(async () => {
    engine = new FakeFrames();
    t = await createTestApp({}, { analyzer: engine as unknown as Analyzer });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  const send = async (a: { userExamId: number; video: number }, file: string) => {
    const id = await upload(
      t.app,
      token,
      {
        attempt: a.userExamId,
        question: a.video,
        kind: 'video',
        filetype: 'video/webm;codecs=vp8,opus',
        filename: 'answer.webm',
      },
      file,
      2,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/test/uploadvideo',
      headers: bearer(token),
      payload: { uploadId: id, examId: a.userExamId, questionNo: a.video, recordedTime: 31, facialData: [] },
    });
  };

  it('keeps a video whose face matches the still taken at its start, once', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const me = await userId(t, DEMO.candidate.email);
    const img = await t.app.inject({
      method: 'POST',
      url: '/api/test/uploadImg',
      ...stillForm(token, `${me}_${a.userExamId}_${a.video}.jpg`, fixture('astronaut.jpg')),
    });
    expect(img.json().imageUrl).toMatch(
      new RegExp(`^/api/result/files/recordings/${a.userExamId}/${a.video}/\\d+-still\\.jpg$`),
    );
    // the still's name must be the candidate's own, with no path parts
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/uploadImg',
      ...stillForm(token, `../${me}_${a.userExamId}_${a.video}.jpg`, fixture('astronaut.jpg')),
    });
    expect(bad.statusCode).toBe(400);
    const res = await send(a, media.videoA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mongoSaved: true, answer: { qid: a.video } });
    const videoUrl = res.json().videoUrl as string;
    expect(videoUrl).toMatch(
      new RegExp(
        `^/api/result/files/recordings/${a.userExamId}/${a.video}/\\d+-[0-9a-f]{8}-\\d+_${a.userExamId}_${a.video}\\.webm$`,
      ),
    );
    expect(res.json().answer.answerResourcePath).toBe(videoUrl);
    const { rows } = await t.database.executeSql<{
      checks: { frames: unknown[]; reference: string; keyFramesOnly: boolean };
      content_type: string;
    }>('SELECT checks, content_type FROM recorded_answers WHERE user_exam_id = $1 AND question_id = $2', [
      a.userExamId,
      a.video,
    ]);
    // 31 s: frames 5 s apart after the first second, from key frames alone
    expect(rows[0]).toMatchObject({ content_type: 'video/webm', checks: { reference: 'still', keyFramesOnly: true } });
    expect(rows[0]!.checks.frames.length).toBe(5);
    const file = await t.app.inject({ method: 'GET', url: videoUrl, headers: bearer(token) });
    expect(file.headers['content-type']).toBe('video/webm');
    // re-muxed: a player can seek it (a duration in the header, cues)
    expect(file.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    // Start is disabled once a video is saved: the server refuses another upload too
    const again = await createUpload(
      t.app,
      token,
      { attempt: a.userExamId, question: a.video, kind: 'video', filetype: 'video/webm' },
      1000,
    );
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'A video is already saved for this question.' });
  });

  it('refuses a video without the candidate\u2019s face, too short, silent or too long, keeping nothing', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    // a primary picture of person A, as the camera setup keeps it (ADR 0100)
    await t.database.executeSql(
      `INSERT INTO proctoring_images (user_exam_id, user_id, kind, media_key, size_bytes, embedding)
       VALUES ($1, $2, 'primary', 'proctoring/x/primary.jpg', 1, '[1,0,0,0]'::jsonb)`,
      [a.userExamId, await userId(t, DEMO.candidate.email)],
    );
    const type = async (file: string) => (await send(a, file)).json();
    expect(await type(media.videoNoFace)).toMatchObject({ statusCode: 422, type: 'faceNotDetected' });
    expect(await type(media.videoTwo)).toMatchObject({ statusCode: 422, type: 'multipleFaces' });
    expect(await type(media.videoB)).toMatchObject({
      statusCode: 422,
      type: 'faceNotMatching',
      message: "Your face doesn't match with your registered profile...",
    });
    // the face not recognised but leaning out of the picture: not seen well, never "doesn't match" (ADR 0244)
    expect(await type(media.videoBCut)).toMatchObject({ statusCode: 422, type: 'faceNotDetected' });
    expect(await type(media.videoShort)).toMatchObject({ statusCode: 422, type: 'shortDuration' });
    expect(await type(media.videoSilent)).toMatchObject({ statusCode: 422, type: 'noAudio' });
    const framesBefore = engine.frames;
    expect(await type(media.videoLong)).toMatchObject({
      statusCode: 422,
      message: 'The video is longer than 4 minutes (04.00 min).',
    });
    expect(engine.frames).toBe(framesBefore);
    // an audio recording sent as the video: 415
    expect(await type(media.audio31)).toMatchObject({ statusCode: 415 });
    const { rows } = await t.database.executeSql<{ up: number; rec: number }>(
      `SELECT (SELECT count(*) FROM media_uploads WHERE user_exam_id = $1)::int AS up,
              (SELECT count(*) FROM recorded_answers WHERE user_exam_id = $1)::int AS rec`,
      [a.userExamId],
    );
    expect(rows[0]).toEqual({ up: 0, rec: 0 });
    // and a video of the right person is kept
    expect((await send(a, media.videoA)).statusCode).toBe(200);
  });
});
