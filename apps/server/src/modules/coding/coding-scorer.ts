import { createHash } from 'node:crypto';
import { codingMarksFor, QTYPE, type AnswerValue } from '@invigil/contracts';
import type { Database } from '@invigil/db';
import {
  isProgramLanguage,
  isSqlDialect,
  languagesForSetting,
  QueueFullError,
  resolveLanguage,
  runTests,
  SandboxUnavailableError,
  type TestCase,
} from '@invigil/sandbox';
import type { QuestionRow } from '../exam/exam.repository.ts';
import type { CodeRunners } from './code-runners.ts';
import { limitsOf, str, tablesOf } from './coding.service.ts';
import { htmlCasePasses, type HtmlCase } from './html-check.ts';

/** What one scored run gives: its verdict and the test cases passed. */
interface Outcome {
  status: string;
  passed: number;
  total: number;
}

/** The code could not be run here now (no sandbox, no MySQL): scored 0 and run again on a later scoring. */
class NotRunnable extends Error {}

interface ResultRow {
  question_id: number;
  code_hash: string;
  marks: string | number;
}

/**
 * Scoring keeps the question's CPU limit (a spinning answer still fails at its CPU time) but
 * allows a longer wall clock: a busy machine must not fail a correct answer (ADR 0110).
 */
const SCORING_WALL_MS = 15_000;
function scoringLimits(q: QuestionRow) {
  const own = limitsOf(q.content);
  return { ...own, wallMs: Math.max(SCORING_WALL_MS, Number(own?.wallMs ?? 0)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scores coding answers by running each answer's final code on all of its question's test cases
 * (ADR 0110). One row per attempt and question in coding_results, keyed by the hash of the code
 * run: a retried job reuses it, so an attempt's code runs once however often it is scored.
 */
export class CodingScorer {
  constructor(
    private readonly database: Database,
    private readonly runners: CodeRunners,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Marks per coding question of the attempt (qid -> marks). */
  async marks(
    userExamId: number,
    questions: QuestionRow[],
    answers: Map<number, AnswerValue>,
    examSetting: string | null,
  ): Promise<Map<number, number>> {
    const coding = questions.filter((q) => q.qtypeCode === QTYPE.coding);
    const out = new Map<number, number>();
    if (coding.length === 0) return out;
    const { rows } = await this.database.executeSql<ResultRow>(
      'SELECT question_id, code_hash, marks FROM coding_results WHERE user_exam_id = $1',
      [userExamId],
    );
    const stored = new Map(rows.map((r) => [Number(r.question_id), r]));
    await Promise.all(
      coding.map(async (q) => {
        const a = answers.get(q.id);
        const code = a?.descriptiveText ?? '';
        const offered = languagesForSetting(str(q.content.codinglang) ?? examSetting ?? 'all');
        const chosen = resolveLanguage(a?.codelang ?? offered[0]?.codinglanguage);
        const lang = chosen && offered.some((l) => l.id === chosen.id) ? chosen.codinglanguage : null;
        const hash = createHash('sha256')
          .update(`${lang ?? '-'}\0${code}`)
          .digest('hex');
        const prior = stored.get(q.id);
        if (prior && prior.code_hash === hash) {
          out.set(q.id, Number(prior.marks));
          return;
        }
        let outcome: Outcome;
        try {
          outcome =
            code.trim() === ''
              ? { status: 'unanswered', passed: 0, total: 0 }
              : !lang
                ? { status: 'language-not-offered', passed: 0, total: 0 }
                : await this.evaluate(q, lang, code);
        } catch (err) {
          if (!(err instanceof NotRunnable)) throw err;
          this.log(`coding answer ${userExamId}/${q.id} not scored: ${err.message}`);
          out.set(q.id, 0);
          return;
        }
        const marks = codingMarksFor(q.marks, outcome.passed, outcome.total);
        await this.database.executeSql(
          `INSERT INTO coding_results (user_exam_id, question_id, code_hash, language, status, passed, total, marks)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (user_exam_id, question_id) DO UPDATE SET code_hash = EXCLUDED.code_hash,
             language = EXCLUDED.language, status = EXCLUDED.status, passed = EXCLUDED.passed,
             total = EXCLUDED.total, marks = EXCLUDED.marks, scored_at = now()`,
          [userExamId, q.id, hash, lang ?? '', outcome.status, outcome.passed, outcome.total, marks],
        );
        out.set(q.id, marks);
      }),
    );
    return out;
  }

  /** Runs the code on every test case of the question. */
  private async evaluate(q: QuestionRow, lang: string, code: string): Promise<Outcome> {
    const key = resolveLanguage(lang)!.codinglanguage;
    const tests = Array.isArray(q.answerKey.testCases) ? (q.answerKey.testCases as TestCase[]) : [];
    if (key === 'html') {
      const passed = tests.filter((t) => htmlCasePasses(code, t as HtmlCase)).length;
      return { status: 'ok', passed, total: tests.length };
    }
    if (isSqlDialect(key)) {
      const byDialect = q.answerKey.referenceSqlByDialect as Record<string, string> | undefined;
      const reference = str(q.answerKey.referenceSql) ?? str(byDialect?.[key]);
      if (!reference) return { status: 'no-test-cases', passed: 0, total: 0 };
      let checked;
      try {
        checked = await this.runners.sql.check(key, tablesOf(q.content), code, reference);
      } catch (err) {
        throw new NotRunnable((err as Error).message);
      }
      return { status: checked.actual.ok ? 'ok' : 'sql-error', passed: checked.passed ? 1 : 0, total: 1 };
    }
    if (!isProgramLanguage(key) || tests.length === 0) return { status: 'no-test-cases', passed: 0, total: 0 };
    const methodname = str(q.content.methodname);
    const fn = methodname
      ? {
          classname: str(q.content.classname),
          methodname,
          paramtype: str(q.content.paramtype),
          methodreturntype: str(q.content.methodreturntype),
        }
      : null;
    for (;;) {
      try {
        const r = await runTests(this.runners.executor, {
          language: key,
          code,
          fn,
          tests,
          limits: scoringLimits(q),
        });
        return { status: r.status, passed: r.passed ?? 0, total: r.total ?? tests.length };
      } catch (err) {
        // The runner's queue is shared with candidates' compiles: wait for a slot, never drop the answer.
        if (err instanceof QueueFullError) await sleep(err.retryAfterSeconds * 1000);
        else if (err instanceof SandboxUnavailableError) throw new NotRunnable(err.message);
        else throw err;
      }
    }
  }
}
