import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../src/analyzer.ts';
import { matchEmbeddings } from '../src/responses.ts';
import { AnalysisBusyError, AnalysisTimeoutError } from '../src/errors.ts';
import { WorkerPool } from '../src/pool/worker-pool.ts';
import {
  darkRoom,
  farAway,
  fixture,
  leaningOut,
  otherPerson,
  personBehind,
  SENTENCES,
  speech,
  twoFaces,
  underFluorescentLight,
} from './helpers.ts';

const b64 = (b: Buffer) => b.toString('base64');

describe('analysis engine in worker threads (real models)', () => {
  const analyzer = createLocalAnalyzer({ workers: 1, maxQueue: 4 });
  beforeAll(() => analyzer.pool.start());
  afterAll(() => analyzer.close());

  it('counts faces, flags multiple faces and ignores a cat and a coffee cup', async () => {
    expect(await analyzer.singleFace(b64(fixture('astronaut.jpg')))).toMatchObject({
      face_detected: true,
      face_count: 1,
      multiple_faces: false,
    });
    expect(await analyzer.singleFace(b64(await twoFaces()))).toMatchObject({
      face_detected: true,
      face_count: 2,
      multiple_faces: true,
    });
    expect(await analyzer.singleFace(b64(fixture('chelsea.jpg')))).toMatchObject({
      face_detected: false,
      face_count: 0,
    });
    expect(await analyzer.singleFace(b64(fixture('coffee.jpg')))).toMatchObject({
      face_detected: false,
      face_count: 0,
    });
  });

  it('a candidate under a colour cast (fluorescent light) is one face, not "no face" (ADR 0218)', async () => {
    expect(await analyzer.singleFace(b64(await underFluorescentLight()))).toMatchObject({
      face_detected: true,
      face_count: 1,
    });
  });

  it('single-face counts a lone face too small for the whole-picture pass (ADR 0216)', async () => {
    expect(await analyzer.singleFace(b64(await farAway()))).toMatchObject({
      face_detected: true,
      face_count: 1,
      multiple_faces: false,
    });
  });

  it('two candidates back to back never share a result', async () => {
    const face = b64(fixture('astronaut.jpg'));
    const empty = b64(fixture('coffee.jpg'));
    const results = [];
    for (const img of [face, empty, face, empty]) results.push((await analyzer.singleFace(img)).face_count);
    expect(results).toEqual([1, 0, 1, 0]);
    const parallel = await Promise.all([face, empty, face, empty].map((i) => analyzer.singleFace(i)));
    expect(parallel.map((r) => r.face_count)).toEqual([1, 0, 1, 0]);
  });

  it('face-match: same person matches, shapes and errors as the spec says', async () => {
    const face = b64(fixture('astronaut.jpg'));
    const r = await analyzer.faceMatch(face, face);
    expect(r).toMatchObject({ success: true, face_match: true, step: 'face_comparison', error_message: null });
    expect(r.similarity_score).toBeGreaterThan(95);
    expect(r.current_image_analysis.analysis.expressions.dominant_emotion).toBe('happy');
    expect(typeof r.authenticity_summary.current.real).toBe('number');
    const noFace = await analyzer.faceMatch(face, b64(fixture('coffee.jpg')));
    expect(noFace).toMatchObject({
      success: false,
      face_match: false,
      error_message: 'No face detected in current image',
      step: 'current_analysis',
    });
    const many = await analyzer.faceMatch(b64(await twoFaces()), face);
    expect(many).toMatchObject({ success: false, error_message: 'Multiple faces detected in primary image' });
  });

  it('describeFace: a cached embedding matches like face-match, one picture per check', async () => {
    const face = fixture('astronaut.jpg');
    const primary = await analyzer.describeFace(face, true);
    expect(primary).toMatchObject({ face_count: 1, object_detected: false });
    expect(primary.embedding?.length).toBeGreaterThan(100);
    const again = await analyzer.describeFace(face, true);
    const m = matchEmbeddings(primary.embedding ?? [], again.embedding ?? []);
    expect(m.face_match).toBe(true);
    expect(m.similarity_score).toBeGreaterThan(95);
    const full = await analyzer.faceMatch(b64(face), b64(face));
    expect(Math.abs(m.similarity_score - full.similarity_score)).toBeLessThan(1);
    // no embedding asked, or not exactly one face: none given
    expect((await analyzer.describeFace(face, false)).embedding).toBeNull();
    const two = await analyzer.describeFace(await twoFaces(), true);
    expect(two).toMatchObject({ face_count: 2, embedding: null });
    // a mirrored, different-looking embedding: an orthogonal vector never matches
    const other = (primary.embedding ?? []).map((v, i) => (i % 2 ? v : -v));
    expect(matchEmbeddings(primary.embedding ?? [], other).face_match).toBe(false);
  });

  it('a candidate in a dark room still matches their setup picture (ADR 0111)', async () => {
    const face = fixture('astronaut.jpg');
    const primary = await analyzer.describeFace(face, true);
    const dark = await darkRoom(face, 0.1);
    const check = await analyzer.describeFace(dark, true);
    expect(check.face_count).toBe(1);
    const m = matchEmbeddings(primary.embedding ?? [], check.embedding ?? []);
    expect(m.face_match).toBe(true);
    // another person in the same dark room is still refused
    const other = await analyzer.describeFace(await darkRoom(await otherPerson(), 0.1), true);
    expect(matchEmbeddings(primary.embedding ?? [], other.embedding ?? []).face_match).toBe(false);
  });

  it('a face cut by the picture edge or far away is marked, so it is never judged another person (ADR 0244)', async () => {
    expect((await analyzer.describeFace(fixture('astronaut.jpg'), true)).face_framing).toBe('ok');
    expect(await analyzer.describeFace(await leaningOut(), true)).toMatchObject({ face_count: 1, face_framing: 'cut' });
    expect(await analyzer.describeFace(await farAway(), true)).toMatchObject({ face_count: 1, face_framing: 'small' });
    expect(await analyzer.describeFace(await twoFaces(), true)).not.toHaveProperty('face_framing');
  });

  it('the scene pass looks closer: a small face at the back is found only with it (ADR 0102)', async () => {
    const picture = await personBehind();
    expect(await analyzer.describeFace(picture, false, false)).toMatchObject({ face_count: 1 });
    expect(await analyzer.describeFace(picture, false, true)).toMatchObject({ face_count: 2 });
    // the candidate alone is not counted twice in pieces by the enlarged tiles
    expect(await analyzer.describeFace(fixture('astronaut.jpg'), false, true)).toMatchObject({ face_count: 1 });
  });

  it('a corrupt JPEG is a 400, and the worker keeps working', async () => {
    const broken = fixture('astronaut.jpg').subarray(0, 800);
    await expect(analyzer.singleFace(b64(broken))).rejects.toMatchObject({ statusCode: 400, code: 'NOT_AN_IMAGE' });
    expect((await analyzer.singleFace(b64(fixture('astronaut.jpg')))).face_count).toBe(1);
  });

  it('counts one speaker and two alternating speakers; decodes webm/opus and mp4/aac', async () => {
    const one = await analyzer.countSpeakers(speech(['en-us+m1 35'], SENTENCES, 'webm'));
    expect(one.speakers).toBe(1);
    expect(one.ms).toBeLessThan(15_000); // speed is measured in bench/analysis, not here
    const two = await analyzer.countSpeakers(speech(['en-us+m1 35', 'en-gb+f4 70'], SENTENCES, 'm4a'));
    expect(two.speakers).toBeGreaterThanOrEqual(2);
  });
});

describe('worker pool limits', () => {
  it('answers busy beyond the queue bound and restarts a stuck worker', async () => {
    const pool = new WorkerPool({ workers: 1, maxQueue: 1, jobTimeoutMs: 1500 });
    try {
      await pool.start();
      const stuck = pool.run({ kind: 'sleep', ms: 60_000 });
      const queued = pool.run({ kind: 'sleep', ms: 1 });
      const busy = pool.run({ kind: 'sleep', ms: 1 });
      await expect(busy).rejects.toBeInstanceOf(AnalysisBusyError);
      await expect(busy).rejects.toMatchObject({ statusCode: 503 });
      await expect(stuck).rejects.toBeInstanceOf(AnalysisTimeoutError);
      await expect(queued).resolves.toBeNull(); // ran on the replacement worker
      expect(pool.stats()).toMatchObject({ restarts: 1, rejected: 1 });
    } finally {
      await pool.close();
    }
  });
});
