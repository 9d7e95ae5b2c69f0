import { decodePayload, encodePayload, type QuestionItem } from '@invigil/contracts';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { recordingAttempt } from './recordings/support.ts';

/**
 * The spoken answer's question audio: at most 3 plays per attempt and question, counted by the
 * server (questionAudioPlay); the 4th is refused with the spec's text, and a reload (userTest)
 * or a forged save does not reset the count.
 */
/** An imported question's audio in the media port (ID3 header: what an MP3 starts with). */
const AUDIO_KEY = `items/${'ab'.repeat(16)}/q.mp3`;
const AUDIO_PATH = `/media/${AUDIO_KEY}`;
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]);

describe('question audio plays, counted on the server', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let a: Awaited<ReturnType<typeof recordingAttempt>>;

  const play = (qid = a.spoken, tok = token, userExamId = a.userExamId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/questionAudioPlay',
      headers: bearer(tok),
      payload: { userExamId, qid },
    });
  const spokenItem = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/userTest',
      headers: bearer(token),
      payload: { examId: a.userExamId, selectedLanguage: 'en-IN' },
    });
    expect(res.statusCode).toBe(200);
    return decodePayload<QuestionItem[]>(res.json().quesData).find((q) => q.qid === a.spoken)!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    other = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    a = await recordingAttempt(t, DEMO.candidate.email);
    await t.app.ctx.media.put(AUDIO_KEY, MP3, 'audio/mpeg');
    await t.database.executeSql(`UPDATE questions SET resource_path = $2 WHERE id = $1`, [a.spoken, AUDIO_PATH]);
  });
  afterAll(() => t?.close());

  it('allows three plays, refuses the fourth with the spec\u2019s text, and a reload keeps the count', async () => {
    expect((await spokenItem()).audioButtonCount).toBeUndefined();
    for (let n = 1; n <= 3; n++)
      expect((await play()).json()).toMatchObject({ plays: n, playsLeft: 3 - n, url: expect.any(String) });
    expect((await spokenItem()).audioButtonCount).toBe(3);
    for (let i = 0; i < 2; i++)
      expect((await play()).json()).toMatchObject({
        statusCode: 409,
        message: 'Limit reached: Play audio up to 3 times only.',
        plays: 4,
        playsLeft: 0,
      });
    // the browser saves a count of its own (an edited page): the server's stands
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/test/answeredQuestions',
      headers: bearer(token),
      payload: {
        id: a.userExamId,
        quesData: encodePayload([{ qid: a.spoken, seq: 3, audioButtonCount: 0, buttonStyle: 'Not Answered' }]),
        examDetail: encodePayload({}),
      },
    });
    expect(save.statusCode).toBe(200);
    expect((await spokenItem()).audioButtonCount).toBe(4);
    expect((await play()).statusCode).toBe(409);
  });

  it('concurrent plays never pass the limit', async () => {
    const b = await recordingAttempt(t, DEMO.candidate.email);
    await t.database.executeSql(`UPDATE questions SET resource_path = $2 WHERE id = $1`, [b.spoken, AUDIO_PATH]);
    const codes = (await Promise.all(Array.from({ length: 6 }, () => play(b.spoken, token, b.userExamId)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
  });

  it('refuses another candidate, a question without audio and a closed attempt', async () => {
    expect((await play(a.spoken, other)).statusCode).toBe(404);
    expect((await play(a.choice)).json()).toMatchObject({ statusCode: 400, message: /has no question audio/ });
    expect((await play(a.video)).statusCode).toBe(400);
    expect((await play(999_999)).json()).toMatchObject({ statusCode: 400, message: /not part of this test/ });
    await t.database.executeSql(`UPDATE user_exams SET status = '010' WHERE id = $1`, [a.userExamId]);
    expect((await play()).json()).toMatchObject({ statusCode: 409, message: 'This test is not in progress.' });
  });

  it('hands the audio out only through a counted play: its own path is refused, the signed URL expires', async () => {
    const c = await recordingAttempt(t, DEMO.candidate.email);
    await t.database.executeSql(`UPDATE questions SET resource_path = $2 WHERE id = $1`, [c.spoken, AUDIO_PATH]);
    // The file's own path (in the question's payload, or read off a signed URL) does not play.
    const direct = await t.app.inject({ method: 'GET', url: AUDIO_PATH });
    expect(direct.statusCode).toBe(403);
    expect(direct.json().message).toMatch(/plays only from its test/);
    expect((await t.app.inject({ method: 'HEAD', url: AUDIO_PATH })).statusCode).toBe(403);
    // Spelled differently, the same file: encoded, with repeated slashes or dot segments.
    for (const url of [
      AUDIO_PATH.replace('q.mp3', 'q%2Emp3'),
      `/${AUDIO_PATH}`,
      AUDIO_PATH.replace('/items/', '/items//'),
      AUDIO_PATH.replace('/items/', '/x/../items/./'),
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(200);
    // The demo tests' question audio too (a file of the web app's public folder).
    expect((await t.app.inject({ method: 'GET', url: '/media/exam-demo/spoken-question.mp3' })).statusCode).toBe(403);
    // A counted play gives a signed URL that serves the bytes, with ranges, without a token.
    const grant = (await play(c.spoken, token, c.userExamId)).json();
    expect(grant.url).toMatch(/^\/api\/media\/signed\/items\/[a-f0-9]{32}\/q\.mp3\?exp=\d+&d=i&sig=[0-9a-f]{64}$/);
    expect(Date.parse(grant.expiresAt) - Date.now()).toBeLessThanOrEqual(t.config.media.urlTtlSeconds * 1000);
    const whole = await t.app.inject({ method: 'GET', url: grant.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(MP3)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: grant.url, headers: { range: 'bytes=0-2' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ID3');
    // Altered, it is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: grant.url.replace(/exp=\d+/, 'exp=99999999999') })).statusCode,
    ).toBe(403);
  });

  it('a missing audio file is a 404 and no play is counted', async () => {
    const d = await recordingAttempt(t, DEMO.candidate.email);
    await t.database.executeSql(`UPDATE questions SET resource_path = $2 WHERE id = $1`, [
      d.spoken,
      `/media/items/${'cd'.repeat(16)}/gone.mp3`,
    ]);
    expect((await play(d.spoken, token, d.userExamId)).json()).toMatchObject({ statusCode: 404, message: /missing/ });
    await t.app.ctx.media.put(`items/${'cd'.repeat(16)}/gone.mp3`, MP3, 'audio/mpeg');
    expect((await play(d.spoken, token, d.userExamId)).json()).toMatchObject({ plays: 1, playsLeft: 2 });
  });

  it('other imported audio (not a spoken question\u2019s) is still served by its path', async () => {
    const key = `items/${'ef'.repeat(16)}/listen.mp3`;
    await t.app.ctx.media.put(key, MP3, 'audio/mpeg');
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('the demo tests\u2019 question audio', () => {
  let w: TestApp;
  beforeAll(async () => {
    // The app as it runs from the repository: the web build's folder (its public folder beside it).
    w = await createTestApp({ webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)) });
  });
  afterAll(() => w?.close());
  const playOn = (app: TestApp, tok: string, userExamId: number, qid: number) =>
    app.app.inject({
      method: 'POST',
      url: '/api/test/questionAudioPlay',
      headers: bearer(tok),
      payload: { userExamId, qid },
    });

  it('the demo question audio is copied into the media port once and served signed', async () => {
    const e = await recordingAttempt(w, DEMO.candidate.email);
    const tok = await loginAs(w.app, DEMO.candidate.email, DEMO.candidate.password);
    await w.database.executeSql(
      `UPDATE questions SET resource_path = '/media/exam-demo/spoken-question.mp3' WHERE id = $1`,
      [e.spoken],
    );
    // The built app's own copy is refused however the path is spelled (the web fallback folds
    // repeated slashes and dot segments before it serves a file).
    for (const url of [
      '/media/exam-demo/spoken-question.mp3',
      '/media//exam-demo/spoken-question.mp3',
      '//media/exam-demo/spoken-question.mp3',
      '/media/exam-demo//spoken-question.mp3',
      '/./media/exam-demo/spoken-question.mp3',
    ])
      expect((await w.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(200);
    const first = (await playOn(w, tok, e.userExamId, e.spoken)).json();
    expect(first.url).toMatch(/^\/api\/media\/signed\/question-audio\/exam-demo\/spoken-question\.mp3\?/);
    const res = await w.app.inject({ method: 'GET', url: first.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toMatch(/ID3|\xff/);
    expect((await playOn(w, tok, e.userExamId, e.spoken)).json().url).toMatch(/question-audio\/exam-demo/);
  });
});
