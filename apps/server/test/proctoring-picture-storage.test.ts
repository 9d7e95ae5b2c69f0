import type { Analyzer, FaceDescription } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * Attack walk 4 (ADR 0227): every proctoring picture is kept (up to 6 MB each), and the per-minute
 * budget (ADR 0221) bounded only the rate: 30 pictures a minute of 5.9 MB each were stored, on an
 * attempt not even started, without end. The pictures of one attempt are now bounded in bytes.
 */

/** A PNG the analysis accepts (40 x 40), padded with `padding` bytes after its header. */
function png(padding: number): string {
  const b = Buffer.alloc(33 + padding);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(40, 16);
  b.writeUInt32BE(40, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return `data:image/png;base64,${b.toString('base64')}`;
}
const KB300 = png(300 * 1024);

const oneFace = {
  face_detected: true,
  face_count: 1,
  object_detected: false,
  objects_count: 0,
  object_names: [],
  analysis: { expressions: { all_emotions: { neutral: 1 }, dominant_emotion: 'neutral', confidence: 1 } },
  embedding: [1, 0, 0, 0],
} as unknown as FaceDescription;
const fake = {
  describeFace: async () => oneFace,
  countSpeakers: async () => ({ speakers: 1, speechSeconds: 10, durationSeconds: 15 }),
  stats: async () => ({}),
  close: async () => {},
};

describe('the bytes of proctoring pictures an attempt keeps', () => {
  let t: TestApp;
  let cand: string;

  beforeAll(async () => {
    t = await createTestApp(
      { proctoringSamplesPerMinute: 10_000, proctoringPictureMbPerAttempt: 1 },
      { analyzer: fake as unknown as Analyzer },
    );
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });

  /** A monitored attempt of the candidate (no photo matching) in the given status. */
  async function attempt(status: string): Promise<number> {
    const { rows: user } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO.candidate.email,
    ]);
    const { rows: exam } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored', 1800, $1::jsonb) RETURNING id`,
      [JSON.stringify({ monitoringflag: 1, photo_timer: 20, photo_matching: 0 })],
    );
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + interval '30 minutes', now() + interval '1 day') RETURNING id`,
      [user[0]!.id, exam[0]!.id, status],
    );
    return Number(rows[0]!.id);
  }
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
    expect((await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: png(64) })).statusCode).toBe(200);

    const other = await attempt('001');
    expect((await post('/api/proctoring/photoCheck', { userexamid: other, imagePath: KB300 })).statusCode).toBe(200);
  });
});
