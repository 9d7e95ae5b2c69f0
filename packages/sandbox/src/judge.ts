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
  /** Compile errors and warnings, or the runtime error text (the syntax-errors box). */
  error: string;
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
  if (res.compile && res.compile.verdict !== 'ok') {
    return { status: res.compile.verdict, output: '', error: errorText(res.compile), executor: res.executor };
  }
  const run = res.runs[0];
  const error = [compileWarnings, errorText(run)].filter(Boolean).join('\n');
  return { status: run.verdict, output: run.stdout, error, executor: res.executor };
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
  if (res.compile && res.compile.verdict !== 'ok') {
    return {
      status: res.compile.verdict,
      output: '',
      error: errorText(res.compile),
      tests: [],
      passed: 0,
      total: req.tests.length,
      executor: res.executor,
    };
  }
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
  return {
    status: firstBad ? firstBad.verdict : 'ok',
    output: summary,
    error: [res.compile?.stderr.trim() ?? '', ...visibleErrors].filter(Boolean).join('\n'),
    tests,
    passed,
    total: tests.length,
    executor: res.executor,
  };
}
