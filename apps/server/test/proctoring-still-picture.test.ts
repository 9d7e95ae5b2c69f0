import type { Analyzer, FaceDescription } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * ADR 0228: a periodic picture that is, byte for byte, the attempt's previous picture or its setup
 * picture is a still image (a virtual camera showing a photo, a replayed request); a real camera
 * never sends the same JPEG twice. Support reads it on the timeline; the verdict is unchanged.
 */

/** A PNG header the analysis accepts, `width` x 40: the fake engine sees one face in any of them. */
function png(width: number): string {
  const b = Buffer.alloc(33 + 64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(40, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return `data:image/png;base64,${b.toString('base64')}`;
}

const oneFace: FaceDescription = {
  face_detected: true,
  face_count: 1,
  object_detected: false,
  objects_count: 0,
  object_names: [],
  analysis: {
    expressions: {
      all_emotions: { neutral: 1, happy: 0, sad: 0, angry: 0, fearful: 0, disgusted: 0, surprised: 0 },
      dominant_emotion: 'neutral',
      confidence: 1,
    },
  },
  embedding: null,
} as FaceDescription;

const fake = {
  describeFace: async (_image: Buffer, embedding: boolean) => ({
    ...oneFace,
    embedding: embedding ? [1, 0, 0, 0] : null,
  }),
  countSpeakers: async () => ({ speakers: 1, speechSeconds: 10, durationSeconds: 15 }),
  stats: async () => ({}),
  close: async () => {},
};

describe('a still picture sent again (ADR 0228)', () => {
  let t: TestApp;
  let cand: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ proctoringSamplesPerMinute: 10_000 }, { analyzer: fake as unknown as Analyzer });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });

  async function startedAttempt(primary: string): Promise<number> {
    const { rows: user } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO.candidate.email,
    ]);
    const { rows: exam } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored', 1800, $1::jsonb) RETURNING id`,
      [JSON.stringify({ monitoringflag: 1, photo_timer: 20, photo_matching: 0 })],
    );
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO user_exams (user_id, exam_id, status, expires_at) VALUES ($1, $2, '000', now() + interval '1 day') RETURNING id`,
      [user[0]!.id, exam[0]!.id],
    );
    const id = Number(rows[0]!.id);
    expect((await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: primary })).statusCode).toBe(200);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    return id;
  }
  const check = async (id: number, picture: string) => {
    const res = await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: picture });
    expect(res.statusCode).toBe(200);
    // the candidate's verdict does not change: a still image is for support to judge
    expect(res.json()).toMatchObject({ outcome: 'ok', warnings: 0, stopped: false });
  };
  const photoEvents = async (id: number) => {
    const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    expect(res.statusCode).toBe(200);
    return (res.json().events as { kind: string; at: string; data: Record<string, unknown> }[])
      .filter((e) => e.kind === 'proctoring.photo')
      .reverse()
      .map((e) => e.data.samePicture ?? null);
  };

  it('names the setup picture sent again, then the previous picture; different pictures of one size are not', async () => {
    const id = await startedAttempt(png(40));
    await check(id, png(40)); // the setup picture again
    await check(id, png(41)); // another picture of the same byte length: compared, not the same
    await check(id, png(41)); // the previous one again
    await check(id, png(42));
    expect(await photoEvents(id)).toEqual(['setup', null, 'previous', null]);
  });
});
