import type { Executor } from './executor/executor.ts';
import { GENERATORS, programFiles } from './skeleton/generator.ts';
import { canonicalOutput, coerceValue, encodeArgs, parseSignature, type Signature } from './skeleton/signature.ts';
import type { Limits, ProgramLanguage, StepResult, Verdict } from './types.ts';

/** A test case as stored in the question's server-only answerKey. */
export interface TestCase {
  /** Function-style: one value per parameter (JSON or loose text). Program-style: the stdin text. */
  input: unknown;
  /** The expected return value (function-style) or stdout (program-style). */
  output: unknown;
  hidden?: boolean;
}

export interface FunctionSpec {
  classname?: string | null;
  methodname: string;
  paramtype?: string | null;
  methodreturntype?: string | null;
}

export interface TestOutcome {
  index: number;
  hidden: boolean;
  passed: boolean;
  verdict: Verdict;
  /** Only for visible cases. */
  input?: string;
  expected?: string;
  actual?: string;
}

export interface CodeRunOutcome {
  status: Verdict;
  /** What the output box shows. */
  output: string;
  /** Compile errors and warnings, then the runtime error text (both of the boxes below). */
  error: string;
  /** What the compiler said (errors or warnings): the syntax-errors box. */
  compileOutput: string;
  /** Why the run failed, or what it wrote to stderr: shown with the output. */
  runError: string;
  tests?: TestOutcome[];
  passed?: number;
  total?: number;
  executor: string;
}

const NUM = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Token-wise comparison; numbers match within 1e-6 (relative for large values). */
export function outputsMatch(actual: string, expected: string): boolean {
  const a = actual.trim().split(/\s+/).filter(Boolean);
  const e = expected.trim().split(/\s+/).filter(Boolean);
  if (a.length !== e.length) return false;
  return a.every((tok, i) => {
    if (tok === e[i]) return true;
    if (NUM.test(tok) && NUM.test(e[i])) {
      const x = Number(tok);
      const y = Number(e[i]);
      return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(y));
    }
    return false;
  });
}

function lastLine(stdout: string): string {
  const lines = stdout.replace(/\s+$/, '').split('\n');
  return lines[lines.length - 1] ?? '';
}

function errorText(step: StepResult | null | undefined): string {
  if (!step) return '';
  const limits: Partial<Record<Verdict, string>> = {
    'time-limit': 'Time limit exceeded',
    'wall-time-limit': 'Time limit exceeded (wall clock)',
    'memory-limit': 'Memory limit exceeded',
    'output-limit': 'Output limit exceeded',
    'file-size-limit': 'File size limit exceeded',
    'process-limit': 'Process limit exceeded',
    'internal-error': 'The code runner failed',
  };
  const head = limits[step.verdict];
  const body = step.stderr.trim();
  return head ? (body ? `${head}\n${body}` : head) : body;
}

/** Compile & Execute without test cases: the candidate's program as written, with an optional stdin. */
export async function runProgram(
  executor: Executor,
  req: { language: ProgramLanguage; code: string; stdin?: string; limits?: Partial<Limits> },
): Promise<CodeRunOutcome> {
  const g = programFiles(req.language, req.code);
  const res = await executor.execute({
    language: req.language,
    files: g.files,
    entry: g.entry,
    stdins: [req.stdin ?? ''],
    runLimits: req.limits,
  });
  const compileWarnings = res.compile?.stderr.trim() ?? '';
  if (res.compile && res.compile.verdict !== 'ok')
    return compileFailed(errorText(res.compile), res.executor, res.compile.verdict);
  const run = res.runs[0];
  const syntax = loadTimeSyntaxError(req.language, run);
  if (syntax !== null) return compileFailed(syntax, res.executor);
  const runError = errorText(run);
  const error = [compileWarnings, runError].filter(Boolean).join('\n');
  return {
    status: run.verdict,
    output: run.stdout,
    error,
    compileOutput: compileWarnings,
    runError,
    executor: res.executor,
  };
}

/** A compile that failed (or stopped at a limit: its verdict): nothing ran. */
const compileFailed = (message: string, executor: string, status: Verdict = 'compile-error'): CodeRunOutcome => ({
  status,
  output: '',
  error: message,
  compileOutput: message,
  runError: '',
  executor,
});

/**
 * Python and JavaScript compile as they load: a syntax error there is the first run failing
 * before any of the candidate's code ran. It is the compile error it is (the syntax-errors box),
 * said once, without the frames of the harness that loaded the code. A SyntaxError raised while
 * the code runs (eval, JSON.parse) stays a runtime error. Null when the run did not fail so.
 */
function loadTimeSyntaxError(language: ProgramLanguage, run: StepResult | undefined): string | null {
  if (!run || run.verdict !== 'runtime-error') return null;
  const err = run.stderr.replace(/\s+$/, '');
  if (language === 'python') {
    const lines = err.split('\n');
    if (!/^(SyntaxError|IndentationError|TabError): /.test(lines[lines.length - 1] ?? '')) return null;
    // The location frame of a syntax error in the candidate's file has no ", in <function>".
    const at = lines.findIndex((l) => /^\s*File "(\/box\/main\.py|solution\.py)", line \d+$/.test(l));
    return at < 0 ? null : lines.slice(at).join('\n');
  }
  if (language === 'javascript') {
    if (!/^SyntaxError: /m.test(err) || !/^\s+at wrapSafe \(node:internal\//m.test(err)) return null;
    const stack = err.search(/^\s+at /m);
    return (stack < 0 ? err : err.slice(0, stack)).replace(/\s+$/, '');
  }
  return null;
}

/**
 * The C and C++ harness puts two lines before the candidate's code and a `#line 1`, so the
 * compiler's line numbers are the candidate's, but the source excerpt it prints under a message
 * is the file's own line of that number: two lines early. Put the candidate's line back in the
 * excerpts of messages about their code (the caret's column is the candidate's line's).
 */
function harnessExcerpts(language: ProgramLanguage, text: string, code: string): string {
  if ((language !== 'c' && language !== 'cpp') || !text) return text;
  const lines = code.split('\n');
  let inCode = false;
  return text
    .split('\n')
    .map((l) => {
      if (/^\/box\/main\.(c|cpp):\d+/.test(l)) inCode = true;
      else if (/^\S/.test(l)) inCode = false;
      const m = /^(\s*)(\d+) \| /.exec(l);
      return inCode && m ? `${m[1]}${m[2]} | ${lines[Number(m[2]) - 1] ?? ''}` : l;
    })
    .join('\n');
}

/** Compile once, run every test case, report each pass/fail (hidden cases without their data). */
export async function runTests(
  executor: Executor,
  req: {
    language: ProgramLanguage;
    code: string;
    fn?: FunctionSpec | null;
    tests: TestCase[];
    limits?: Partial<Limits>;
  },
): Promise<CodeRunOutcome> {
  let sig: Signature | null = null;
  let files;
  let stdins: string[];
  let expected: string[];
  if (req.fn?.methodname) {
    sig = parseSignature(req.fn);
    const s = sig;
    files = GENERATORS[req.language].harness(s, req.code);
    stdins = req.tests.map((t) => {
      const raw = Array.isArray(t.input) ? t.input : [t.input];
      return encodeArgs(
        s,
        s.params.map((p, i) => coerceValue(raw[i], p.type)),
      );
    });
    expected = req.tests.map((t) =>
      s.returns && !s.returns.array && s.returns.base === 'string' ? String(t.output ?? '') : canonicalOutput(t.output),
    );
  } else {
    files = programFiles(req.language, req.code);
    stdins = req.tests.map((t) => String(t.input ?? ''));
    expected = req.tests.map((t) => String(t.output ?? ''));
  }
  const res = await executor.execute({
    language: req.language,
    files: files.files,
    entry: files.entry,
    stdins,
    runLimits: req.limits,
  });
  const notRun = { tests: [], passed: 0, total: req.tests.length };
  if (res.compile && res.compile.verdict !== 'ok')
    return {
      ...compileFailed(
        harnessExcerpts(req.language, errorText(res.compile), req.code),
        res.executor,
        res.compile.verdict,
      ),
      ...notRun,
    };
  const syntax = loadTimeSyntaxError(req.language, res.runs[0]);
  if (syntax !== null) return { ...compileFailed(syntax, res.executor), ...notRun };
  const tests: TestOutcome[] = res.runs.map((run, index) => {
    const hidden = Boolean(req.tests[index].hidden);
    const actual = sig?.returns ? lastLine(run.stdout) : run.stdout;
    const passed = run.verdict === 'ok' && outputsMatch(actual, expected[index]);
    const out: TestOutcome = { index, hidden, passed, verdict: run.verdict };
    if (!hidden) {
      out.input = stdins[index].slice(0, 2000);
      out.expected = expected[index].slice(0, 2000);
      out.actual = actual.slice(0, 2000);
    }
    return out;
  });
  const passed = tests.filter((t) => t.passed).length;
  const firstBad = res.runs.find((r) => r.verdict !== 'ok');
  const visibleErrors = res.runs
    .map((r, i) => (r.verdict !== 'ok' && !tests[i].hidden ? `Test ${i + 1}: ${errorText(r)}` : ''))
    .filter(Boolean);
  const summary = `${passed} of ${tests.length} test cases passed`;
  const compileOutput = harnessExcerpts(req.language, res.compile?.stderr.trim() ?? '', req.code);
  return {
    status: firstBad ? firstBad.verdict : 'ok',
    output: summary,
    error: [compileOutput, ...visibleErrors].filter(Boolean).join('\n'),
    compileOutput,
    runError: visibleErrors.join('\n'),
    tests,
    passed,
    total: tests.length,
    executor: res.executor,
  };
}
