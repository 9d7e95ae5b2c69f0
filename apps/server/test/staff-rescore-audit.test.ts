import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId } from './exam/support.ts';
import type { Reply } from './reply.ts';

/**
 * Staff walk 2 (ADR 0223): `manualGenerateResult` lets staff score any submitted attempt again
 * at once, beside the queued ReGenerate. Like every other staff action (ADR 0120) it names the
 * staff member on the attempt's timeline; the candidate's own call stays a plain scoring run.
 */
let t: TestApp;
let support: string;
let candidate: string;
beforeAll(async () => {
  t = await createTestApp();
  support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
  candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => t?.close());

const rescore = (token: string, id: number) =>
  t.app.inject({ method: 'POST', url: '/api/test/manualGenerateResult', headers: bearer(token), payload: { id } });
const timeline = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/support/timeline/${id}`, headers: bearer(support) })).json<
    Reply<'GET /api/support/timeline/:userExamId'>
  >().events;

describe(`a staff re-score through manualGenerateResult (${dbKind})`, () => {
  it('is on the timeline with the staff member as its actor', async () => {
    // Quantitative Skills: the demo candidate's completed and processed test.
    const id = await attemptId(t, DEMO.candidate.email, 'Quantitative Skills');
    const res = await rescore(support, id);
    expect(res.statusCode).toBe(200);
    const staff = (await timeline(id)).filter((e) => e.kind === 'staff.manualGenerate');
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ actor: DEMO.support.email, data: { resultStatus: 'Processed' } });
  });

  it('is not a staff event when candidates score their own attempt', async () => {
    const id = await attemptId(t, DEMO.candidate.email, 'Numerical Reasoning');
    expect((await rescore(candidate, id)).statusCode).toBe(200);
    const events = await timeline(id);
    expect(events.some((e) => e.kind === 'staff.manualGenerate')).toBe(false);
    expect(events.some((e) => e.kind === 'score.run')).toBe(true);
  });
});
