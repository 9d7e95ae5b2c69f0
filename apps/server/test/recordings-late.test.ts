import { readFileSync } from 'node:fs';
import type { Analyzer } from '@invigil/analysis';
import { encodePayload, RECORDING_GRACE_SECONDS } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { createUpload, FakeFrames, patch, recordingAttempt, tusHeaders } from './recordings/support.ts';

/**
 * ADR 0161: a time-out during an upload does not lose the recording. An upload the server created
 * before the deadline may finish and be checked and kept within RECORDING_GRACE_SECONDS after the
 * attempt closed (by the browser's automatic submit or the server's sweep); no new upload starts
 * after the deadline, and past the grace the bytes and the upload are refused and swept.
 */
describe('recordings across the deadline', { timeout: 90_000 }, () => {
  let t: TestApp;
  let token: string;
  const media = mediaFixtures();
  const bytes = () => readFileSync(media.audio31);

  const meta = (a: { userExamId: number; spoken: number }) => ({
    attempt: a.userExamId,
    question: a.spoken,
    kind: 'audio',
  });
  const uploadAudio = (a: { userExamId: number; spoken: number }, uploadId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/uploadaudio',
      headers: bearer(token),
      payload: { uploadId, examId: a.userExamId, questionNo: a.spoken },
    });
  /** Time passes: the attempt's deadline is `seconds` ago, its uploads' creation as much earlier. */
  const deadlineAgo = async (userExamId: number, seconds: number) => {
    const shift = `(SELECT deadline_at - (now() - make_interval(secs => $2::int)) FROM user_exams WHERE id = $1)`;
    await t.database.executeSql(`UPDATE media_uploads SET created_at = created_at - ${shift} WHERE user_exam_id = $1`, [
      userExamId,
      seconds,
    ]);
    await t.database.executeSql(
      `UPDATE user_exams SET started_at = started_at - ${shift}, deadline_at = deadline_at - ${shift},
         finished_at = finished_at - ${shift} WHERE id = $1`,
      [userExamId, seconds],
    );
  };
  /** What the browser's automatic submit at the time-out sends. */
  const autoSubmit = (userExamId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/result/submittest/${userExamId}`,
      headers: bearer(token),
      payload: {
        examDetail: encodePayload({ time_remaining: 0 }),
        questionsData: encodePayload([]),
        submitType: 'STANDARD',
        status: '010',
      },
    });
  const state = async (userExamId: number) =>
    (
      await t.database.executeSql<{ status: string; up: number; rec: number }>(
        `SELECT ue.status, (SELECT count(*) FROM media_uploads WHERE user_exam_id = $1)::int AS up,
                (SELECT count(*) FROM recorded_answers WHERE user_exam_id = $1)::int AS rec
           FROM user_exams ue WHERE ue.id = $1`,
        [userExamId],
      )
    ).rows[0];

  beforeAll(async () => {
    t = await createTestApp({}, { analyzer: new FakeFrames() as unknown as Analyzer });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  it('an upload begun before the time-out finishes after the automatic submit and is kept', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const all = bytes();
    const created = await createUpload(t.app, token, meta(a), all.length);
    expect(created.statusCode).toBe(201);
    const id = created.headers.location!.toString().split('/').pop()!;
    const half = Math.floor(all.length / 2);
    expect((await patch(t.app, token, id, 0, all.subarray(0, half))).statusCode).toBe(204);

    // time runs out mid-upload; the browser submits at once (within the save grace: 010)
    await deadlineAgo(a.userExamId, 5);
    // no new recording may start now
    const fresh = await createUpload(t.app, token, meta(a), all.length);
    expect(fresh.json()).toMatchObject({
      statusCode: 409,
      message: 'The time for this test is over: a new recording cannot be sent.',
    });
    expect((await autoSubmit(a.userExamId)).statusCode).toBe(200);
    expect(await state(a.userExamId)).toMatchObject({ status: '010', up: 1, rec: 0 });
    await deadlineAgo(a.userExamId, 120);
    // the sweeps of the closed attempt keep the upload that may still finish
    await t.app.ctx.services.results.sweep();
    expect(await t.app.ctx.services.recordings.sweep()).toBe(0);

    // the rest of the bytes arrive after the close, then the server checks and keeps it
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token) });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await patch(t.app, token, id, half, all.subarray(half))).statusCode).toBe(204);
    const res = await uploadAudio(a, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mongoSaved: true, answer: { qid: a.spoken, mongoSaved: true } });
    expect(await state(a.userExamId)).toMatchObject({ status: '010', up: 0, rec: 1 });
    // support finds it among the attempt's media
    const support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/support/media/${a.userExamId}`,
      headers: bearer(support),
    });
    expect(list.json().items).toEqual([expect.objectContaining({ kind: 'recording', label: 'spoken' })]);
  });

  it('the server\u2019s own time-out close keeps it too: the check closes the attempt and keeps the answer', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const all = bytes();
    const id = (await createUpload(t.app, token, meta(a), all.length)).headers.location!.toString().split('/').pop()!;
    await deadlineAgo(a.userExamId, 60);
    expect((await patch(t.app, token, id, 0, all)).statusCode).toBe(204);
    expect((await uploadAudio(a, id)).statusCode).toBe(200);
    expect(await state(a.userExamId)).toMatchObject({ status: '011', up: 0, rec: 1 });
  });

  it('past the grace the bytes and the check are refused with a 409 and the upload is swept', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const all = bytes();
    const id = (await createUpload(t.app, token, meta(a), all.length)).headers.location!.toString().split('/').pop()!;
    const half = Math.floor(all.length / 2);
    expect((await patch(t.app, token, id, 0, all.subarray(0, half))).statusCode).toBe(204);
    await deadlineAgo(a.userExamId, RECORDING_GRACE_SECONDS + 60);
    await t.app.ctx.services.results.sweep();
    const late = await patch(t.app, token, id, half, all.subarray(half));
    expect(late.json()).toMatchObject({
      statusCode: 409,
      message: 'The test closed too long ago: this recording can no longer be kept.',
    });
    expect((await uploadAudio(a, id)).json()).toMatchObject({ statusCode: 409 });
    expect(await t.app.ctx.services.recordings.sweep()).toBeGreaterThanOrEqual(1);
    expect(await state(a.userExamId)).toMatchObject({ status: '011', up: 0, rec: 0 });
  });

  it('an attempt stopped by proctoring takes no recording after the stop', async () => {
    const a = await recordingAttempt(t, DEMO.candidate.email);
    const all = bytes();
    const id = (await createUpload(t.app, token, meta(a), all.length)).headers.location!.toString().split('/').pop()!;
    expect(await t.app.ctx.services.results.stopForProctoring(a.userExamId, 'multiple_faces')).toBe(true);
    expect((await patch(t.app, token, id, 0, all)).json()).toMatchObject({
      statusCode: 409,
      message: 'This test is not in progress.',
    });
    expect((await uploadAudio(a, id)).json()).toMatchObject({
      statusCode: 409,
      message: 'This test is not in progress.',
    });
  });
});
