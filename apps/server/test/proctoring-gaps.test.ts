import { PHOTO_CHECK_RUNS } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProctoringRepository } from '../src/modules/proctoring/proctoring.repository.ts';
import { audioForm } from './audio-form.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { faceSummary, monitoredAttempt, oneFaceAnalyzer, pngDataUrl } from './proctoring-fixtures.ts';

/**
 * Proctoring walk 2 (ADR 0226): a silence of the periodic photo check is a gap support can read on
 * the attempt's timeline, and the browser's last scheduled check (the spec's 4 runs) is no silence.
 */

const FACE = pngDataUrl();

/** While set, the fake analysis pool is overloaded: every picture and sample is refused (503). */
let overloaded = false;
/** While set, the fake analysis sees no face in a picture. */
let noFace = false;

/** The one-face analysis, but no face while `noFace` is set. */
function analyzer() {
  const base = oneFaceAnalyzer(() => overloaded);
  return {
    ...base,
    describeFace: async (image: Buffer, embedding: boolean, scene?: boolean) =>
      noFace ? { ...faceSummary(0), embedding: null } : base.describeFace(image, embedding, scene),
  };
}

/** When the server refused pictures and samples for a busy analysis: moved back with the rest as time passes. */
const BUSY_TIMES = ['picture_busy_from', 'picture_busy_to', 'audio_busy_from', 'audio_busy_to'];

describe('gaps in the periodic photo check', () => {
  let t: TestApp;
  let cand: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ proctoringSamplesPerMinute: 10_000 }, { analyzer: analyzer() });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });
  const sql = (text: string, id: number) => t.database.executeSql(text, [id]);
  const sweep = () => t.app.ctx.services.proctoring.recordGaps();

  /**
   * A new monitored test (photo_timer 20, no matching) started by the candidate past its camera
   * setup; `settings` replace the monitoring settings (a speaker check alone needs no camera).
   */
  async function startedAttempt(settings?: Record<string, unknown>): Promise<number> {
    const id = await monitoredAttempt(t, DEMO.candidate.email, settings ?? { photo_matching: 0 });
    if (!settings || settings.monitoringflag)
      expect((await post('/api/test/savePrimaryImage', { userexamid: id, imagePath: FACE })).statusCode).toBe(200);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    return id;
  }
  /** A periodic picture, taken `takenAgoMs` before it is sent (the page's hint). */
  const check = async (id: number, takenAgoMs?: number) =>
    expect(
      (await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: FACE, takenAgoMs })).json(),
    ).toMatchObject({ outcome: noFace ? 'N' : 'ok' });
  /** `seconds` pass, then a picture: the runs the server has counted after it. */
  const runsAfter = async (id: number, seconds: number) => {
    await pass(id, seconds);
    await check(id);
    return runs(id);
  };
  /** The browser's runs the server counted since the start or the last resume. */
  const runs = async (id: number) =>
    Number(
      ((await sql(`SELECT photo_checks FROM user_exams WHERE id = $1`, id)).rows[0] as { photo_checks: number })
        .photo_checks,
    );
  /** The last picture (or the start) `seconds` back, as if the time had passed. */
  const silence = (id: number, seconds: number) =>
    sql(
      `UPDATE user_exams SET last_photo_at = now() - make_interval(secs => ${seconds}),
              started_at = now() - make_interval(secs => ${seconds + 60}) WHERE id = $1`,
      id,
    );
  /** `seconds` pass: the attempt's start, deadline and last picture move that far back. */
  const pass = (id: number, seconds: number) =>
    sql(
      `UPDATE user_exams SET started_at = started_at - make_interval(secs => ${seconds}),
              deadline_at = deadline_at - make_interval(secs => ${seconds}),
              last_photo_at = last_photo_at - make_interval(secs => ${seconds}),
              last_audio_at = last_audio_at - make_interval(secs => ${seconds}),
              photo_run_at = photo_run_at - make_interval(secs => ${seconds}),
              ${BUSY_TIMES.map((c) => `${c} = ${c} - make_interval(secs => ${seconds})`).join(', ')} WHERE id = $1`,
      id,
    );
  const gapRows = async (id: number) =>
    (await sql(`SELECT gap_seconds FROM proctoring_logs WHERE user_exam_id = $1 AND channel = 'gap'`, id)).rows.length;
  /** The attempt's timeline events of one kind, as support reads them (newest first). */
  const timelineOf = async (id: number, kind: string) => {
    const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    expect(res.statusCode).toBe(200);
    return (res.json().events as { kind: string; data: Record<string, unknown> }[]).filter((e) => e.kind === kind);
  };
  const timelineGaps = (id: number) => timelineOf(id, 'proctoring.gap');

  it('support reads a silence on the timeline: found by the next picture or by the sweep', async () => {
    const id = await startedAttempt();
    await check(id);
    await silence(id, 100);
    await check(id);
    const [byCheck] = await timelineGaps(id);
    expect(byCheck?.data.seconds).toBeGreaterThanOrEqual(99);
    expect(Date.now() - Date.parse(String(byCheck?.data.since))).toBeGreaterThanOrEqual(99_000);

    await silence(id, 300);
    await sql(`UPDATE proctoring_logs SET created_at = now() - interval '400 seconds' WHERE user_exam_id = $1`, id);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const gaps = await timelineGaps(id);
    expect(gaps).toHaveLength(2);
    expect(gaps[0]!.data.seconds).toBeGreaterThanOrEqual(299);
  });

  it('after the browser took its 4 checks the silence is no gap; a resumed page starts them over', async () => {
    const id = await startedAttempt();
    for (let i = 0; i < PHOTO_CHECK_RUNS; i++) {
      await pass(id, 20);
      await check(id);
    }
    expect(await runs(id)).toBe(PHOTO_CHECK_RUNS);
    await silence(id, 300);
    await sweep();
    expect(await gapRows(id)).toBe(0);
    expect(await timelineGaps(id)).toEqual([]);

    // A reload: the resumed page takes its checks again, so a silence after it is a gap.
    expect((await post('/api/test/resumeExam', { id })).statusCode).toBe(200);
    await sweep();
    expect(await gapRows(id)).toBe(0);
    await check(id);
    await silence(id, 100);
    await sweep();
    expect(await gapRows(id)).toBe(1);
    expect(await timelineGaps(id)).toHaveLength(1);
  });

  it('resumes without pictures do not end a silence while checks were owed (attack walk 4)', async () => {
    // One picture, then a resume every 30 s (photo_timer 20) and no picture again: a script, or a
    // page reloaded more often than photo_timer (its first check is photo_timer after it loads).
    // A resume must not start that silence over.
    const id = await startedAttempt();
    await check(id);
    await sql(`UPDATE user_exams SET photo_warnings = 2 WHERE id = $1`, id);
    for (let i = 0; i < 3; i++) {
      await pass(id, 30);
      expect((await post('/api/test/resumeExam', { id })).statusCode).toBe(200);
      await sweep();
    }
    expect(await gapRows(id)).toBe(1);
    const [gap] = await timelineGaps(id);
    expect(gap?.data.seconds).toBeGreaterThanOrEqual(59);
    // The resumes leave the violations counted so far as they were.
    const { rows } = await sql(`SELECT photo_warnings FROM user_exams WHERE id = $1`, id);
    expect(Number((rows[0] as { photo_warnings: number }).photo_warnings)).toBe(2);
  });

  describe("the browser's 4 runs are counted on the server's clock (security review row 87, ADR 0239)", () => {
    it('four pictures within a second of the start, then nothing, are one early picture: the silence is a gap', async () => {
      const id = await startedAttempt();
      for (let i = 0; i < PHOTO_CHECK_RUNS; i++) await check(id);
      expect(await runs(id)).toBe(0);
      await pass(id, 60);
      await sweep();
      expect(await gapRows(id)).toBe(1);
      // a claim that they were taken long ago counts for nothing before the start
      const later = await startedAttempt();
      for (let i = 0; i < PHOTO_CHECK_RUNS; i++) await check(later, 3_600_000);
      expect(await runs(later)).toBe(0);
    });

    it('a burst after the first run is one run; the runs after it come a photo_timer apart', async () => {
      const id = await startedAttempt();
      await pass(id, 20);
      for (let i = 0; i < 3; i++) await check(id);
      expect(await runs(id)).toBe(1);
      expect(await runsAfter(id, 15)).toBe(1);
      expect(await runsAfter(id, 2)).toBe(2);
    });

    it('pictures kept through an outage count as the runs they were, by when the page took them', async () => {
      const id = await startedAttempt();
      await pass(id, 20);
      await check(id);
      // offline from 30 s to 90 s: the pictures of 40, 60 and 80 s go together at 90 s
      await pass(id, 70);
      for (const ago of [50_000, 30_000, 10_000]) await check(id, ago);
      expect(await runs(id)).toBe(PHOTO_CHECK_RUNS);
      // the outage itself was a silence (70 s, found when the pictures came); the end is not
      expect(await gapRows(id)).toBe(1);
      // the timeline notes, as the page's word, how long each kept picture waited
      const photos = await timelineOf(id, 'proctoring.photo');
      expect(photos.map((e) => e.data.keptSeconds)).toEqual([10, 30, 50, undefined]);
      await pass(id, 300);
      await sweep();
      expect(await gapRows(id)).toBe(1);
    });

    it("with photo_action 'S' the retake after a problem is a run; with 'C' there is no retake", async () => {
      for (const [photo_action, counted] of [
        ['S', 2],
        ['C', 1],
      ] as const) {
        const id = await startedAttempt({ monitoringflag: 1, photo_matching: 0, photo_action });
        await pass(id, 20);
        noFace = true;
        try {
          await check(id);
        } finally {
          noFace = false;
        }
        await check(id);
        expect(await runs(id)).toBe(counted);
      }
    });

    it('a resumed page is due a photo_timer after its resume, however long the attempt ran', async () => {
      const id = await startedAttempt();
      await pass(id, 200);
      expect((await post('/api/test/resumeExam', { id })).statusCode).toBe(200);
      await check(id);
      expect(await runs(id)).toBe(0);
      expect(await runsAfter(id, 20)).toBe(1);
    });
  });

  it("the browser's device reports of an attempt are on its timeline, the other user's are refused", async () => {
    const id = await startedAttempt();
    const log = (url: string, token: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expect(
      (await log('/api/mobile-testing/videoLogs', cand, { userexamid: id, event: 'camera_stopped', status: 'failure' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await log('/api/mobile-testing/store-permission-logs', cand, {
          examId: id,
          status: 'failure',
          errorName: 'NotAllowedError',
        })
      ).statusCode,
    ).toBe(200);
    const other = await loginAs(t.app, DEMO.candidate2.email, DEMO.candidate2.password);
    expect((await log('/api/mobile-testing/videoLogs', other, { userexamid: id, event: 'forged' })).statusCode).toBe(
      404,
    );
    const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    const device = (res.json().events as { kind: string; data: Record<string, unknown> }[])
      .filter((e) => e.kind.startsWith('device.'))
      .map((e) => [e.kind, e.data.event, e.data.status]);
    expect(device).toEqual([
      ['device.permission', 'failure:NotAllowedError', 'failure'],
      ['device.video', 'camera_stopped', 'failure'],
    ]);
  });

  describe('gaps while the analysis pool was busy (ADR 0235)', () => {
    /** A periodic picture the overloaded pool refuses: 503 with Retry-After, nothing stored or counted. */
    const refused = async (id: number) => {
      const res = await post('/api/proctoring/photoCheck', { userexamid: id, imagePath: FACE });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    };
    const busyOf = (gap: { data: Record<string, unknown> } | undefined) =>
      gap?.data.busy as { refused: number; from: string; to: string } | undefined;
    const overload = async (fn: () => Promise<void>) => {
      overloaded = true;
      try {
        await fn();
      } finally {
        overloaded = false;
      }
    };

    it('a gap the sweep finds while pictures were refused says so; the delivered picture closes it', async () => {
      const id = await startedAttempt();
      await check(id);
      await pass(id, 100);
      await overload(async () => {
        for (let i = 0; i < 3; i++) await refused(id);
      });
      await sweep();
      const [gap] = await timelineGaps(id);
      expect(gap?.data.seconds).toBeGreaterThanOrEqual(99);
      const busy = busyOf(gap);
      expect(busy?.refused).toBe(3);
      // the refusals came within the silence, the last one after the first
      expect(Date.parse(busy!.from)).toBeGreaterThanOrEqual(Date.parse(String(gap!.data.since)));
      expect(Date.parse(busy!.to)).toBeGreaterThanOrEqual(Date.parse(busy!.from));
      // the row kept for the attempt holds the reason too
      const { rows } = await sql(`SELECT detail FROM proctoring_logs WHERE user_exam_id = $1 AND channel = 'gap'`, id);
      expect(JSON.parse(String((rows[0] as { detail: string }).detail))).toMatchObject({ busy: { refused: 3 } });

      // The browser kept the picture and sends it again once the pool has room: it is checked and
      // ends the silence as any picture does (no second gap, and none from the sweep after it).
      await check(id);
      await sweep();
      expect(await gapRows(id)).toBe(1);
      const { rows: at } = await sql(
        `SELECT last_photo_at > now() - interval '5 seconds' AS fresh FROM user_exams WHERE id = $1`,
        id,
      );
      expect((at[0] as { fresh: boolean }).fresh).toBe(true);
    });

    it('a gap ended by the picture the pool refused before carries the refusals too', async () => {
      const id = await startedAttempt();
      await check(id);
      await pass(id, 100);
      await overload(async () => {
        await refused(id);
        await refused(id);
      });
      await check(id);
      const [gap] = await timelineGaps(id);
      expect(busyOf(gap)?.refused).toBe(2);
      expect(await gapRows(id)).toBe(1);
    });

    /** 100 s pass and the sweep runs: its gap on the timeline names no busy pool. */
    const expectPlainGapAfter100s = async (id: number) => {
      await pass(id, 100);
      await sweep();
      const [gap] = await timelineGaps(id);
      expect(gap?.data.seconds).toBeGreaterThanOrEqual(99);
      expect(gap?.data).not.toHaveProperty('busy');
    };

    it('a gap without refusals, or with refusals only before the last picture, names no busy pool', async () => {
      const plain = await startedAttempt();
      await check(plain);
      await expectPlainGapAfter100s(plain);

      // refused once, then a picture got through: the silence after it is the candidate's
      const earlier = await startedAttempt();
      await overload(() => refused(earlier));
      await check(earlier);
      await expectPlainGapAfter100s(earlier);
    });
  });

  describe('gaps in the speaker check (ADR 0233)', () => {
    const SPEAKER_ONLY = { monitoringflag: 0, photo_timer: 60, speaker_dialect: 1, audio_action: 'C' };
    const sample = async (id: number, status = 200) => {
      const form = audioForm({ userexamid: String(id) }, Buffer.from('fake audio'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/getaudio',
        headers: { ...bearer(cand), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(status);
    };
    /** `seconds` pass: the start, the last sample and the gaps of the attempt move that far back. */
    const passAudio = async (id: number, seconds: number) => {
      await sql(
        `UPDATE user_exams SET started_at = started_at - make_interval(secs => ${seconds}),
                last_audio_at = last_audio_at - make_interval(secs => ${seconds}),
              photo_run_at = photo_run_at - make_interval(secs => ${seconds}),
                ${BUSY_TIMES.map((c) => `${c} = ${c} - make_interval(secs => ${seconds})`).join(', ')} WHERE id = $1`,
        id,
      );
      await sql(
        `UPDATE proctoring_logs SET created_at = created_at - make_interval(secs => ${seconds}) WHERE user_exam_id = $1`,
        id,
      );
    };
    const audioGaps = async (id: number) =>
      (
        await sql(
          `SELECT gap_seconds FROM proctoring_logs WHERE user_exam_id = $1 AND channel = 'gap' AND event = 'no_audio'`,
          id,
        )
      ).rows.length;
    const timeline = async (id: number) => {
      const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
      return (res.json().events as { kind: string; data: Record<string, unknown> }[]).filter((e) =>
        e.kind.endsWith('gap'),
      );
    };

    it('samples on schedule are no gap; a silence of two periods and a sample is, by the sweep or the next sample', async () => {
      // photo_timer 60: a sample every 60 s, so a silence over 2 x 60 + 15 = 135 s is a gap
      const id = await startedAttempt(SPEAKER_ONLY);
      await passAudio(id, 45);
      await sample(id);
      for (let i = 0; i < 3; i++) {
        await passAudio(id, 60);
        await sample(id);
        await sweep();
      }
      await passAudio(id, 130);
      await sweep();
      expect(await audioGaps(id)).toBe(0);

      await passAudio(id, 10);
      await sweep();
      await sweep();
      expect(await audioGaps(id)).toBe(1);
      const [bySweep] = await timeline(id);
      expect(bySweep).toMatchObject({ kind: 'proctoring.audio_gap' });
      expect(Number(bySweep!.data.seconds)).toBeGreaterThanOrEqual(139);
      // the sample that ends the silence records no second gap for it
      await sample(id);
      expect(await audioGaps(id)).toBe(1);

      // a silence found by the next sample, before any sweep
      await passAudio(id, 200);
      await sample(id);
      expect(await audioGaps(id)).toBe(2);
      expect((await timeline(id)).map((e) => e.kind)).toEqual(['proctoring.audio_gap', 'proctoring.audio_gap']);
    });

    it('a microphone that never sends a sample leaves a gap from the start; a picture gap is apart from it', async () => {
      const id = await startedAttempt({ monitoringflag: 1, photo_timer: 20, photo_matching: 0, speaker_dialect: 1 });
      // photo_timer 20 is under 30: samples every 40 s, a gap after 2 x 40 + 15 = 95 s
      await pass(id, 90);
      await sweep();
      expect(await audioGaps(id)).toBe(0);
      await pass(id, 10);
      await sweep();
      expect(await audioGaps(id)).toBe(1);
      // no picture either: the photo check's own gap is recorded too, not hidden by the audio one
      expect(await gapRows(id)).toBe(2);
      expect((await timeline(id)).map((e) => e.kind).sort()).toEqual(['proctoring.audio_gap', 'proctoring.gap']);
    });

    it('an audio gap recorded first does not hide a later silence of the camera', async () => {
      const id = await startedAttempt({ monitoringflag: 1, photo_timer: 20, photo_matching: 0, speaker_dialect: 1 });
      // pictures every 30 s (under two periods of 20 s), no sample for 100 s: an audio gap only
      for (let i = 0; i < 3; i++) {
        await pass(id, 30);
        await check(id);
      }
      await pass(id, 10);
      await sweep();
      expect(await audioGaps(id)).toBe(1);
      expect(await gapRows(id)).toBe(1);
      // then the camera goes quiet too, with checks still owed: its own gap
      await pass(id, 50);
      await sweep();
      expect(await gapRows(id)).toBe(2);
      expect((await timeline(id)).map((e) => e.kind).sort()).toEqual(['proctoring.audio_gap', 'proctoring.gap']);
    });

    it('silences already recorded do not fill a sweep: more silent attempts than a batch all get theirs', async () => {
      // A test centre's link goes down: more silent attempts than one sweep records (500; 1 here).
      // Before, the batch was chosen before dropping the silences already recorded, so the same
      // first attempts filled it on every sweep and the others never got a gap.
      const both = { monitoringflag: 1, photo_timer: 20, photo_matching: 0, speaker_dialect: 1 };
      const ids = [await startedAttempt(both), await startedAttempt(both)];
      for (const id of ids) await pass(id, 200);
      const repo = new ProctoringRepository(t.database);
      for (let i = 0; i < 50 && (await repo.recordGaps(120, PHOTO_CHECK_RUNS, 1)).length > 0; i++);
      for (let i = 0; i < 50 && (await repo.recordAudioGaps(120, 1)).length > 0; i++);
      for (const id of ids) {
        expect(await audioGaps(id)).toBe(1);
        expect(await gapRows(id)).toBe(2);
      }
    });

    it('a speaker gap while the pool refused samples says so; the next sample closes it (ADR 0235)', async () => {
      const id = await startedAttempt(SPEAKER_ONLY);
      await sample(id);
      overloaded = true;
      try {
        for (let i = 0; i < 2; i++) await sample(id, 503);
      } finally {
        overloaded = false;
      }
      await passAudio(id, 140);
      await sweep();
      const [gap] = await timeline(id);
      expect(gap).toMatchObject({ kind: 'proctoring.audio_gap', data: { busy: { refused: 2 } } });
      await sample(id);
      expect(await audioGaps(id)).toBe(1);

      // the next silence, with no refusal in it, names no busy pool
      await passAudio(id, 140);
      await sweep();
      const gaps = await timeline(id);
      expect(gaps).toHaveLength(2);
      expect(gaps.filter((g) => g.data.busy)).toHaveLength(1);
    });

    it('tests without the speaker check, and attempts not in progress, get no audio gap', async () => {
      const photoOnly = await startedAttempt();
      await check(photoOnly);
      await pass(photoOnly, 500);
      await check(photoOnly);
      await sweep();
      expect(await audioGaps(photoOnly)).toBe(0);

      const done = await startedAttempt(SPEAKER_ONLY);
      await sql(`UPDATE user_exams SET status = '010' WHERE id = $1`, done);
      await passAudio(done, 1000);
      await sweep();
      expect(await audioGaps(done)).toBe(0);
    });
  });
});
