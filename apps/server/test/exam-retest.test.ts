import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, EXAMS, scanningClient } from './exam/support.ts';

// Issue 11 item 1 (ADR 0070): start, read without saving, retest, start again must not give
// more time. The deadline of the first start keeps running; questions served stay served.

let t: TestApp;
let asha: string;
let client: ReturnType<typeof scanningClient>;
const post = (url: string, payload: object) => client.call({ method: 'POST', url, headers: bearer(asha), payload });
const retest = (id: number) => client.call({ url: `/api/test/retest/${id}`, headers: bearer(asha) });

/** Moves the attempt's clock back: as if `seconds` had passed since its start. */
async function age(id: number, seconds: number) {
  await t.database.executeSql(
    `UPDATE user_exams SET started_at = started_at - make_interval(secs => $2::int),
            deadline_at = deadline_at - make_interval(secs => $2::int) WHERE id = $1`,
    [id, seconds],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => t?.close());

describe('retest keeps the deadline (ADR 0070)', () => {
  it('start, retest, start again: the deadline is unchanged and the remaining time does not grow', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.allTypes);
    expect((await post('/api/test/userTest', { examId: id })).statusCode).toBe(200);
    const first = (await post('/api/test/startExam', { id })).json();
    expect(first.time_remaining).toBeGreaterThan(1790);
    // Ten minutes spent reading every question, nothing saved.
    await age(id, 600);
    const read = await post('/api/test/userTest', { examId: id });
    expect(decode<QuestionItem[]>(read.json().quesData)).toHaveLength(8);
    const resumed = (await post('/api/test/resumeExam', { id })).json();
    const deadline = resumed.exam_end_time;
    expect(new Date(deadline).getTime()).toBe(new Date(first.exam_end_time).getTime() - 600_000);

    let left = 1200;
    for (let cycle = 0; cycle < 3; cycle++) {
      expect((await retest(id)).json()).toEqual({ status: 'SUCCESS', examStatus: '998' });
      if (cycle === 0) {
        // The candidate was asked to reattempt: the dashboard lists it as pending, to resume.
        const home = await post('/api/dashboard/userHome', { selectedTab: 'TEST' });
        const rows = home.json().groups.flatMap((g: { pending: { userExamId: number }[] }) => g.pending);
        expect(rows.find((r: { userExamId: number }) => r.userExamId === id)).toMatchObject({
          status: '998',
          statusLabel: 'IN PROGRESS',
        });
      }
      const detail = (await post('/api/test/userTest', { examId: id })).json().examDetail[0];
      expect(detail.status).toBe('998');
      expect(detail.time_remaining).toBeLessThanOrEqual(left);
      const again = await post('/api/test/startExam', { id });
      expect(again.statusCode).toBe(200);
      const body = again.json();
      expect(body.status).toBe('001');
      expect(body.exam_end_time).toBe(deadline);
      expect(body.exam_start_time).toBe(resumed.exam_start_time);
      expect(body.time_remaining).toBeLessThanOrEqual(left);
      expect(body.time_remaining).toBeGreaterThan(left - 30);
      left = body.time_remaining;
    }
  });

  it('a retest whose deadline has passed gains nothing: the start closes it as timed out', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.twoMinute);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    expect((await retest(id)).statusCode).toBe(200);
    await age(id, 200);
    const detail = (await post('/api/test/userTest', { examId: id })).json().examDetail[0];
    expect(detail).toMatchObject({ status: '998', time_remaining: 0 });
    const start = await post('/api/test/startExam', { id });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('Time is up. Your test has been submitted automatically.');
    const { rows } = await t.database.executeSql('SELECT status FROM user_exams WHERE id = $1', [id]);
    expect(rows[0].status).toBe('011');
  });

  it('a retest after the time ran out is refused and the attempt is closed', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.mandatory);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    const { rows: d } = await t.database.executeSql<{ s: number }>(
      'SELECT duration_seconds AS s FROM exams e JOIN user_exams ue ON ue.exam_id = e.id WHERE ue.id = $1',
      [id],
    );
    await age(id, Number(d[0]!.s) + 60);
    const res = await retest(id);
    expect(res.statusCode).toBe(409);
    const { rows } = await t.database.executeSql('SELECT status FROM user_exams WHERE id = $1', [id]);
    expect(rows[0].status).toBe('011');
  });

  it('adaptive: the questions already served stay served after a retest', async () => {
    const id = await attemptId(t, DEMO.candidate.email, EXAMS.adaptive);
    await post('/api/test/startExam', { id });
    const items = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
    const next = await post('/api/test/nextQuestion', {
      id,
      qid: items[0]!.qid,
      seq: 1,
      answer: {},
    });
    expect(next.statusCode).toBe(200);
    const served = await t.database.executeSql<{ question_id: number }>(
      'SELECT question_id FROM attempt_questions WHERE user_exam_id = $1 ORDER BY position',
      [id],
    );
    expect(served.rows).toHaveLength(2);
    expect((await retest(id)).statusCode).toBe(200);
    await post('/api/test/startExam', { id });
    const again = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
    expect(again.map((q) => q.qid)).toEqual(served.rows.map((r) => Number(r.question_id)));
  });
});
