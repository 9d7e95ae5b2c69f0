import { readFileSync } from 'node:fs';
import { assertImageDimensions, type Analyzer, type FaceDescription } from '@invigil/analysis';
import type { FastifyInstance } from 'fastify';
import { bearer, type TestApp } from '../helpers.ts';
import { WIDTH } from './media-fixtures.ts';

const summary = (faces: number) => ({
  face_detected: faces > 0,
  face_count: faces,
  object_detected: false,
  objects_count: 0,
  object_names: [],
  analysis: {
    expressions: {
      all_emotions: { neutral: 1, happy: 0, sad: 0, angry: 0, fearful: 0, disgusted: 0, surprised: 0 },
      dominant_emotion: 'neutral' as const,
      confidence: 1,
    },
  },
});

/** A fake analysis engine: a picture's width says who is in it (media-fixtures.ts WIDTH). */
export class FakeFrames implements Pick<Analyzer, 'describeFrame' | 'describeFace' | 'stats' | 'close'> {
  frames = 0;
  async describeFrame(image: Buffer): Promise<FaceDescription> {
    this.frames++;
    const { width } = assertImageDimensions(image);
    if (width === WIDTH.personA) return { ...summary(1), embedding: [1, 0, 0, 0] };
    if (width === WIDTH.personB) return { ...summary(1), embedding: [0, 1, 0, 0] };
    if (width === WIDTH.personBCut) return { ...summary(1), embedding: [0, 1, 0, 0], face_framing: 'cut' };
    if (width === WIDTH.twoFaces) return { ...summary(2), embedding: null };
    return { ...summary(0), embedding: null };
  }
  describeFace(image: Buffer): Promise<FaceDescription> {
    return this.describeFrame(image);
  }
  async stats() {
    return {};
  }
  async close() {}
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return Number(rows[0]!.id);
}

/** A started attempt (001, 30 minutes left) of a new test: a spoken answer (28), a video (27) and a choice question. */
export async function recordingAttempt(t: TestApp, email: string) {
  const { rows: exam } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Recorded answers', 1800, '{"showscore":1}'::jsonb) RETURNING id`,
  );
  const examId = Number(exam[0]!.id);
  const q = async (pos: number, code: number, name: string, marks = 1) => {
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO questions (exam_id, position, qtype_code, qtype_name, text, marks) VALUES ($1, $2, $3, $4, 'Tell us', $5) RETURNING id`,
      [examId, pos, code, name, marks],
    );
    return Number(rows[0]!.id);
  };
  const spoken = await q(1, 28, 'Spoken Answer', 5);
  const video = await q(2, 27, 'Video Interview', 5);
  const choice = await q(3, 1, 'Single Choice', 2);
  const { rows: c } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO choices (question_id, position, text, is_correct) VALUES ($1, 1, 'Yes', true), ($1, 2, 'No', false) RETURNING id`,
    [choice],
  );
  const { rows } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at, expires_at)
     VALUES ($1, $2, '001', now(), now() + interval '30 minutes', now() + interval '1 day') RETURNING id`,
    [await userId(t, email), examId],
  );
  return { userExamId: Number(rows[0]!.id), examId, spoken, video, choice, rightChoice: Number(c[0]!.id) };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

export interface Meta {
  attempt: number;
  question: number;
  kind: string;
  filename?: string;
  filetype?: string;
}

export const tusHeaders = (token: string) => ({ ...bearer(token), 'tus-resumable': '1.0.0' });

export function createUpload(app: FastifyInstance, token: string, meta: Meta, length: number) {
  const m = { filename: 'answer.webm', filetype: 'audio/webm;codecs=opus', ...meta };
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': Object.entries(m)
        .map(([k, v]) => `${k} ${b64(String(v))}`)
        .join(','),
    },
  });
}

export function patch(app: FastifyInstance, token: string, id: string, offset: number, bytes: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

/** A whole tus upload of a file in `chunks` PATCHes; returns the upload id. */
export async function upload(
  app: FastifyInstance,
  token: string,
  meta: Meta,
  file: string,
  chunks = 1,
): Promise<string> {
  const bytes = readFileSync(file);
  const res = await createUpload(app, token, meta, bytes.length);
  if (res.statusCode !== 201) throw new Error(`create ${res.statusCode} ${res.body}`);
  const id = res.headers.location!.toString().split('/').pop()!;
  const size = Math.ceil(bytes.length / chunks);
  for (let off = 0; off < bytes.length; off += size) {
    const p = await patch(app, token, id, off, bytes.subarray(off, off + size));
    if (p.statusCode !== 204) throw new Error(`patch ${p.statusCode} ${p.body}`);
  }
  return id;
}
