import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESCORES_PER_MINUTE } from '../src/modules/results/results.routes.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

/** Scoring runs coding answers in the shared sandbox: a candidate's loop on re-scoring is cut off. */
describe('re-scoring budget', () => {
  let t: TestApp;
  let candidate: string;
  let support: string;
  let own: number;

  beforeAll(async () => {
    t = await createTestApp();
    candidate = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const { rows } = await t.database.executeSql<{ id: number }>(
      `SELECT ue.id FROM user_exams ue JOIN users u ON u.id = ue.user_id
        WHERE u.email = $1 AND ue.result_status = 'Processed' ORDER BY ue.id LIMIT 1`,
      [DEMO.candidate.email],
    );
    own = Number(rows[0]!.id);
  });
  afterAll(() => t?.close());

  const rescore = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/manualGenerateResult',
      headers: bearer(token),
      payload: { id: own },
    });

  it(`lets a candidate score their own test again ${RESCORES_PER_MINUTE} times a minute, then says when to retry`, async () => {
    for (let i = 0; i < RESCORES_PER_MINUTE; i++) expect((await rescore(candidate)).statusCode).toBe(200);
    const refused = await rescore(candidate);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests to score a test again: at most \d+ per minute\./);
  });

  it('does not limit staff, who re-score many results in a row', async () => {
    for (let i = 0; i < RESCORES_PER_MINUTE + 2; i++) expect((await rescore(support)).statusCode).toBe(200);
  });
});
