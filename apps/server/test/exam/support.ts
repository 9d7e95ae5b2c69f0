import { decodePayload, encodePayload } from '@invigil/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../helpers.ts';

/** Keys that would reveal answers. No candidate response may contain them, however deeply encoded. */
const SECRET_KEYS = /"(correctid|correctId|isCorrect|is_correct|answerKey|answer_key|pairs)"/;
const ENCODED_FIELDS = ['quesData', 'result', 'examData', 'question', 'questionsData'];

function assertNoSecrets(body: string) {
  expect(body).not.toMatch(SECRET_KEYS);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  const visit = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (ENCODED_FIELDS.includes(k) && typeof x === 'string' && x.length > 0) {
        const decoded = JSON.stringify(decodePayload(x));
        expect(decoded).not.toMatch(SECRET_KEYS);
      } else visit(x);
    }
  };
  visit(json);
}

/** app.inject that scans every response for answer keys; counts the responses scanned. */
export function scanningClient(app: FastifyInstance) {
  const stats = { scanned: 0 };
  const call = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    assertNoSecrets(res.body);
    stats.scanned += 1;
    return res;
  };
  return { call, stats };
}

export async function attemptId(t: TestApp, email: string, examName: string): Promise<number> {
  const { rows } = await t.database.executeSql<{ id: number | string }>(
    `SELECT ue.id FROM user_exams ue JOIN exams e ON e.id = ue.exam_id JOIN users u ON u.id = ue.user_id
      WHERE u.email = $1 AND e.name = $2 ORDER BY ue.id LIMIT 1`,
    [email, examName],
  );
  if (!rows[0]) throw new Error(`no attempt of ${examName} for ${email}`);
  return Number(rows[0].id);
}

/** An encoded payload's JSON; name what it holds: `decode<QuestionItem[]>(body.quesData)`. */
export const decode = <T = unknown>(s: string) => decodePayload<T>(s);
export const encode = encodePayload;

export const EXAMS = {
  allTypes: 'All Question Types Demo',
  survey: 'Workplace Wellbeing Survey',
  adaptive: 'Adaptive Aptitude Test',
  mandatory: 'Mandatory Answers, No Going Back',
  twoLanguage: 'General Knowledge (English / हिन्दी)',
  windowSwitch: 'Proctored Test (Window Switch Limit 2)',
  twoMinute: 'Two-Minute Quick Test',
};
