import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId } from './exam/support.ts';

/**
 * The proctoring calls that store a picture or analyse a sample (photoCheck, saveImage,
 * saveErrorImage, savePrimaryImage, getaudio) take one budget a minute per user (security
 * review row 80). Without it one candidate stored pictures as fast as they could send them
 * (30 saveImage calls in about a second, each kept), filling the media store and the analysis
 * pool every candidate shares. The product's pages send one picture and one sample per
 * photo_timer.
 */
const JPEG = readFileSync(new URL('../../../packages/analysis/test/fixtures/astronaut.jpg', import.meta.url));
const picture = `data:image/jpeg;base64,${JPEG.toString('base64')}`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ proctoringSamplesPerMinute: 4 });
});
afterAll(async () => t?.close());

const stored = async (id: number) =>
  Number(
    (await t.database.executeSql('SELECT count(*) AS n FROM proctoring_images WHERE user_exam_id = $1', [id])).rows[0]!
      .n,
  );

describe(`proctoring pictures and samples: one budget a minute per user (${dbKind})`, () => {
  it('past the budget every picture and sample route is 429 with Retry-After, nothing stored; others unaffected', async () => {
    const asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const ravi = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    const id = await attemptId(t, DEMO.candidate.email, 'Monitored Test (No Photo Match, Warnings Only)');
    // the attempt in progress with a kept primary, written directly: the budget is what is tested
    await t.database.executeSql(
      `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '10 minutes' WHERE id = $1`,
      [id],
    );
    const save = (token: string, userexamid = id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/saveImage',
        headers: bearer(token),
        payload: { userexamid, imagePath: picture, photo_tag: 'regular' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await save(asha)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await stored(id)).toBe(4);

    const refused = [
      await save(asha),
      await t.app.inject({ method: 'POST', url: '/api/proctoring/photoCheck', headers: bearer(asha), payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/test/saveErrorImage', headers: bearer(asha), payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/test/savePrimaryImage', headers: bearer(asha), payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/test/getaudio', headers: bearer(asha), payload: {} }),
    ];
    for (const res of refused) {
      // refused before the body is read: an empty body is 429, not 400
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.json()).toMatchObject({
        message: `Too many proctoring pictures and samples: at most 4 per minute. Try again in ${wait} seconds.`,
        retryAfter: wait,
      });
    }
    expect(await stored(id)).toBe(4);

    // another candidate's budget is their own
    const other = await attemptId(t, DEMO.candidate2.email, 'Monitored Test (No Photo Match, Warnings Only)');
    expect((await save(ravi, other)).statusCode).toBe(200);
    expect(await stored(other)).toBe(1);
  });
});
