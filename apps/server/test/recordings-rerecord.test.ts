import type { Analyzer } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { mediaFixtures } from './recordings/media-fixtures.ts';
import { FakeFrames, recordingAttempt, upload } from './recordings/support.ts';

/**
 * Re-recording a spoken answer: a new take that passes replaces the old one whole (the answer
 * points at the new file, the old file is gone, nothing else is stored); a take that fails leaves
 * the previous good answer as it was; two takes kept at once leave exactly one file, the answer's.
 */
describe('re-recording a spoken answer', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token: string;
  let a: Awaited<ReturnType<typeof recordingAttempt>>;
  const media = mediaFixtures();

  const take = async (file: string) => {
    const id = await upload(t.app, token, { attempt: a.userExamId, question: a.spoken, kind: 'audio' }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/test/uploadaudio',
      headers: bearer(token),
      payload: { uploadId: id, examId: a.userExamId, questionNo: a.spoken },
    });
  };
  /** The answer the server holds, the files stored for the question and what the database keeps. */
  const held = async () => {
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/test/validateAudioTestData',
      headers: bearer(token),
      payload: { userExamId: a.userExamId, curQues: a.spoken },
    });
    const files = (await t.app.ctx.media.list(`recordings/${a.userExamId}/`)).map((e) => e.key);
    const { rows } = await t.database.executeSql<{ up: number; rec: number }>(
      `SELECT (SELECT count(*) FROM media_uploads WHERE user_exam_id = $1)::int AS up,
              (SELECT count(*) FROM recorded_answers WHERE user_exam_id = $1)::int AS rec`,
      [a.userExamId],
    );
    return { path: v.json().answer?.answerResourcePath as string | undefined, files, ...rows[0]! };
  };
  const keyOf = (path: string) => path.replace('/api/result/files/', '');

  beforeAll(async () => {
    t = await createTestApp({}, { analyzer: new FakeFrames() as unknown as Analyzer });
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    a = await recordingAttempt(t, DEMO.candidate.email);
  });
  afterAll(() => t?.close());

  it('a second good take replaces the first: the answer points at it and the old file is gone', async () => {
    const first = await take(media.audio31);
    expect(first.statusCode).toBe(200);
    const before = await held();
    expect(before).toMatchObject({ path: first.json().file_url, files: [keyOf(first.json().file_url)], up: 0, rec: 1 });

    const second = await take(media.audio31);
    expect(second.statusCode).toBe(200);
    const after = await held();
    expect(after.path).toBe(second.json().file_url);
    expect(after.path).not.toBe(before.path);
    expect(after).toMatchObject({ files: [keyOf(after.path!)], up: 0, rec: 1 });
    expect((await t.app.inject({ method: 'GET', url: before.path!, headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: after.path!, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a take that fails its checks leaves the previous good answer intact', async () => {
    const good = await held();
    expect(good.path).toBeDefined();
    for (const [file, type] of [
      [media.silent31, 'noAudio'],
      [media.audio10, 'shortDuration'],
      [media.truncated, 'corruptAudio'],
      [media.garbage, 'corruptAudio'],
    ] as const)
      expect((await take(file)).json()).toMatchObject({ statusCode: 422, type });
    expect(await held()).toEqual(good);
    const file = await t.app.inject({ method: 'GET', url: good.path!, headers: bearer(token) });
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('two takes kept at once leave one answer and exactly its file', async () => {
    const bodies = await Promise.all([take(media.audio31), take(media.audio31)]);
    expect(bodies.map((b) => b.statusCode)).toEqual([200, 200]);
    const now = await held();
    expect([bodies[0]!.json().file_url, bodies[1]!.json().file_url]).toContain(now.path);
    expect(now).toMatchObject({ files: [keyOf(now.path!)], up: 0, rec: 1 });
  });
});
