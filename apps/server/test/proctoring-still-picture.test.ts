import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { monitoredAttempt, oneFaceAnalyzer, pngDataUrl } from './proctoring-fixtures.ts';

/**
 * ADR 0228: a periodic picture that is, byte for byte, the attempt's previous picture or its setup
 * picture is a still image (a virtual camera showing a photo, a replayed request); a real camera
 * never sends the same JPEG twice. Support reads it on the timeline; the verdict is unchanged.
 */

const png = (width: number) => pngDataUrl(width);

describe('a still picture sent again (ADR 0228)', () => {
  let t: TestApp;
  let cand: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ proctoringSamplesPerMinute: 10_000 }, { analyzer: oneFaceAnalyzer() });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(cand), payload });

  async function startedAttempt(primary: string): Promise<number> {
    const id = await monitoredAttempt(t, DEMO.candidate.email, { photo_matching: 0 });
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
