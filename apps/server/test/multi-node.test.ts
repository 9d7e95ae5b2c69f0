import type { QuestionItem } from '@invigil/contracts';
import { createDb, type Database } from '@invigil/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, EXAMS } from './exam/support.ts';

// Issue 16, scenario 5: two API nodes (two apps, each with its own connection pool) on one
// PostgreSQL database. The deadline lives in the database, so an attempt whose saves land on
// different nodes keeps one deadline, and a save after the deadline plus grace is refused on
// every node. Needs a PostgreSQL server: the PostgreSQL pass of npm test sets TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes share one clock: the database', () => {
  let a: TestApp;
  let bDb: Database;
  let b: FastifyInstance;
  let token: string;
  const post = (node: FastifyInstance, url: string, payload: object) =>
    node.inject({ method: 'POST', url, headers: bearer(token), payload });

  beforeAll(async () => {
    a = await createTestApp();
    bDb = await createDb({ databaseUrl: a.databaseUrl, poolSize: 3 });
    b = await buildApp(a.config, { database: bDb, logger: false });
    await b.ready();
    token = await loginAs(a.app, DEMO.candidate.email, DEMO.candidate.password);
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it('a session from node A works on node B; saves alternate across nodes and the highest seq wins', async () => {
    const id = await attemptId(a, DEMO.candidate.email, EXAMS.twoMinute);
    expect((await post(b, '/api/test/startExam', { id })).statusCode).toBe(200);
    const items = decode<QuestionItem[]>((await post(a.app, '/api/test/userTest', { examId: id })).json().quesData);
    const qid = items[0]!.qid;
    const [c1, c2] = items[0]!.choiceid.split('|^^|');
    // seq 2 reaches node B before seq 1 reaches node A (two tabs, two routes through the balancer).
    const later = await post(b, '/api/test/answeredQuestions', {
      id,
      changes: [{ qid, seq: 2, answer: { selectedChoiceId: c2 } }],
    });
    const earlier = await post(a.app, '/api/test/answeredQuestions', {
      id,
      changes: [{ qid, seq: 1, answer: { selectedChoiceId: c1 } }],
    });
    expect([later.statusCode, earlier.statusCode]).toEqual([200, 200]);
    const { rows } = await a.database.executeSql<{ client_seq: number; choice: string }>(
      `SELECT client_seq, value->>'selectedChoiceId' AS choice FROM answers WHERE user_exam_id = $1 AND question_id = $2`,
      [id, qid],
    );
    expect(rows).toEqual([{ client_seq: 2, choice: c2 }]);
  });

  it('after the deadline plus grace a save is refused on both nodes, whichever started the attempt', async () => {
    const id = await attemptId(a, DEMO.candidate.email, EXAMS.mandatory);
    expect((await post(a.app, '/api/test/startExam', { id })).statusCode).toBe(200);
    const items = decode<QuestionItem[]>((await post(b, '/api/test/userTest', { examId: id })).json().quesData);
    // The deadline passed 16 s ago: beyond the 15 s grace.
    await a.database.executeSql(`UPDATE user_exams SET deadline_at = now() - interval '16 seconds' WHERE id = $1`, [
      id,
    ]);
    const change = (seq: number) => ({ id, changes: [{ qid: items[0]!.qid, seq, answer: { selectedChoiceId: '1' } }] });
    const onB = await post(b, '/api/test/answeredQuestions', change(5));
    const onA = await post(a.app, '/api/test/answeredQuestions', change(6));
    expect(onB.statusCode).toBe(409);
    expect(onA.statusCode).toBe(409);
    const { rows } = await a.database.executeSql<{ n: number }>(
      'SELECT count(*)::int AS n FROM answers WHERE user_exam_id = $1 AND client_seq >= 5',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
