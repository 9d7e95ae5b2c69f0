import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';

interface ResultRow {
  id: number;
  email: string;
  exam: string;
  obtained: string | null;
  total: string | null;
  percentage: string | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** Issue 11, item 8: re-scoring a seeded result gives the same result (its answers are seeded too). */
describe('re-scoring the seeded results', () => {
  let t: TestApp;
  let support: string;
  let seeded: ResultRow[];

  const results = async () =>
    (
      await t.database.executeSql<ResultRow>(
        `SELECT ue.id, u.email, e.name AS exam, ue.obtained_marks AS obtained, ue.total_marks AS total, ue.percentage
           FROM user_exams ue JOIN users u ON u.id = ue.user_id JOIN exams e ON e.id = ue.exam_id
          WHERE ue.result_status = 'Processed' ORDER BY ue.id`,
      )
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));
  const figures = (r: ResultRow) => ({
    exam: r.exam,
    obtained: num(r.obtained),
    total: num(r.total),
    percentage: num(r.percentage),
  });

  const rescore = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/manualGenerateResult',
      headers: bearer(support),
      payload: { id },
    });

  beforeAll(async () => {
    t = await createTestApp();
    support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    seeded = await results();
  });
  afterAll(() => t?.close());

  it('gives every seeded result the same score again', async () => {
    // Tests, surveys, feedback and workflow steps of both organisations, completed and timed out.
    expect(seeded.length).toBeGreaterThanOrEqual(10);
    for (const r of seeded) {
      const res = await rescore(r.id);
      expect(res.statusCode, r.exam).toBe(200);
      const ev = res.json().evaluation;
      if (r.percentage !== null)
        expect(ev, r.exam).toEqual({
          obtainedMarks: num(r.obtained),
          totalMarks: num(r.total),
          percentage: num(r.percentage),
        });
    }
    expect((await results()).map(figures)).toEqual(seeded.map(figures));
    // A survey has no score (the scorer writes none), a test does.
    expect(seeded.some((r) => Number(r.percentage) === 50)).toBe(true);
    expect(seeded.some((r) => r.percentage === null)).toBe(true);
  });

  it('the group report shows the same percentages after re-scoring', async () => {
    const asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
    const { rows } = await t.database.executeSql<{ user_id: number; group_id: number }>(
      `SELECT ug.user_id, ug.group_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id JOIN users u ON u.id = ug.user_id
        WHERE u.email = $1 AND g.name = 'Aptitude Batch 2026'`,
      [DEMO.candidate.email],
    );
    for (const r of seeded.filter((x) => x.email === DEMO.candidate.email))
      expect((await rescore(r.id)).statusCode).toBe(200);
    const res = await t.app.inject({
      url: `/api/users/group-report/${rows[0]!.user_id}/${rows[0]!.group_id}`,
      headers: bearer(asha),
    });
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    // Quantitative Skills (completed) and Data Interpretation (timed out): 1 of 2 each.
    expect(text).toMatch(/Quantitative Skills[^\n]*50\.00 %/);
    expect(text).toMatch(/Data Interpretation[^\n]*50\.00 %/);
    expect(text).not.toMatch(/(^|[^\d.])0\.00 %/m);
  });
});
