import { AnalysisBusyError, type Analyzer, type FaceDescription } from '@invigil/analysis';
import type { TestApp } from './helpers.ts';

/**
 * What the proctoring API tests share: pictures a fake analysis engine tells apart by their size,
 * its face summaries, and monitored attempts made straight in the database.
 */

/** A PNG header the analysis accepts, `width` x 40 pixels, `padding` bytes long after it. */
export function pngHeader(width = 40, padding = 64): Buffer {
  const b = Buffer.alloc(33 + padding);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(40, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return b;
}

/** `pngHeader` as the data URL a page sends. */
export const pngDataUrl = (width = 40, padding = 64) =>
  `data:image/png;base64,${pngHeader(width, padding).toString('base64')}`;

/** The analysis of a picture with `faces` faces and these objects, a neutral face, no embedding. */
export const faceSummary = (faces: number, objects: string[] = []): FaceDescription => ({
  face_detected: faces > 0,
  face_count: faces,
  object_detected: objects.length > 0,
  objects_count: objects.length,
  object_names: objects,
  analysis: {
    expressions: {
      all_emotions: { neutral: 1, happy: 0, sad: 0, angry: 0, fearful: 0, disgusted: 0, surprised: 0 },
      dominant_emotion: 'neutral' as const,
      confidence: 1,
    },
  },
  embedding: null,
});

/**
 * An engine that sees the same one person in every picture and one speaker in every sample; while
 * `busy()` is true it refuses both, as an overloaded pool does (503 + Retry-After 5 s).
 */
export const oneFaceAnalyzer = (busy: () => boolean = () => false): Analyzer => {
  const refuseWhenBusy = () => {
    if (busy()) throw new AnalysisBusyError(5);
  };
  return {
    describeFace: async (_image: Buffer, embedding: boolean) => {
      refuseWhenBusy();
      return { ...faceSummary(1), embedding: embedding ? [1, 0, 0, 0] : null };
    },
    countSpeakers: async () => {
      refuseWhenBusy();
      return { speakers: 1, speechSeconds: 10, durationSeconds: 15 };
    },
    stats: async () => ({}),
    close: async () => {},
  } as unknown as Analyzer;
};

export async function userId(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return Number(rows[0]!.id);
}

/**
 * A new monitored test (photo_timer 20 unless `settings` say otherwise) assigned to the user. In
 * status 000 it waits for its start; in any other status it has run since now, 30 minutes long.
 */
export async function monitoredAttempt(
  t: TestApp,
  email: string,
  settings: Record<string, unknown>,
  status = '000',
): Promise<number> {
  const { rows: exam } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored', 1800, $1::jsonb) RETURNING id`,
    [JSON.stringify({ monitoringflag: 1, photo_timer: 20, ...settings })],
  );
  const { rows } = await t.database.executeSql<{ id: number }>(
    status === '000'
      ? `INSERT INTO user_exams (user_id, exam_id, status, expires_at)
         VALUES ($1, $2, $3, now() + interval '1 day') RETURNING id`
      : `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at, expires_at)
         VALUES ($1, $2, $3, now(), now() + interval '30 minutes', now() + interval '1 day') RETURNING id`,
    [await userId(t, email), exam[0]!.id, status],
  );
  return Number(rows[0]!.id);
}
