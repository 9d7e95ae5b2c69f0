import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { monitoredAttempt, oneFaceAnalyzer, pngDataUrl } from './proctoring-fixtures.ts';

/**
 * Attack walk 4 (ADR 0227): every proctoring picture is kept (up to 6 MB each), and the per-minute
 * budget (ADR 0221) bounded only the rate: 30 pictures a minute of 5.9 MB each were stored, on an
 * attempt not even started, without end. The pictures of one attempt are now bounded in bytes.
 */

const KB300 = pngDataUrl(40, 300 * 1024);

describe('the bytes of proctoring pictures an attempt keeps', () => {
  let t: TestApp;
  let cand: string;

  beforeAll(async () => {
    t = await createTestApp(
      { proctoringSamplesPerMinute: 10_000, proctoringPictureMbPerAttempt: 1 },
      { analyzer: oneFaceAnalyzer() },
    );
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });

  /** A monitored attempt of the candidate (no photo matching) in the given status. */
  const attempt = (status: string) => monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 0 }, status);
  const kept = async (id: number) =>
    Number(
      (
        await t.database.executeSql<{ n: number }>(
          'SELECT COALESCE(SUM(size_bytes), 0)::int AS n FROM proctoring_images WHERE user_exam_id = $1',
          [id],
        )
      ).rows[0]!.n,
    );
  const image = (id: number, imagePath: string) => ({ userid: 1, userexamid: id, instanceid: 1, imagePath });

  it('past the limit every picture route answers 409 and keeps nothing; other attempts are not touched', async () => {
    const id = await attempt('000');
    for (let i = 0; i < 3; i++) expect((await post('/api/test/saveImage', image(id, KB300))).statusCode).toBe(200);
    const full = await kept(id);
    expect(full).toBeGreaterThan(900 * 1024);

    const refused = await post('/api/test/saveImage', image(id, KB300));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This test already keeps 1 MB of proctoring pictures, the most one test may keep; this picture is not kept.',
    );
    expect((await post('/api/test/saveErrorImage', { ...image(id, KB300), error: 'N' })).statusCode).toBe(409);
    expect((await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: KB300 })).statusCode).toBe(409);
    await t.database.executeSql(`UPDATE user_exams SET status = '001' WHERE id = $1`, [id]);
    expect((await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: KB300 })).statusCode).toBe(409);
    expect(await kept(id)).toBe(full);

    // A small picture still fits, as long as the total stays within the limit.
    expect(
      (await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: pngDataUrl(40, 64) })).statusCode,
    ).toBe(200);

    const other = await attempt('001');
    expect((await post('/api/proctoring/photoCheck', { userexamid: other, imagePath: KB300 })).statusCode).toBe(200);
  });
});
