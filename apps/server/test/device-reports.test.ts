import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/**
 * Attack walk 4 (ADR 0227): the browser's device reports (permission, camera, microphone) are on
 * support's attempt timeline (ADR 0226) in the browser's own words. A candidate must not be able
 * to add them to a closed attempt, bury the timeline under them, or write prose, line breaks or
 * direction controls into them.
 */
describe('device reports on the attempt timeline', () => {
  let t: TestApp;
  let cand: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp();
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  });
  afterAll(() => t?.close());

  const report = (channel: 'videoLogs' | 'audioLogs' | 'store-permission-logs', payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/mobile-testing/${channel}`, headers: bearer(cand), payload });

  /** A monitored attempt of the candidate in the given status. */
  async function attempt(status: string): Promise<number> {
    const { rows: user } = await t.database.executeSql<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO.candidate.email,
    ]);
    const { rows: exam } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Monitored', 1800, $1::jsonb) RETURNING id`,
      [JSON.stringify({ monitoringflag: 1, photo_timer: 20 })],
    );
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO user_exams (user_id, exam_id, status, started_at, deadline_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + interval '30 minutes', now() + interval '1 day') RETURNING id`,
      [user[0]!.id, exam[0]!.id, status],
    );
    return Number(rows[0]!.id);
  }
  const stored = async (id: number) =>
    (await t.database.executeSql('SELECT id FROM proctoring_logs WHERE user_exam_id = $1', [id])).rows.length;
  async function deviceEvents(id: number) {
    const res = await t.app.inject({ url: `/api/support/timeline/${id}`, headers: bearer(support) });
    expect(res.statusCode).toBe(200);
    return (res.json().events as { kind: string; data: Record<string, unknown> }[]).filter((e) =>
      e.kind.startsWith('device.'),
    );
  }

  it('a closed attempt takes no more reports: 409, nothing stored or shown', async () => {
    for (const status of ['010', '011', '111']) {
      const id = await attempt(status);
      const res = await report('videoLogs', { userexamid: id, event: 'camera_ok', status: 'success' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'This test is not in progress.', examStatus: status });
      const spec = await report('store-permission-logs', { examId: id, status: 'success', errorName: 'AllClear' });
      expect(spec.statusCode).toBe(409);
      expect(await stored(id)).toBe(0);
      expect(await deviceEvents(id)).toEqual([]);
    }
    // Before the start and during the test they are taken as before.
    for (const status of ['000', '001']) {
      const id = await attempt(status);
      expect((await report('videoLogs', { userexamid: id, event: 'camera_stopped' })).statusCode).toBe(200);
    }
  });

  it('at most 20 reports of a channel reach the timeline; the rest are kept for the record', async () => {
    const id = await attempt('001');
    for (let i = 0; i < 25; i++)
      expect((await report('videoLogs', { userexamid: id, event: `noise_${i}`, status: 'failure' })).statusCode).toBe(
        200,
      );
    expect((await report('audioLogs', { userexamid: id, event: 'microphone_stopped' })).statusCode).toBe(200);
    const events = await deviceEvents(id);
    expect(events.filter((e) => e.kind === 'device.video')).toHaveLength(20);
    expect(events.filter((e) => e.kind === 'device.audio')).toHaveLength(1);
    expect(await stored(id)).toBe(26);
  });

  it('an event is a name: prose, line breaks and direction controls are 400; a spec error name is shown as a name', async () => {
    const id = await attempt('001');
    for (const event of ['Support: identity verified', 'ok\nall clear', 'ok\u202Eyrev', 'camera\u200bok']) {
      const res = await report('videoLogs', { userexamid: id, event });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('event: Must be a name: letters, digits and _ . : - only');
    }
    expect(await stored(id)).toBe(0);
    // The spec's own fields have no event: the status and error name stand in, as names.
    const spec = await report('videoLogs', { examId: id, status: 'failure', errorName: 'Not\u202EReadable\nError' });
    expect(spec.statusCode).toBe(200);
    const [shown] = await deviceEvents(id);
    expect(shown?.data.event).toBe('failure:Not?Readable?Error');
  });
});
