import type { CodingLanguageOption, CompileCodeResponse, QuestionItem } from '@invigil/contracts';
import { local } from '../../../lib/storage.ts';

/** Spec, coding rules: the SQL languages. */
const SQL_LANGUAGES = ['sql', 'pgsql', 'mysql'] as const;
export const isSqlLanguage = (lang: string) => (SQL_LANGUAGES as readonly string[]).includes(lang);

/** Spec: the console text when a copy, cut or paste is blocked in the editor. */
export const COPY_PASTE_BLOCKED = "Don't copy paste your code.";

/**
 * The selector's options and whether it is fixed. The server already applied the spec's rules
 * ('all', 'all-p' / 'all_p' without ids 9 and 11, one fixed language); this keeps the rule on the
 * client too, so an item from an older copy cannot offer ids 9 or 11 under all-p.
 */
export function languageChoice(item: Pick<QuestionItem, 'codinglang' | 'codingLanguages'>): {
  options: CodingLanguageOption[];
  fixed: boolean;
} {
  const setting = (item.codinglang ?? 'all').trim().toLowerCase();
  let options = item.codingLanguages ?? [];
  if (setting === 'all-p' || setting === 'all_p') options = options.filter((l) => l.id !== 9 && l.id !== 11);
  const fixed = options.length === 1 || !(setting === 'all' || setting === 'all-p' || setting === 'all_p' || !setting);
  return { options, fixed };
}

/** The language shown first: the one the candidate chose (if still offered), else the first option. */
export function initialLanguage(item: Pick<QuestionItem, 'codelang' | 'codinglang' | 'codingLanguages'>): string {
  const { options } = languageChoice(item);
  const chosen = options.find((l) => l.codinglanguage === item.codelang);
  return (chosen ?? options[0])?.codinglanguage ?? 'python';
}

/** What the candidate sees after a run. */
export interface RunView {
  /** The runner's verdict: ok, compile-error, runtime-error, time-limit, sql-error, ... */
  status: string;
  /** The syntax-errors box (spec: compile output with 'error' or 'Warning'). */
  syntaxErrors: string;
  /** The output box. */
  output: string;
  html: boolean;
  tests: Array<{ index: number; passed: boolean; verdict: string; input?: string; expected?: string; actual?: string }>;
  hiddenCount: number;
  sql: { columns: string[]; rows: unknown[][]; truncated: boolean; sqlMessage: string } | null;
}

/**
 * Spec: compile output containing 'error' or 'Warning' is shown as a syntax error. Compilers write
 * 'warning:' in lower case, so the match ignores case; it is applied to what the compiler said
 * (compileOutput), never to what the program printed or why it stopped (ADR 0270).
 */
const isSyntaxError = (text: string) => /error|warning/i.test(text);

/**
 * The syntax-errors box and the run's own error text. A reply without compileOutput (an older
 * server) is read by the spec's rule over the whole error text.
 */
function splitDiagnostics(r: CompileCodeResponse): { syntax: string; runError: string } {
  const error = r.error ?? '';
  if (r.compileOutput === undefined) {
    const syntax = r.status === 'compile-error' || /error|Warning/.test(error);
    return syntax ? { syntax: error, runError: '' } : { syntax: '', runError: error };
  }
  const compiled = r.compileOutput;
  const syntax = r.status === 'compile-error' || isSyntaxError(compiled) ? compiled : '';
  // Compiler notes that are neither (javac's "Note: ..."): with the output.
  const runError = [syntax ? '' : compiled, r.runError ?? ''].filter(Boolean).join('\n');
  return { syntax, runError };
}

/** Maps a compilecode reply to the boxes of the coding view; hidden cases only as a count. */
export function toRunView(r: CompileCodeResponse, lang: string): RunView {
  const { syntax, runError } = splitDiagnostics(r);
  const tests = (r.testResults ?? [])
    .filter((t) => !t.hidden)
    .map((t) => ({
      index: t.index,
      passed: t.passed,
      verdict: t.verdict,
      input: t.input,
      expected: t.expected,
      actual: t.actual,
    }));
  const hiddenCount = (r.testResults ?? []).filter((t) => t.hidden).length;
  const sql = isSqlLanguage(lang)
    ? { columns: r.columns ?? [], rows: r.rows ?? [], truncated: !!r.truncated, sqlMessage: r.sqlMessage ?? '' }
    : null;
  return {
    status: r.status,
    syntaxErrors: sql ? '' : syntax,
    output: [r.output, sql ? '' : runError].filter(Boolean).join('\n'),
    html: !!r.html,
    tests,
    hiddenCount,
    sql,
  };
}

/** The coding view's state kept on this device: code, language, compile count and the last run. */
export interface CodingState {
  codelang: string;
  code: string;
  countCompilation: number;
  run: RunView | null;
}

const stateKey = (examId: number, qid: number) => `coding-${examId}-${qid}`;

export function readCodingState(examId: number, qid: number): CodingState | null {
  const raw = local.get(stateKey(examId, qid));
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as CodingState;
    return typeof s.code === 'string' && typeof s.codelang === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Written on every change (spec); a full storage is survivable (the answer copy remains). */
export function writeCodingState(examId: number, qid: number, s: CodingState): void {
  local.set(stateKey(examId, qid), JSON.stringify(s));
}

/**
 * The state to start from: the answer (the engine's copy, the newer of the local and server
 * copies) for code, language and count; else this device's copy; else the first language's
 * boilerplate ('' when another language was chosen: the view then loads its boilerplate).
 * The last run is kept when it ran the same code.
 */
export function startState(
  item: Pick<
    QuestionItem,
    'descriptiveText' | 'codelang' | 'countCompilation' | 'programBoilerPlate' | 'codinglang' | 'codingLanguages'
  >,
  saved: CodingState | null,
): CodingState {
  const codelang = initialLanguage(item);
  const first = initialLanguage({ ...item, codelang: undefined });
  let code: string;
  if (item.descriptiveText) code = item.descriptiveText;
  else if (saved && saved.codelang === codelang && saved.code) code = saved.code;
  else code = codelang === first ? (item.programBoilerPlate ?? '') : '';
  return {
    codelang,
    code,
    countCompilation: item.countCompilation ?? saved?.countCompilation ?? 0,
    run: saved && saved.code === code && saved.codelang === codelang ? saved.run : null,
  };
}

/** HTML is never compiled: it is shown as written (spec), also without a connection. */
export const htmlRun = (code: string): RunView => ({
  status: 'ok',
  syntaxErrors: '',
  output: code,
  html: true,
  tests: [],
  hiddenCount: 0,
  sql: null,
});

/** Spec: changing the language reloads the boilerplate and resets the compile count. */
export const changeLanguage = (codelang: string, boilerplate: string): CodingState => ({
  codelang,
  code: boilerplate,
  countCompilation: 0,
  run: null,
});
