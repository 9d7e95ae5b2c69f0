import type { QuestionItem } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { attemptId, decode, scanningClient } from './exam/support.ts';

const CODING = 'Coding Test (All Languages)';
let t: TestApp;
let asha: string;
let client: ReturnType<typeof scanningClient>;
const post = (url: string, token: string, payload: object) =>
  client.call({ method: 'POST', url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  client = scanningClient(t.app);
  asha = await loginAs(t.app, DEMO.candidate.email, DEMO.candidate.password);
});
afterAll(async () => {
  await t?.close();
});

describe('the coding question item', () => {
  let items: QuestionItem[];
  beforeAll(async () => {
    const id = await attemptId(t, DEMO.candidate.email, CODING);
    // The questions come once the clock runs (ADR 0198).
    expect((await post('/api/test/startExam', asha, { id })).statusCode).toBe(200);
    const res = await post('/api/test/userTest', asha, { examId: id });
    expect(res.statusCode).toBe(200);
    items = decode<QuestionItem[]>(res.json().quesData);
  });

  it('carries the spec coding fields and the boilerplate of the first language', () => {
    const fn = items[0]!;
    expect(fn.qtypecode).toBe(20);
    expect(fn).toMatchObject({
      codinglang: 'all-p',
      classname: 'Solution',
      methodname: 'sumOf',
      paramtype: 'int[] nums|^^|int bonus',
      paramvalue: '[1,2,3]|^^|4',
      methodreturntype: 'int',
      visibleTestCount: 2,
      hiddenTestCount: 2,
    });
    // all-p: every programming language, never HTML (9) or SQL (11).
    const ids = fn.codingLanguages!.map((l) => l.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(fn.programBoilerPlate).toContain('sumOf');
    // stdin/stdout problem: a starter that reads standard input.
    expect(items[1]!.methodname).toBe('');
    expect(items[1]!.programBoilerPlate).toContain('stdin');
  });

  it('fixes the language of SQL, HTML and C questions', () => {
    const langs = items.map((q) => q.codingLanguages?.map((l) => l.codinglanguage).join(','));
    expect(langs.slice(2)).toEqual(['sql', 'pgsql', 'mysql', 'html', 'c']);
    expect(items[2]!.hiddenTestCount).toBe(1);
    expect(items[5]!.programBoilerPlate).toContain('<html>');
    expect(items[6]!.programBoilerPlate).toContain('factorial');
  });

  it('never sends a test case or reference query', () => {
    const text = JSON.stringify(items);
    expect(text).not.toMatch(/testCases|referenceSql|2432902008176640000|Welcome to Invigil"/);
    for (const q of items) expect(q).not.toHaveProperty('answerKey');
  });

  it('keeps the chosen language and the compile count with the answer', async () => {
    const id = await attemptId(t, DEMO.candidate.email, CODING);
    await post('/api/test/startExam', asha, { id });
    const code = 'print(max(map(int, open(0).read().split()[1:])))';
    const saved = await post('/api/test/answeredQuestions', asha, {
      id,
      examDetail: '',
      quesData: Buffer.from(
        JSON.stringify([
          { qid: items[1]!.qid, seq: 3, descriptiveText: code, codelang: 'python', countCompilation: 2 },
        ]),
      ).toString('base64url'),
    });
    expect(saved.statusCode).toBe(200);
    const again = decode<QuestionItem[]>((await post('/api/test/userTest', asha, { examId: id })).json().quesData);
    expect(again[1]).toMatchObject({
      descriptiveText: code,
      codelang: 'python',
      countCompilation: 2,
      answerStatus: true,
    });
  });
});
