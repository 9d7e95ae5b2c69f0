import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { decode, encode } from './exam/support.ts';

/**
 * Type codes the spec lists as "further kinds, not shown" (15, 21, 23, 31; ADR 0215) reach a
 * test through an organisation's own data. They are answered by their choices when they have
 * some and in the descriptive editor otherwise; a keyed choice is scored, the rest is left to a
 * human like a descriptive answer.
 */
let t: TestApp;
let asha: string;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(asha), payload });

beforeAll(async () => {
  t = await createTestApp();
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => t?.close());

async function question(examId: number, position: number, code: number, marks: number, choices: string[] = []) {
  const { rows } = await t.database.executeSql<{ id: number }>(
    `INSERT INTO questions (exam_id, position, qtype_code, qtype_name, text, marks)
     VALUES ($1, $2, $3, 'Legacy kind', $4, $5) RETURNING id`,
    [examId, position, code, `<p>Question of kind ${code}</p>`, marks],
  );
  const qid = Number(rows[0]!.id);
  for (const [i, text] of choices.entries())
    await t.database.executeSql(
      'INSERT INTO choices (question_id, position, text, is_correct) VALUES ($1, $2, $3, $4)',
      [qid, i + 1, text, i === 0],
    );
  return qid;
}

describe('question types the spec does not describe', () => {
  it('are served, saved, counted as answered and scored by their key', async () => {
    const { rows: exam } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO exams (name, duration_seconds, settings) VALUES ('Further kinds', 1800, '{"showscore":1}'::jsonb) RETURNING id`,
    );
    const examId = Number(exam[0]!.id);
    const keyed = await question(examId, 1, 21, 2, ['Right', 'Wrong']);
    const open = await question(examId, 2, 15, 3);
    const missed = await question(examId, 3, 31, 1, ['Right', 'Wrong']);
    const { rows } = await t.database.executeSql<{ id: number }>(
      `INSERT INTO user_exams (user_id, exam_id, status, expires_at)
       SELECT id, $1, '000', now() + interval '1 day' FROM users WHERE email = $2 RETURNING id`,
      [examId, DEMO.candidate.email],
    );
    const id = Number(rows[0]!.id);
    expect((await post('/api/test/startExam', { id })).statusCode).toBe(200);
    const served = await post('/api/test/userTest', { examId: id });
    expect(served.statusCode).toBe(200);
    // No key reaches the browser, whatever the kind.
    expect(served.body).not.toMatch(/is_?correct|correctid/i);
    const items = decode<QuestionItem[]>(served.json().quesData);
    const byQid = new Map(items.map((i) => [i.qid, i]));
    expect(byQid.get(keyed)).toMatchObject({ qtypecode: 21, choicetext: 'Right|^^|Wrong' });
    expect(byQid.get(open)).toMatchObject({ qtypecode: 15, choiceid: '' });
    const [right] = byQid.get(keyed)!.choiceid.split('|^^|');
    const [, wrong] = byQid.get(missed)!.choiceid.split('|^^|');

    const saved = await post('/api/test/answeredQuestions', {
      id,
      changes: [
        { qid: keyed, seq: 1, answer: { selectedChoiceId: right, buttonStyle: 'Answered' } },
        { qid: open, seq: 1, answer: { descriptiveText: '<p>My answer</p>', buttonStyle: 'Answered' } },
        { qid: missed, seq: 1, answer: { selectedChoiceId: wrong, buttonStyle: 'Answered' } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const resumed = decode<QuestionItem[]>((await post('/api/test/userTest', { examId: id })).json().quesData);
    expect(resumed.find((i) => i.qid === open)?.descriptiveText).toBe('<p>My answer</p>');
    expect(resumed.find((i) => i.qid === keyed)?.selectedChoiceId).toBe(right);

    const submitted = await post(`/api/result/submittest/${id}`, {
      submitType: 'STANDARD',
      status: '010',
      questionsData: encode([]),
    });
    expect(submitted.statusCode).toBe(200);
    // 21 right (2) + 15 left to a human (0 of 3) + 31 wrong (0 of 1).
    expect(submitted.json().evaluation).toEqual({ obtainedMarks: 2, totalMarks: 6, percentage: 33.33 });
  });
});
