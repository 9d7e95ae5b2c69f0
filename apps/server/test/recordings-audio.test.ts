import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Analyzer } from '@invigil/analysis';
import { decodePayload, encodePayload, type QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { createUpload, FakeFrames, patch, recordingAttempt, tusHeaders, upload } from './recordings/support.ts';

/**
 * Issue 14: a spoken answer (28) goes up resumably (tus), then uploadaudio has the server measure
 * it (ffprobe / ffmpeg: length, audio level, wholeness) and keep it as the question's answer, or
 * refuse it with the spec's error and keep nothing.
 */
describe('spoken answers: tus upload, server checks, uploadaudio', { timeout: 90_000 }, () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let a: Awaited<ReturnType<typeof recordingAttempt>>;
  const media = mediaFixtures();

  /** Nothing of a refused upload is left: no row, no bytes in the tus store, no stored file, no answer. */
  async function nothingLeft() {
    const counts = await t.database.executeSql<{ up: number; rec: number }>(
      `SELECT (SELECT count(*) FROM media_uploads WHERE user_exam_id = $1)::int AS up,
              (SELECT count(*) FROM recorded_answers WHERE user_exam_id = $1)::int AS rec`,
      [a.userExamId],
    );
    expect(counts.rows[0]).toEqual({ up: 0, rec: 0 });
    const uploads = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(await t.app.ctx.media.list(`recordings/${a.userExamId}/`)).toEqual([]);
  }

  const uploadAudio = (id: string, tok = token, ue = a.userExamId, q = a.spoken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/uploadaudio',
      headers: bearer(tok),
      payload: { uploadId: id, examId: ue, questionNo: q, windowSwitchCount: 0, remainingTime: 1700 },
    });
  const meta = (over: Record<string, unknown> = {}) => ({
    attempt: a.userExamId,
    question: a.spoken,
    kind: 'audio',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp({}, { analyzer: new FakeFrames() as unknown as Analyzer });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    other = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    a = await recordingAttempt(t, DEMO.candidate.email);
  });
  afterAll(() => t?.close());

  it('refuses what is not a usable spoken answer, each with its 4xx, and keeps nothing', async () => {
    const refused = async (file: string, over: Record<string, unknown> = {}) =>
      (await uploadAudio(await upload(t.app, token, meta(over), file))).json();
    expect(await refused(media.audio10)).toMatchObject({ statusCode: 422, type: 'shortDuration' });
    expect(await refused(media.silent31)).toMatchObject({
      statusCode: 422,
      type: 'noAudio',
      message: 'No audio was detected in your recording. Please ensure your microphone is working and try again.',
    });
    expect(await refused(media.garbage)).toMatchObject({ statusCode: 422, type: 'corruptAudio' });
    expect(await refused(media.truncated)).toMatchObject({ statusCode: 422, type: 'corruptAudio' });
    // a picture sent as audio/webm: ffprobe reads what it is
    expect(await refused(media.picture)).toMatchObject({ statusCode: 415 });
    // refused before any byte is sent
    const create = (over: Record<string, unknown>, length = 1000) => createUpload(t.app, token, meta(over), length);
    expect((await create({}, 0)).json()).toMatchObject({
      statusCode: 422,
      message: 'Uploaded audio file is empty',
      type: 'noAudio',
    });
    expect((await create({}, 30_000_001)).statusCode).toBe(413);
    expect((await create({ filetype: 'application/pdf' })).statusCode).toBe(415);
    expect((await create({ filename: '../../etc/passwd' })).json().message).toMatch(/no path parts/);
    expect((await create({ filename: 'C:\\answer.webm' })).statusCode).toBe(400);
    expect((await create({ kind: 'video', filetype: 'video/webm' })).json().message).toMatch(
      /not a video interview question/,
    );
    expect((await create({ question: a.choice })).statusCode).toBe(400);
    expect((await createUpload(t.app, other, meta(), 1000)).statusCode).toBe(404);
    const noTus = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: bearer(token) });
    expect(noTus.statusCode).toBe(412);
    await nothingLeft();
  });

  it('resumes from the acknowledged byte, and only its owner may touch the upload', async () => {
    const bytes = (await import('node:fs')).readFileSync(media.audio31);
    const id = (await createUpload(t.app, token, meta(), bytes.length)).headers.location!.toString().split('/').pop()!;
    const half = Math.floor(bytes.length / 2);
    expect((await patch(t.app, token, id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    // another candidate: not found, whatever they try
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const)
      expect((await t.app.inject({ method, url: `/api/uploads/${id}`, headers: tusHeaders(other) })).statusCode).toBe(
        404,
      );
    expect((await uploadAudio(id, other)).statusCode).toBe(404);
    // not finished yet: not checked, not answered
    expect((await uploadAudio(id)).json()).toMatchObject({ statusCode: 409, offset: half, size: bytes.length });
    // a PATCH from a stale offset is refused without changing anything
    expect((await patch(t.app, token, id, 0, bytes.subarray(0, 10))).statusCode).toBe(409);
    expect((await patch(t.app, token, id, half, bytes.subarray(half))).statusCode).toBe(204);
    const first = await uploadAudio(id);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      mongoSaved: true,
      file_name: `Asha_Rao_${a.userExamId}_${a.spoken}.wav`,
      answer: { qid: a.spoken, mongoSaved: true, descriptiveText: 'Not Required', buttonStyle: 'Answered' },
    });
    expect(body.file_url).toMatch(
      new RegExp(
        `^/api/result/files/recordings/${a.userExamId}/${a.spoken}/\\d+-[0-9a-f]{8}-Asha_Rao_${a.userExamId}_${a.spoken}\\.wav$`,
      ),
    );
    expect(body.answer.answerResourcePath).toBe(body.file_url);
    expect(body.answer.recordedTime).toBeGreaterThanOrEqual(30.5);
    expect(body.answer.recordedTime).toBeLessThan(32);
    expect(decodePayload<unknown[]>(body.updatedTestData)).toHaveLength(1);
    // the reply was lost and the call comes again: the same answer, nothing checked twice
    expect((await uploadAudio(id)).json()).toEqual({ ...body, examDetail: expect.any(String) });
    // the tus bytes and the upload row are gone once the answer is kept
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) })).statusCode,
    ).toBe(404);
  });

  it('keeps the answer as WAV for its candidate and staff, never another candidate; players get signed URLs', async () => {
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/test/validateAudioTestData',
      headers: bearer(token),
      payload: { userExamId: a.userExamId, curQues: a.spoken },
    });
    const url = v.json().answer.answerResourcePath as string;
    const own = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/wav');
    expect(own.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other) })).statusCode).toBe(404);
    const support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(support) })).statusCode).toBe(200);
    // the candidate's player: a short-lived signed URL, no token, ranges for seeking
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/result/downloadfile',
      headers: bearer(token),
      payload: { url },
    });
    const signed = link.json().file_url as string;
    expect(signed).toMatch(/^\/api\/media\/signed\/recordings\//);
    const part = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('RIFF');
    const media = await t.app.inject({
      method: 'GET',
      url: `/api/support/media/${a.userExamId}`,
      headers: bearer(support),
    });
    expect(media.json().items).toEqual([
      expect.objectContaining({
        kind: 'recording',
        label: 'spoken',
        contentType: 'audio/wav',
        detail: expect.objectContaining({ question: a.spoken }),
      }),
    ]);
  });

  it('answers the question from the server\u2019s recording, never from what the browser saved', async () => {
    // the browser claims a recording for the video question it never uploaded
    const forged = encodePayload([{ qid: a.video, seq: 5, answerResourcePath: '/x.webm', buttonStyle: 'Answered' }]);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/test/answeredQuestions',
      headers: bearer(token),
      payload: { id: a.userExamId, quesData: forged, examDetail: encodePayload({}) },
    });
    expect(save.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/userTest',
      headers: bearer(token),
      payload: { examId: a.userExamId, selectedLanguage: 'en-IN' },
    });
    const items = decodePayload<QuestionItem[]>(res.json().quesData);
    const spoken = items.find((q) => q.qid === a.spoken)!;
    const video = items.find((q) => q.qid === a.video)!;
    expect(spoken).toMatchObject({ answerStatus: true, mongoSaved: true, descriptiveText: 'Not Required' });
    expect(spoken.answerResourcePath).toMatch(new RegExp(`^/api/result/files/recordings/${a.userExamId}/${a.spoken}/`));
    expect(video.answerStatus).toBe(false);
    expect(video.answerResourcePath).toBeUndefined();
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/test/validateAudioTestData',
      headers: bearer(token),
      payload: { userExamId: a.userExamId, curQues: a.spoken, firstname: 'Asha', lastname: 'Rao' },
    });
    expect(v.json()).toMatchObject({
      mongoSaved: true,
      updatedQuestions: 1,
      totalQuestions: 3,
      answer: { qid: a.spoken },
    });
  });

  it('leaves recorded answers out of the automatic score', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/result/submittest/${a.userExamId}`,
      headers: bearer(token),
      payload: {
        examDetail: encodePayload({ time_remaining: 1000 }),
        questionsData: encodePayload([{ qid: a.choice, seq: 9, selectedChoiceId: String(a.rightChoice) }]),
        submitType: 'STANDARD',
        status: '010',
      },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.database.executeSql<{ obtained_marks: string; total_marks: string }>(
      'SELECT obtained_marks, total_marks FROM user_exams WHERE id = $1',
      [a.userExamId],
    );
    // 2 of 2: the spoken (5) and video (5) marks are for a person to give
    expect(rows[0]).toMatchObject({
      obtained_marks: expect.stringMatching(/^2(\.0+)?$/),
      total_marks: expect.stringMatching(/^2(\.0+)?$/),
    });
  });
});
