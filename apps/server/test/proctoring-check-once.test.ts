import { AnalysisBusyError, type Analyzer } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioForm } from './audio-form.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { faceSummary, monitoredAttempt, pngDataUrl } from './proctoring-fixtures.ts';

/**
 * ADR 0237 (slow-link walk): a periodic picture or speaker sample whose reply was lost on a bad
 * link is sent again by the page with the same `checkId`. It is judged, stored and counted once:
 * the re-send gets the kept reply. Before, each re-send was analysed and counted again, so one
 * lost reply made one "no face" two violations, and a re-sent picture read as a still image.
 */

const FACE = pngDataUrl(40);
const NO_FACE = pngDataUrl(42);

/** One face for width 40, none otherwise; two speakers in every sample; `busy` refuses both. */
class CountingAnalyzer {
  busy = false;
  pictures = 0;
  samples = 0;
  async describeFace(image: Buffer, embedding: boolean) {
    if (this.busy) throw new AnalysisBusyError(5);
    this.pictures++;
    if (image.readUInt32BE(16) === 40) return { ...faceSummary(1), embedding: embedding ? [1, 0, 0, 0] : null };
    return faceSummary(0);
  }
  async countSpeakers() {
    if (this.busy) throw new AnalysisBusyError(5);
    this.samples++;
    return { speakers: 2, speechSeconds: 10, durationSeconds: 15 };
  }
  async stats() {
    return {};
  }
  async close() {}
}

describe('a check sent again after its reply was lost is judged once (ADR 0237)', () => {
  let t: TestApp;
  let cand: string;
  let cand2: string;
  let support: string;
  const fake = new CountingAnalyzer();

  beforeAll(async () => {
    t = await createTestApp({ proctoringSamplesPerMinute: 10_000 }, { analyzer: fake as unknown as Analyzer });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    cand2 = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, token = cand) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const check = (userexamid: number, imagePath: string, checkId?: string, token = cand) =>
    post('/api/proctoring/photoCheck', { userexamid, imagePath, ...(checkId ? { checkId } : {}) }, token);
  const sample = (userexamid: number, checkId?: string) => {
    const form = audioForm({ userexamid: String(userexamid), ...(checkId ? { checkId } : {}) }, Buffer.from('x'));
    return t.app.inject({
      method: 'POST',
      url: '/api/test/getaudio',
      headers: { ...bearer(cand), ...form.headers },
      payload: form.payload,
    });
  };
  async function started(settings: Record<string, unknown>): Promise<number> {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 0, ...settings });
    expect((await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: FACE })).statusCode).toBe(200);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    // a photo_timer (20 s) since the start: the first picture is the page's first run (ADR 0239)
    await t.database.executeSql(
      `UPDATE user_exams SET started_at = started_at - interval '20 seconds',
              deadline_at = deadline_at - interval '20 seconds', photo_run_at = photo_run_at - interval '20 seconds'
        WHERE id = $1`,
      [id],
    );
    return id;
  }
  const row = async (id: number) =>
    (
      await t.database.executeSql<Record<string, unknown>>(
        `SELECT status, photo_warnings, audio_warnings, photo_checks,
                (SELECT count(*)::int FROM proctoring_images WHERE user_exam_id = $1 AND kind <> 'primary') AS pictures,
                (SELECT count(*)::int FROM proctoring_audio_checks WHERE user_exam_id = $1) AS samples
           FROM user_exams WHERE id = $1`,
        [id],
      )
    ).rows[0]!;
  const events = async (id: number, kind: string) => {
    const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    return (res.json().events as { kind: string }[]).filter((e) => e.kind === kind).length;
  };

  it('a "no face" picture sent twice is one violation, one picture and one timeline event', async () => {
    const id = await started({ photo_action: 'C' });
    const before = fake.pictures;
    const first = await check(id, NO_FACE, 'pic-0001-aaaa');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'N', warnings: 1 });
    const again = await check(id, NO_FACE, 'pic-0001-aaaa');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(fake.pictures - before).toBe(1);
    expect(await row(id)).toMatchObject({ photo_warnings: 1, pictures: 1, photo_checks: 1 });
    expect(await events(id, 'proctoring.photo')).toBe(1);
    // a new picture (a new id) is judged as before
    expect((await check(id, NO_FACE, 'pic-0002-aaaa')).json()).toMatchObject({ warnings: 2 });
    expect(await row(id)).toMatchObject({ photo_warnings: 2, pictures: 2 });
  });

  it("the stopping check's reply is given again after the stop, not a 409", async () => {
    const id = await started({ photo_action: 'S' });
    for (let i = 1; i <= 3; i++) await check(id, NO_FACE, `stop-000${i}-x`);
    const stop = await check(id, NO_FACE, 'stop-0004-x');
    expect(stop.json()).toMatchObject({ warnings: 4, stopped: true, reason: 'no_face' });
    const again = await check(id, NO_FACE, 'stop-0004-x');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(stop.json());
    // a check never judged is refused on the closed attempt as before
    expect((await check(id, NO_FACE, 'stop-0005-x')).statusCode).toBe(409);
    expect(await row(id)).toMatchObject({ status: '111', photo_warnings: 4 });
  });

  it('a picture the busy analysis refused (503) is judged when it comes again', async () => {
    const id = await started({ photo_action: 'C' });
    fake.busy = true;
    const refused = await check(id, FACE, 'busy-0001-x');
    fake.busy = false;
    expect(refused.statusCode).toBe(503);
    const later = await check(id, FACE, 'busy-0001-x');
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ outcome: 'ok', warnings: 0 });
    expect(await row(id)).toMatchObject({ pictures: 1, photo_checks: 1 });
  });

  it('a speaker sample sent twice counts one audio warning', async () => {
    const id = await started({ speaker_dialect: 1, audio_action: 'C' });
    const before = fake.samples;
    const first = await sample(id, 'snd-0001-aaaa');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ speakers: 2, warnings: 1 });
    const again = await sample(id, 'snd-0001-aaaa');
    expect(again.json()).toEqual(first.json());
    expect(fake.samples - before).toBe(1);
    expect(await row(id)).toMatchObject({ audio_warnings: 1, samples: 1 });
    // a picture and a sample of one name are two checks
    expect((await check(id, FACE, 'snd-0001-aaaa')).json()).toMatchObject({ outcome: 'ok' });
  });

  it('a used name sent with another picture is no check: nothing analysed, stored or moved (a gap follows)', async () => {
    const id = await started({ photo_action: 'C' });
    expect((await check(id, FACE, 'same-0001-x')).json()).toMatchObject({ outcome: 'ok' });
    const last = async () =>
      (await t.database.executeSql<{ at: Date }>('SELECT last_photo_at AS at FROM user_exams WHERE id = $1', [id]))
        .rows[0]!.at;
    const arrived = await last();
    const before = fake.pictures;
    // a tampered page naming every later picture as the first one gets the first reply back...
    expect((await check(id, NO_FACE, 'same-0001-x')).json()).toMatchObject({ outcome: 'ok', warnings: 0 });
    // ...but nothing was checked: the server's record is a silence, which the sweep makes a gap
    expect(fake.pictures).toBe(before);
    expect(await row(id)).toMatchObject({ pictures: 1, photo_checks: 1 });
    expect(await last()).toEqual(arrived);
  });

  it("another candidate's attempt stays 404 whatever the id, and a malformed id is 400", async () => {
    const id = await started({ photo_action: 'C' });
    await check(id, NO_FACE, 'mine-0001-x');
    expect((await check(id, NO_FACE, 'mine-0001-x', cand2)).statusCode).toBe(404);
    expect((await check(id, NO_FACE, 'bad id!')).statusCode).toBe(400);
    expect((await sample(id, 'no')).statusCode).toBe(400);
  });
});
