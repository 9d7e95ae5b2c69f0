import { decodePayload, encodePayload, type QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { recordingAttempt } from './recordings/support.ts';

/**
 * The spoken answer's question audio: at most 3 plays per attempt and question, counted by the
 * server (questionAudioPlay); the 4th is refused with the spec's text, and a reload (userTest)
 * or a forged save does not reset the count.
 */
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
    await t.database.executeSql(`UPDATE questions SET resource_path = '/api/content/files/q.mp3' WHERE id = $1`, [
      a.spoken,
    ]);
  });
  afterAll(() => t?.close());

  it('allows three plays, refuses the fourth with the spec\u2019s text, and a reload keeps the count', async () => {
    expect((await spokenItem()).audioButtonCount).toBeUndefined();
    for (let n = 1; n <= 3; n++) expect((await play()).json()).toEqual({ plays: n, playsLeft: 3 - n });
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
    await t.database.executeSql(`UPDATE questions SET resource_path = '/api/content/files/q.mp3' WHERE id = $1`, [
      b.spoken,
    ]);
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
});
