import type { Analyzer } from '@invigil/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { monitoredAttempt, oneFaceAnalyzer } from './proctoring-fixtures.ts';

/**
 * The analysis models take 15-20 s to load on a fresh node, which the first candidate used to wait
 * at the setup's first picture (slow-link walk, ADR 0237): the instruction page's settings call of
 * a monitored test starts the loading instead.
 */
describe("the analysis starts loading when a monitored test's instruction page asks for its settings", () => {
  let t: TestApp;
  let cand: string;
  let warmed = 0;

  beforeAll(async () => {
    const analyzer: Analyzer = { ...oneFaceAnalyzer(), warm: () => void warmed++ };
    t = await createTestApp({}, { analyzer });
    cand = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(() => t?.close());

  const settingsOf = async (settings: Record<string, unknown>) => {
    const id = await monitoredAttempt(t, DEMO.candidate.email, settings);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/getMonitoringData',
      headers: bearer(cand),
      payload: { userexamid: id },
    });
    expect(res.statusCode).toBe(200);
  };

  it('monitoring or the speaker check on: warmed; neither: not', async () => {
    await settingsOf({ monitoringflag: 1 });
    expect(warmed).toBe(1);
    await settingsOf({ monitoringflag: 0, speaker_dialect: 1 });
    expect(warmed).toBe(2);
    await settingsOf({ monitoringflag: 0, speaker_dialect: 0 });
    expect(warmed).toBe(2);
  });
});
