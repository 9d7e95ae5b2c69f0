import type {
  CompileCodeRequest,
  CompileCodeResponse,
  GetTablesResponse,
  ProgramSkeletonRequest,
} from '@invigil/contracts';
import {
  isProgramLanguage,
  isSqlDialect,
  languagesForSetting,
  QueueFullError,
  resolveLanguage,
  runProgram,
  runTests,
  SAMPLE_TABLES,
  SandboxUnavailableError,
  SignatureError,
  type LanguageKey,
  type Limits,
  type SqlTable,
  type TestCase,
} from '@invigil/sandbox';
import { HttpError, badRequest, busy, notFound } from '../../lib/http-errors.ts';
import { isStaff, type Actor } from '../../policies/actor.ts';
import { SAVE_GRACE_SECONDS } from '../exam/attempt-rules.ts';
import { boilerplateFor } from './boilerplate.ts';
import type { CodeRunners } from './code-runners.ts';
import type { CodingQuestion, CodingQuestionRepository } from './coding-question.repository.ts';
import type { SharedCodeRunLimiter } from './shared-code-run-limiter.ts';

export const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const truthy = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';

/** A SQL question's data tables (the sample tables when it names none). */
export function tablesOf(content: Record<string, unknown>): SqlTable[] {
  const t = content.tables;
  return Array.isArray(t) && t.length > 0 ? (t as SqlTable[]) : SAMPLE_TABLES;
}

/** Why a candidate's compile is refused (409): no attempt of a coding test is in progress. */
const NO_CODING_ATTEMPT =
  'Code can only be run during a test in progress that has a coding question. Start or resume the test, then run your code.';

/** A question's own limits (cpuMs, wallMs, memoryBytes, ...). */
export function limitsOf(content: Record<string, unknown>): Partial<Limits> | undefined {
  const l = content.limits;
  return l && typeof l === 'object' ? (l as Partial<Limits>) : undefined;
}

/** what a run says, whatever ran it: the status, the program's output and the two kinds of error */
function verdictOf(r: Pick<CompileCodeResponse, 'status' | 'output' | 'error' | 'compileOutput' | 'runError'>) {
  return { status: r.status, output: r.output, error: r.error, compileOutput: r.compileOutput, runError: r.runError };
}

export class CodingService {
  constructor(
    private readonly questions: CodingQuestionRepository,
    private readonly runners: CodeRunners,
    private readonly limiter: SharedCodeRunLimiter,
  ) {}

  languages(setting?: string) {
    return languagesForSetting(setting).map((l) => ({ ...l }));
  }

  skeleton(body: ProgramSkeletonRequest): { programBoilerPlate: string } {
    const lang = resolveLanguage(body.codingLang);
    if (!lang) throw badRequest(`Unknown coding language: ${body.codingLang}`);
    try {
      return { programBoilerPlate: boilerplateFor(lang.codinglanguage, body) };
    } catch (err) {
      if (err instanceof SignatureError) throw badRequest(err.message);
      throw err;
    }
  }

  /**
   * The question, if this user has been assigned its exam (and it matches examId when given);
   * staff may open any question (they look up any user's tests).
   */
  private async question(user: Actor, qid: number, examId?: number): Promise<CodingQuestion> {
    const q = await this.questions.find(qid);
    if (!q) throw notFound('Question not found.');
    if (isStaff(user)) return q;
    const assigned =
      examId !== undefined
        ? await this.questions.assignedAs(user.id, q.examId, examId)
        : await this.questions.assigned(user.id, q.examId);
    // Not assigned is not found (ADR 0050), as for question issue reports.
    if (!assigned) throw notFound('Question not found.');
    return q;
  }

  async tables(user: Actor, qid?: number): Promise<GetTablesResponse> {
    const q = qid === undefined ? null : await this.question(user, qid);
    // A question's tables are part of it: shown, as the question is, once its test is running (ADR 0198).
    if (q) await this.mayRun(user, q);
    const tables = q ? tablesOf(q.content) : SAMPLE_TABLES;
    return { tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name), rows: t.rows })) };
  }

  /**
   * A candidate runs code only during an attempt in progress of a test with a coding question
   * (of the question's test when a qid is named); staff may always run (ADR 0090).
   */
  private async mayRun(user: Actor, q: CodingQuestion | null): Promise<void> {
    if (isStaff(user)) return;
    if (!(await this.questions.codingAttemptInProgress(user.id, SAVE_GRACE_SECONDS, q?.examId)))
      throw new HttpError(409, NO_CODING_ATTEMPT, { code: 'NO_CODING_ATTEMPT' });
  }

  async compile(user: Actor, body: CompileCodeRequest): Promise<CompileCodeResponse> {
    const lang = resolveLanguage(body.lang);
    if (!lang) throw badRequest(`Unknown coding language: ${body.lang}`);
    const key = lang.codinglanguage;
    const withTests = truthy(body.testCaseFlag);
    const q =
      body.qid !== undefined && body.qid !== null
        ? await this.question(user, Number(body.qid), body.examId ? Number(body.examId) : undefined)
        : null;
    if (withTests && !q && key !== 'html') throw badRequest('qid is required to run the test cases');
    await this.mayRun(user, q);
    if (key === 'html') return { status: 'ok', output: body.code, error: '', html: true };
    // Over the user's share on every API node: 429 before the run reaches the queue every
    // candidate shares (ADRs 0090, 0214).
    const end = await this.limiter.acquire(user.id);
    try {
      return await this.run(key, body, q, withTests);
    } finally {
      await end();
    }
  }

  private async run(
    key: LanguageKey,
    body: CompileCodeRequest,
    q: CodingQuestion | null,
    withTests: boolean,
  ): Promise<CompileCodeResponse> {
    try {
      if (isSqlDialect(key)) return await this.compileSql(key, body.code, q, withTests);
      if (!isProgramLanguage(key)) throw badRequest(`Cannot run ${key}`);
      const limits = q ? limitsOf(q.content) : undefined;
      if (!withTests) {
        const r = await runProgram(this.runners.executor, {
          language: key,
          code: body.code,
          stdin: body.stdin,
          limits,
        });
        return verdictOf(r);
      }
      const tests = q!.answerKey.testCases;
      if (!Array.isArray(tests) || tests.length === 0) throw badRequest('This question has no test cases');
      const methodname = str(q!.content.methodname);
      const fn = methodname
        ? {
            classname: str(q!.content.classname),
            methodname,
            paramtype: str(q!.content.paramtype),
            methodreturntype: str(q!.content.methodreturntype),
          }
        : null;
      const r = await runTests(this.runners.executor, {
        language: key,
        code: body.code,
        fn,
        tests: tests as TestCase[],
        limits,
      });
      return {
        ...verdictOf(r),
        testResults: r.tests,
        passed: r.passed,
        total: r.total,
      };
    } catch (err) {
      if (err instanceof QueueFullError) {
        throw busy('The code runner is busy, please try again shortly', err.retryAfterSeconds);
      }
      if (err instanceof SandboxUnavailableError) throw new HttpError(503, err.message);
      if (err instanceof SignatureError) throw badRequest(err.message);
      throw err;
    }
  }

  private async compileSql(
    dialect: 'sql' | 'pgsql' | 'mysql',
    code: string,
    q: CodingQuestion | null,
    withTests: boolean,
  ): Promise<CompileCodeResponse> {
    const tables = q ? tablesOf(q.content) : SAMPLE_TABLES;
    const reference = q
      ? (str(q.answerKey.referenceSql) ??
        str((q.answerKey.referenceSqlByDialect as Record<string, string> | undefined)?.[dialect]))
      : undefined;
    if (withTests && reference) {
      let checked;
      try {
        checked = await this.runners.sql.check(dialect, tables, code, reference);
      } catch (err) {
        // The reference query cannot run here (MySQL not reachable): say so, as any SQL error.
        const sqlMessage = (err as Error).message.replace(/^reference query failed: /, '');
        return { status: 'sql-error', output: '', error: sqlMessage, sqlMessage, columns: [], rows: [] };
      }
      const { actual, passed } = checked;
      return {
        status: actual.ok ? 'ok' : 'sql-error',
        output: passed ? '1 of 1 test cases passed' : '0 of 1 test cases passed',
        error: actual.ok ? '' : (actual.sqlMessage ?? ''),
        testResults: [{ index: 0, hidden: true, passed, verdict: actual.ok ? 'ok' : 'runtime-error' }],
        passed: passed ? 1 : 0,
        total: 1,
        columns: actual.columns,
        rows: actual.rows,
        truncated: actual.truncated,
        ...(actual.sqlMessage ? { sqlMessage: actual.sqlMessage } : {}),
      };
    }
    const r = await this.runners.sql.run(dialect, tables, code);
    return {
      status: r.ok ? 'ok' : 'sql-error',
      output: '',
      error: r.ok ? '' : (r.sqlMessage ?? ''),
      columns: r.columns,
      rows: r.rows,
      truncated: r.truncated,
      ...(r.sqlMessage ? { sqlMessage: r.sqlMessage } : {}),
    };
  }
}
