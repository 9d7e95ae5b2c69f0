import { readFileSync } from 'node:fs';
import { AnalysisBusyError, type Analyzer, type FaceDescription } from '@invigil/analysis';
import { CAMERA_SETUP_REQUIRED, PRIMARY_IMAGE_MESSAGES } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { audioForm } from './audio-form.ts';
import { faceSummary, monitoredAttempt, pngHeader, userId } from './proctoring-fixtures.ts';

/**
 * Issue 12: the server decides proctoring verdicts. The primary picture is checked and kept on
 * the server (with its face embedding), periodic pictures are matched against it, violations are
 * counted and the attempt stopped (111, with the reason) on the server.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/analysis/test/fixtures/${name}`, import.meta.url));
const b64 = (b: Buffer) => b.toString('base64');

const png = (width: number) => pngHeader(width);
const PERSON_A = png(40);
const PERSON_B = png(41);
const NO_FACE = png(42);
const TWO_FACES = png(43);
const WITH_PHONE = png(44);
/** faces the analysis marks as too poorly framed to judge who it is (ADR 0244) */
const PERSON_A_CUT = png(45);
const PERSON_B_CUT = png(46);
const PERSON_B_FAR = png(47);

const summary = faceSummary;

/** A fake engine: pictures by their PNG width, a switch for "busy", a fixed speaker count. */
class FakeAnalyzer {
  busy = false;
  speakers = 2;
  /** the overlap score the next speaker samples get (undefined: an engine without the detector) */
  overlap: number | undefined = undefined;
  /** seconds of speech the next speaker samples get */
  speech = 10;
  pictures = 0;
  /** the scene flag of every describeFace call, in order */
  scenes: boolean[] = [];
  /** answers for real pictures, by their bytes (base64) */
  known = new Map<string, FaceDescription>();
  async describeFace(image: Buffer, embedding: boolean, scene = true): Promise<FaceDescription> {
    if (this.busy) throw new AnalysisBusyError(3);
    this.pictures++;
    this.scenes.push(scene);
    const answer = this.known.get(image.toString('base64'));
    if (answer) return answer;
    const width = image.readUInt32BE(16);
    const person = (v: number[]) => ({ ...summary(1), embedding: embedding ? v : null });
    if (width === 40) return person([1, 0, 0, 0]);
    if (width === 41) return person([0, 1, 0, 0]);
    if (width === 43) return { ...summary(2), embedding: null };
    if (width === 44) return { ...summary(1, ['cell phone']), embedding: embedding ? [1, 0, 0, 0] : null };
    if (width === 45) return { ...person([1, 0, 0, 0]), face_framing: 'cut' };
    if (width === 46) return { ...person([0, 1, 0, 0]), face_framing: 'cut' };
    if (width === 47) return { ...person([0, 1, 0, 0]), face_framing: 'small' };
    return { ...summary(0), embedding: null };
  }
  /** speaker samples analysed */
  samples = 0;
  async countSpeakers() {
    if (this.busy) throw new AnalysisBusyError(3);
    this.samples++;
    return { speakers: this.speakers, speechSeconds: this.speech, durationSeconds: 15, overlap: this.overlap };
  }
  async stats() {
    return {};
  }
  async close() {}
}

async function attemptRow(t: TestApp, id: number) {
  const { rows } = await t.database.executeSql<Record<string, unknown>>(
    'SELECT status, abort_reason, photo_warnings, audio_warnings FROM user_exams WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

describe('proctoring verdicts decided on the server (fake analysis engine)', () => {
  let t: TestApp;
  let cand: string;
  let cand2: string;
  const fake = new FakeAnalyzer();

  beforeAll(async () => {
    // a whole test's pictures and samples within seconds: past the per-minute budget, whose own
    // test is proctoring-sample-budget.test.ts
    t = await createTestApp({ proctoringSamplesPerMinute: 10_000 }, { analyzer: fake as unknown as Analyzer });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    cand2 = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const check = (token: string, userexamid: number, picture: Buffer, extra: object = {}) =>
    post('/api/proctoring/photoCheck', token, { userexamid, imagePath: b64(picture), ...extra });
  const primary = (token: string, userexamid: number, picture: Buffer) =>
    post('/api/test/savePrimaryImage', token, { userexamid, imagePath: b64(picture) });

  it('the demo data gives both demo candidates the monitored tests (match on/off, S and C, type 14)', async () => {
    for (const email of [DEMO.candidate.email, DEMO.candidate2.email]) {
      const { rows } = await t.database.executeSql<{ test_type: number; settings: Record<string, unknown> }>(
        `SELECT e.test_type, e.settings FROM user_exams ue JOIN exams e ON e.id = ue.exam_id JOIN users u ON u.id = ue.user_id
          WHERE u.email = $1 AND ue.status = '000' AND (e.settings->>'monitoringflag') = '1' ORDER BY e.id`,
        [email],
      );
      expect(rows.map((r) => [r.test_type, r.settings.photo_matching, r.settings.photo_action])).toEqual([
        [1, 1, 'S'],
        [1, 0, 'C'],
        [14, 1, 'C'],
      ]);
      expect(rows[0]!.settings).toMatchObject({ photo_timer: 20, speaker_dialect: 1, audio_action: 'S' });
    }
  });

  it('a second face where it was in the primary picture (a painting on the wall) is no second person (ADR 0103)', async () => {
    const sharp = (await import('sharp')).default;
    const crop = (name: string, left: number, top: number, size: number) =>
      sharp(fixture(name)).extract({ left, top, width: size, height: size }).toBuffer();
    const candidate = await crop('astronaut.jpg', 150, 60, 140);
    const painting = await crop('coffee.jpg', 200, 150, 60);
    const stranger = await crop('chelsea.jpg', 150, 50, 60);
    const room = (at: [number, number], wall: Buffer) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a8478' } })
        .composite([
          { input: candidate, left: at[0], top: at[1] },
          { input: wall, left: 320, top: 12 },
        ])
        .jpeg({ quality: 85 })
        .toBuffer();
    const setup = await room([130, 140], painting);
    const later = await room([141, 133], painting);
    const intruder = await room([141, 133], stranger);
    const two = {
      ...summary(2),
      embedding: null,
      face_boxes: [
        [141, 133, 140, 140],
        [320, 12, 60, 60],
      ] as [number, number, number, number][],
      largest_embedding: [1, 0, 0, 0],
    };
    fake.known.set(b64(setup), { ...summary(1), embedding: [1, 0, 0, 0] });
    fake.known.set(b64(later), two);
    fake.known.set(b64(intruder), two);
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'S' });
    expect((await primary(cand, id, setup)).statusCode).toBe(200);
    expect((await post('/api/test/startExam', cand, { id })).statusCode).toBe(200);
    // the painting was there at setup: one face, the candidate's, matched against the primary
    const calm = await check(cand, id, later);
    expect(calm.json()).toMatchObject({ outcome: 'ok', face_count: 1, warnings: 0 });
    // someone new at the same place is a second person
    const other = await check(cand, id, intruder);
    expect(other.json()).toMatchObject({ outcome: 'M', face_count: 2, warnings: 1 });
  });

  it('refuses to start or resume a monitored test before a primary picture passed the face check', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'S' });
    const refused = await post('/api/test/startExam', cand, { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CAMERA_SETUP_REQUIRED);
    expect((await attemptRow(t, id)).status).toBe('000');
    // a picture that fails the server's check is not a primary: still refused
    const rejected = await primary(cand, id, TWO_FACES);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json()).toMatchObject({ outcome: 'M', message: PRIMARY_IMAGE_MESSAGES.M });
    expect((await post('/api/test/startExam', cand, { id })).statusCode).toBe(409);
    expect((await primary(cand, id, PERSON_A)).json()).toEqual({ msg: 'SUCCESS' });
    expect((await post('/api/test/startExam', cand, { id })).statusCode).toBe(200);
    expect((await post('/api/test/resumeExam', cand, { id })).statusCode).toBe(200);
  });

  it('resume of a monitored attempt without a primary is refused too; unmonitored tests are unaffected', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, {});
    await t.database.executeSql(
      `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '30 minutes' WHERE id = $1`,
      [id],
    );
    const resumed = await post('/api/test/resumeExam', cand, { id });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().message).toBe(CAMERA_SETUP_REQUIRED);
    const plain = await monitoredAttempt(t, DEMO.candidate.email, { monitoringflag: 0 });
    expect((await post('/api/test/startExam', cand, { id: plain })).statusCode).toBe(200);
  });

  it('the primary cannot be swapped during the test, and a closed attempt takes no pictures (ADR 0180)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'C' });
    expect((await primary(cand, id, PERSON_A)).statusCode).toBe(200);
    // before the start the setup may be done again
    expect((await primary(cand, id, PERSON_A)).statusCode).toBe(200);
    expect((await post('/api/test/startExam', cand, { id })).statusCode).toBe(200);
    const swapped = await primary(cand, id, PERSON_B);
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().message).toBe(
      'The camera setup of this test is done; its picture cannot be replaced during the test.',
    );
    // periodic checks still match against the setup's face: someone else is a mismatch
    expect((await check(cand, id, PERSON_B)).json()).toMatchObject({ outcome: 'mismatch' });
    await t.database.executeSql(`UPDATE user_exams SET status = '010' WHERE id = $1`, [id]);
    const count = async () =>
      Number(
        (await t.database.executeSql('SELECT count(*)::int AS n FROM proctoring_images WHERE user_exam_id = $1', [id]))
          .rows[0]!.n,
      );
    const before = await count();
    for (const [url, extra] of [
      ['/api/test/savePrimaryImage', {}],
      ['/api/test/saveImage', { photo_tag: 'regular' }],
      ['/api/test/saveErrorImage', { error: 'N' }],
    ] as const) {
      const res = await post(url, cand, { userexamid: id, imagePath: b64(PERSON_A), ...extra });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ message: 'This test is not in progress.', examStatus: '010' });
    }
    expect(await count()).toBe(before);
  });

  it('an attempt in progress without a primary (set up before the check existed) may still get one', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, {});
    await t.database.executeSql(
      `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '30 minutes' WHERE id = $1`,
      [id],
    );
    expect((await primary(cand, id, PERSON_A)).statusCode).toBe(200);
    expect((await primary(cand, id, PERSON_B)).statusCode).toBe(409);
  });

  it('savePrimaryImage keeps only a picture with exactly one face and no objects (422 otherwise)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, {});
    for (const [picture, outcome] of [
      [NO_FACE, 'N'],
      [TWO_FACES, 'M'],
      [WITH_PHONE, 'O'],
    ] as const) {
      const res = await primary(cand, id, picture);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ statusCode: 422, outcome, message: PRIMARY_IMAGE_MESSAGES[outcome] });
    }
    const { rows } = await t.database.executeSql(`SELECT 1 FROM proctoring_images WHERE user_exam_id = $1`, [id]);
    expect(rows).toHaveLength(0);
    expect((await primary(cand, id, PERSON_A)).statusCode).toBe(200);
    const kept = await t.database.executeSql<{ embedding: number[] }>(
      `SELECT embedding FROM proctoring_images WHERE user_exam_id = $1 AND kind = 'primary'`,
      [id],
    );
    expect(kept.rows[0]!.embedding).toEqual([1, 0, 0, 0]);
  });

  it("photo_action S: violations counted on the server, the 4th stops the attempt (111, reason); the caller's own primary is ignored", async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'S' });
    await primary(cand, id, PERSON_A);
    await post('/api/test/startExam', cand, { id });
    fake.pictures = 0;
    fake.scenes = [];
    const ok = await check(cand, id, PERSON_A);
    expect(ok.json()).toEqual({
      outcome: 'ok',
      photo_tag: 'regular',
      face_count: 1,
      object_names: [],
      warnings: 0,
      stopped: false,
      reason: null,
    });
    // the kept primary's embedding is reused: one picture analysed per check
    expect(fake.pictures).toBe(1);
    // Person B sends their own picture as "primary" too: the server matches against the kept one.
    const other = await check(cand, id, PERSON_B, { primaryImage: b64(PERSON_B), currentImage: b64(PERSON_B) });
    expect(other.json()).toMatchObject({ outcome: 'mismatch', photo_tag: 'faceMismatch', warnings: 1, stopped: false });
    expect((await check(cand, id, NO_FACE)).json()).toMatchObject({ outcome: 'N', warnings: 2, stopped: false });
    // busy analysis: 503 with Retry-After, nothing stored or counted
    fake.busy = true;
    const busy = await check(cand, id, NO_FACE);
    fake.busy = false;
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('3');
    expect((await attemptRow(t, id)).photo_warnings).toBe(2);
    expect((await check(cand, id, TWO_FACES)).json()).toMatchObject({ outcome: 'M', warnings: 3, stopped: false });
    const last = await check(cand, id, WITH_PHONE);
    expect(last.json()).toEqual({
      outcome: 'O',
      photo_tag: 'objectDetected',
      face_count: 1,
      object_names: ['cell phone'],
      warnings: 4,
      stopped: true,
      reason: 'objects',
    });
    expect(await attemptRow(t, id)).toMatchObject({ status: '111', abort_reason: 'objects', photo_warnings: 4 });
    const { rows: sub } = await t.database.executeSql(
      'SELECT submit_type, status FROM submissions WHERE user_exam_id = $1',
      [id],
    );
    expect(sub).toEqual([{ submit_type: 'PROCTORING', status: '111' }]);
    const { rows: images } = await t.database.executeSql<{ kind: string; photo_tag: string; error_code: string }>(
      'SELECT kind, photo_tag, error_code FROM proctoring_images WHERE user_exam_id = $1 ORDER BY id',
      [id],
    );
    expect(images.map((i) => [i.kind, i.photo_tag, i.error_code])).toEqual([
      ['primary', null, null],
      ['regular', 'regular', null],
      ['error', 'faceMismatch', null],
      ['error', 'faceNotDetected', 'N'],
      ['error', 'multipleFaces', 'M'],
      ['error', 'objectDetected', 'O'],
    ]);
    // closed: a further check is refused
    expect((await check(cand, id, PERSON_A)).statusCode).toBe(409);
    // the scene pass (objects, small faces): on the first check, then on a draw, then always once
    // the attempt has a warning (ADR 0102); the busy check reached no analysis
    expect(fake.scenes).toHaveLength(5);
    expect(fake.scenes[0]).toBe(true);
    expect(fake.scenes.slice(2)).toEqual([true, true, true]);
  });

  it('a face cut by the picture edge or far away is a face not seen well, never another person (ADR 0244)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'S' });
    // setup: such a primary picture could not be matched later: "come closer"
    for (const [picture, framing] of [
      [PERSON_A_CUT, 'cut'],
      [PERSON_B_FAR, 'small'],
    ] as const) {
      const res = await primary(cand, id, picture);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ outcome: 'N', message: PRIMARY_IMAGE_MESSAGES.N, framing });
    }
    expect((await primary(cand, id, PERSON_A)).statusCode).toBe(200);
    await post('/api/test/startExam', cand, { id });
    // the candidate leaning out but still recognised: a pass
    expect((await check(cand, id, PERSON_A_CUT)).json()).toMatchObject({ outcome: 'ok', warnings: 0 });
    // not recognised, cut or far away: no face seen well (a problem, counted), not a mismatch
    expect((await check(cand, id, PERSON_B_CUT)).json()).toMatchObject({
      outcome: 'N',
      photo_tag: 'faceNotDetected',
      warnings: 1,
    });
    expect((await check(cand, id, PERSON_B_FAR)).json()).toMatchObject({ outcome: 'N', warnings: 2 });
    // the same other face well framed is the mismatch it is
    expect((await check(cand, id, PERSON_B)).json()).toMatchObject({ outcome: 'mismatch', warnings: 3 });
    const { rows: images } = await t.database.executeSql<{ photo_tag: string }>(
      `SELECT photo_tag FROM proctoring_images WHERE user_exam_id = $1 AND kind = 'error' ORDER BY id`,
      [id],
    );
    expect(images.map((i) => i.photo_tag)).toEqual(['faceNotDetected', 'faceNotDetected', 'faceMismatch']);
    // the timeline says why, for a reviewer
    await expect
      .poll(async () => {
        const { rows } = await t.database.executeSql<{ framing: string | null }>(
          `SELECT data->>'framing' AS framing FROM attempt_events
           WHERE user_exam_id = $1 AND kind = 'proctoring.photo' ORDER BY id`,
          [id],
        );
        return rows.map((r) => r.framing);
      })
      .toEqual(['cut', 'cut', 'small', null]);
  });

  it('photo_action C only warns: it never stops', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate2.email, { photo_matching: 0, photo_action: 'C' });
    await primary(cand2, id, PERSON_A);
    await post('/api/test/startExam', cand2, { id });
    // matching off: another face passes
    expect((await check(cand2, id, PERSON_B)).json()).toMatchObject({ outcome: 'ok', warnings: 0 });
    for (let i = 1; i <= 6; i++)
      expect((await check(cand2, id, NO_FACE)).json()).toMatchObject({ warnings: i, stopped: false, reason: null });
    expect((await attemptRow(t, id)).status).toBe('001');
  });

  it('speaker check: 2+ speakers counts an audio warning; with audio_action S the 5th stops (111, speakers)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { speaker_dialect: 1, audio_action: 'S' });
    await primary(cand, id, PERSON_A);
    const audio = (ue: number) => {
      const form = audioForm({ userexamid: String(ue) }, Buffer.from('fake audio'));
      return t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand), ...form.headers },
        payload: form.payload,
      });
    };
    // before the start (the setup's microphone check) nothing is counted
    expect((await audio(id)).json()).toMatchObject({ speakers: 2, warnings: 0, stopped: false });
    await post('/api/test/startExam', cand, { id });
    fake.speakers = 1;
    expect((await audio(id)).json()).toMatchObject({ speakers: 1, warnings: 0, stopped: false, reason: null });
    fake.speakers = 2;
    for (let i = 1; i <= 4; i++) expect((await audio(id)).json()).toMatchObject({ warnings: i, stopped: false });
    expect((await audio(id)).json()).toMatchObject({ warnings: 5, stopped: true, reason: 'speakers' });
    expect(await attemptRow(t, id)).toMatchObject({ status: '111', abort_reason: 'speakers', audio_warnings: 5 });
    // audio_action C never stops
    const c = await monitoredAttempt(t, DEMO.candidate.email, { speaker_dialect: 1, audio_action: 'C' });
    await primary(cand, c, PERSON_A);
    await post('/api/test/startExam', cand, { id: c });
    for (let i = 1; i <= 6; i++) expect((await audio(c)).json()).toMatchObject({ warnings: i, stopped: false });
  });

  it('getaudio on a closed attempt (submitted, timed out, stopped 111) is 409 and stores nothing (ADR 0190)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate2.email, { speaker_dialect: 1, audio_action: 'S' });
    await primary(cand2, id, PERSON_A);
    const audio = (purpose: string) => {
      const form = audioForm({ userexamid: String(id), purpose }, Buffer.from('fake audio'));
      return t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand2), ...form.headers },
        payload: form.payload,
      });
    };
    const count = async () =>
      Number(
        (
          await t.database.executeSql(
            'SELECT count(*)::int AS n FROM proctoring_audio_checks WHERE user_exam_id = $1',
            [id],
          )
        ).rows[0]!.n,
      );
    // open: the setup's sample before the start and a check during the test are kept
    expect((await audio('baseline')).statusCode).toBe(200);
    await post('/api/test/startExam', cand2, { id });
    expect((await audio('check')).statusCode).toBe(200);
    const kept = await count();
    expect(kept).toBe(2);
    const analysed = fake.samples;
    for (const status of ['010', '011', '111']) {
      await t.database.executeSql(`UPDATE user_exams SET status = $2 WHERE id = $1`, [id, status]);
      for (const purpose of ['check', 'baseline']) {
        const res = await audio(purpose);
        expect(res.statusCode, `${status} ${purpose}`).toBe(409);
        expect(res.json()).toMatchObject({ message: 'This test is not in progress.', examStatus: status });
      }
    }
    expect(await count()).toBe(kept);
    expect(fake.samples).toBe(analysed);
    expect((await attemptRow(t, id)).audio_warnings).toBe(1);
  });

  it('speaker check: a voice over the candidate is judged against their own earlier samples (ADR 0101)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate2.email, { speaker_dialect: 1, audio_action: 'C' });
    await primary(cand2, id, PERSON_A);
    await post('/api/test/startExam', cand2, { id });
    const audio = async (overlap: number, speakers = 1) => {
      fake.speakers = speakers;
      fake.overlap = overlap;
      const form = audioForm({ userexamid: String(id) }, Buffer.from('fake audio'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand2), ...form.headers },
        payload: form.payload,
      });
      return res.json() as { speakers: number; warnings: number };
    };
    try {
      // the first sample has no baseline: a high score alone never makes two speakers
      expect(await audio(0.66)).toMatchObject({ speakers: 1, warnings: 0 });
      expect(await audio(0.55)).toMatchObject({ speakers: 1, warnings: 0 });
      // the baseline is now the mean of 0.66 and 0.55 (0.605): 0.63 is within the margin
      expect(await audio(0.63)).toMatchObject({ speakers: 1, warnings: 0 });
      // baseline (0.66 + 0.55 + 0.63) / 3 = 0.613; 0.70 is 0.087 above: a second voice
      expect(await audio(0.7)).toMatchObject({ speakers: 2, warnings: 1 });
      // a flagged sample does not raise the baseline: 0.70 again is flagged again
      expect(await audio(0.7)).toMatchObject({ speakers: 2, warnings: 2 });
      // BIC's own count of two stays two whatever the score
      expect(await audio(0.5, 2)).toMatchObject({ speakers: 2, warnings: 3 });
      const { rows } = await t.database.executeSql<{ speakers: number; overlap_score: string }>(
        'SELECT speakers, overlap_score FROM proctoring_audio_checks WHERE user_exam_id = $1 ORDER BY id',
        [id],
      );
      expect(rows.map((r) => [r.speakers, Number(r.overlap_score)])).toEqual([
        [1, 0.66],
        [1, 0.55],
        [1, 0.63],
        [2, 0.7],
        [2, 0.7],
        [2, 0.5],
      ]);
    } finally {
      fake.overlap = undefined;
      fake.speakers = 2;
    }
  });

  it('speaker check: the setup voice sample is the baseline of the first sample, judged by the server (ADR 0101)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate2.email, { speaker_dialect: 1, audio_action: 'S' });
    await primary(cand2, id, PERSON_A);
    const audio = async (purpose: string | null, overlap: number, speakers = 1, speech = 10) => {
      fake.speakers = speakers;
      fake.overlap = overlap;
      fake.speech = speech;
      const fields: Record<string, string> = { userexamid: String(id) };
      if (purpose) fields.purpose = purpose;
      const form = audioForm(fields, Buffer.from('fake audio'));
      return t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand2), ...form.headers },
        payload: form.payload,
      });
    };
    try {
      expect((await audio('loud', 0.5)).statusCode).toBe(400);
      // not usable: two voices by BIC, too little speech, or a score one voice alone does not reach
      expect((await audio('baseline', 0.55, 2)).json()).toMatchObject({ speakers: 2, warnings: 0, baseline: false });
      expect((await audio('baseline', 0.55, 1, 3)).json()).toMatchObject({ speakers: 1, baseline: false });
      expect((await audio('baseline', 0.64)).json()).toMatchObject({ speakers: 1, baseline: false });
      // the candidate alone: kept as the baseline
      expect((await audio('baseline', 0.56)).json()).toMatchObject({ speakers: 1, warnings: 0, baseline: true });
      await post('/api/test/startExam', cand2, { id });
      // a 'baseline' sample during the test is judged as a check (ADR 0180): a page that labels
      // every sample 'baseline' is still counted
      expect((await audio('baseline', 0.5, 3)).json()).toMatchObject({ speakers: 3, warnings: 1, stopped: false });
      // the first periodic sample, 0.07 above the setup's 0.56: a second voice (without a baseline: one)
      expect((await audio(null, 0.63)).json()).toMatchObject({ speakers: 2, warnings: 2, baseline: false });
      expect((await audio('check', 0.57)).json()).toMatchObject({ speakers: 1, warnings: 2 });
      const { rows } = await t.database.executeSql<{ speakers: number; overlap_score: string | null; purpose: string }>(
        'SELECT speakers, overlap_score, purpose FROM proctoring_audio_checks WHERE user_exam_id = $1 ORDER BY id',
        [id],
      );
      expect(
        rows.map((r) => [r.purpose, r.speakers, r.overlap_score === null ? null : Number(r.overlap_score)]),
      ).toEqual([
        ['baseline', 2, null],
        ['baseline', 1, null],
        ['baseline', 1, null],
        ['baseline', 1, 0.56],
        ['check', 3, 0.5],
        ['check', 2, 0.63],
        ['check', 1, 0.57],
      ]);
    } finally {
      fake.overlap = undefined;
      fake.speakers = 2;
      fake.speech = 10;
    }
  });

  it("another user's attempt is not found (404) on photoCheck, savePrimaryImage and the logs", async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, {});
    await primary(cand, id, PERSON_A);
    await post('/api/test/startExam', cand, { id });
    const missing = await check(cand2, 999_999, PERSON_A);
    const foreign = await check(cand2, id, PERSON_A);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await primary(cand2, id, PERSON_A)).statusCode).toBe(404);
    const log = await post('/api/mobile-testing/videoLogs', cand2, { userexamid: id, event: 'camera-off' });
    expect(log.statusCode).toBe(404);
    expect(await attemptRow(t, id)).toMatchObject({ photo_warnings: 0 });
  });

  it("accepts the spec's log fields (examId, status, error, tracks) and never trusts the client's userId", async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, {});
    const spec = {
      examId: id,
      questionNo: 3,
      userId: 1,
      status: 'failure',
      errorName: 'NotReadableError',
      errorMessage: 'Could not start video source',
      userAgent: 'Mozilla/5.0 Chrome/131',
      platform: 'Linux x86_64',
      deviceType: 'desktop',
      browser: 'Chrome',
      additionalLogs: [{ kind: 'video', label: 'Integrated Camera', enabled: true, readyState: 'ended' }],
    };
    expect((await post('/api/mobile-testing/videoLogs', cand, spec)).statusCode).toBe(200);
    // Another candidate's attempt by the spec's name is refused like by ours.
    expect((await post('/api/mobile-testing/videoLogs', cand2, { ...spec, examId: id })).statusCode).toBe(404);
    expect((await post('/api/mobile-testing/audioLogs', cand, { examId: id })).statusCode).toBe(400);
    expect((await post('/api/mobile-testing/audioLogs', cand, { status: 'maybe' })).statusCode).toBe(400);
    const { rows } = await t.database.executeSql<{ user_id: number; event: string; detail: string }>(
      `SELECT user_id, event, detail FROM proctoring_logs WHERE user_exam_id = $1 AND channel = 'video'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(await userId(t, DEMO.candidate.email));
    expect(rows[0]!.event).toBe('failure:NotReadableError');
    const detail = JSON.parse(rows[0]!.detail);
    expect(detail).toMatchObject({ questionNo: 3, errorName: 'NotReadableError', deviceType: 'desktop' });
    expect(detail.additionalLogs[0]).toEqual(spec.additionalLogs[0]);
    expect(detail).not.toHaveProperty('userId');
  });

  it('stores device logs per attempt with bounded sizes and a per-user rate limit', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate2.email, {});
    const ok = await post('/api/mobile-testing/store-permission-logs', cand2, {
      userexamid: id,
      event: 'camera-granted',
      detail: 'Chrome 131',
      at: '2026-11-23T10:00:00Z',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'SUCCESS' });
    expect((await post('/api/mobile-testing/audioLogs', cand2, { event: 'mic-level-low' })).statusCode).toBe(200);
    expect((await post('/api/mobile-testing/videoLogs', cand2, { event: 'x'.repeat(61) })).statusCode).toBe(400);
    expect(
      (await post('/api/mobile-testing/videoLogs', cand2, { event: 'long', detail: 'd'.repeat(2001) })).statusCode,
    ).toBe(400);
    const { rows } = await t.database.executeSql<Record<string, unknown>>(
      `SELECT user_exam_id, channel, event, detail, client_at FROM proctoring_logs WHERE user_id = $1 ORDER BY id`,
      [await userId(t, DEMO.candidate2.email)],
    );
    expect(rows).toEqual([
      {
        user_exam_id: id,
        channel: 'permission',
        event: 'camera-granted',
        detail: 'Chrome 131',
        client_at: '2026-11-23T10:00:00Z',
      },
      { user_exam_id: null, channel: 'audio', event: 'mic-level-low', detail: null, client_at: null },
    ]);
    let limited = 0;
    for (let i = 0; i < 62; i++)
      if ((await post('/api/mobile-testing/videoLogs', cand2, { event: 'tick' })).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
  });

  it('records a gap when a monitored attempt sent no picture for two photo_timer periods (check and sweep)', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_timer: 20 });
    await primary(cand, id, PERSON_A);
    await post('/api/test/startExam', cand, { id });
    await check(cand, id, PERSON_A);
    const gaps = async () =>
      (
        await t.database.executeSql<{ gap_seconds: number }>(
          `SELECT gap_seconds FROM proctoring_logs WHERE user_exam_id = $1 AND channel = 'gap' ORDER BY id`,
          [id],
        )
      ).rows.map((r) => Number(r.gap_seconds));
    expect(await gaps()).toEqual([]);
    await t.database.executeSql(`UPDATE user_exams SET last_photo_at = now() - interval '100 seconds' WHERE id = $1`, [
      id,
    ]);
    await check(cand, id, PERSON_A);
    expect((await gaps())[0]).toBeGreaterThanOrEqual(99);
    // Time passes (the gap row and the last picture move 400 s back), then a new 300 s silence:
    // the sweep finds it without waiting for the next picture, once per silence.
    await t.database.executeSql(
      `UPDATE proctoring_logs SET created_at = now() - interval '400 seconds' WHERE user_exam_id = $1`,
      [id],
    );
    await t.database.executeSql(`UPDATE user_exams SET last_photo_at = now() - interval '300 seconds' WHERE id = $1`, [
      id,
    ]);
    await t.app.ctx.services.proctoring.recordGaps();
    await t.app.ctx.services.proctoring.recordGaps();
    const after = await gaps();
    expect(after).toHaveLength(2);
    expect(after[1]).toBeGreaterThanOrEqual(299);
  });
});

describe('savePrimaryImage with the real analysis engine', () => {
  let t: TestApp;
  let cand: string;
  beforeAll(async () => {
    t = await createTestApp({ analysis: { ...loadConfig({}).analysis, workers: 1 } });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  it('no face and two faces are 422; one face is kept and matches its own periodic picture', async () => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 1, photo_action: 'S' });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });
    const face = fixture('astronaut.jpg');
    const noFace = await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: b64(fixture('coffee.jpg')) });
    expect(noFace.statusCode).toBe(422);
    expect(noFace.json()).toMatchObject({ outcome: 'N' });
    const sharp = (await import('sharp')).default;
    const two = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#888' } })
      .composite([
        { input: face, left: 0, top: 0 },
        { input: await sharp(face).flop().toBuffer(), left: 320, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const many = await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: b64(two) });
    expect(many.statusCode).toBe(422);
    expect(many.json()).toMatchObject({ outcome: 'M' });
    expect((await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: b64(face) })).statusCode).toBe(200);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    const checked = await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: b64(face) });
    expect(checked.json()).toMatchObject({ outcome: 'ok', face_count: 1, warnings: 0 });
    // the first pictures load the face models in the worker (8 s quiet, over 30 s at load 12):
    // a safety net, not a speed check (bench/analysis measures speed)
  }, 180_000);
});
