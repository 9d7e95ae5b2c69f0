import type { CodingLanguageOption, CompileCodeResponse } from '@invigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { EditorState } from '@codemirror/state';
import { compileWhenFree, retryAfterOf } from './coding-api.ts';
import { maxLength } from './code-length.ts';
import {
  changeLanguage,
  initialLanguage,
  languageChoice,
  readCodingState,
  startState,
  toRunView,
  writeCodingState,
} from './coding-rules.ts';

const opt = (id: number, codinglanguage: string): CodingLanguageOption => ({
  id,
  codinglanguage,
  name: codinglanguage,
  kind: 'program',
});
const ALL = [opt(1, 'c'), opt(4, 'python'), opt(9, 'html'), opt(11, 'sql'), opt(12, 'pgsql')];

describe('language rules', () => {
  it('all offers every language and is not fixed', () => {
    expect(languageChoice({ codinglang: 'all', codingLanguages: ALL })).toEqual({ options: ALL, fixed: false });
  });
  it('all-p and all_p leave out ids 9 and 11 and stay enabled', () => {
    for (const codinglang of ['all-p', 'all_p']) {
      const c = languageChoice({ codinglang, codingLanguages: ALL });
      expect(c.options.map((l) => l.id)).toEqual([1, 4, 12]);
      expect(c.fixed).toBe(false);
    }
  });
  it('a fixed language disables the selector', () => {
    expect(languageChoice({ codinglang: 'c', codingLanguages: [opt(1, 'c')] }).fixed).toBe(true);
  });
  it('starts with the chosen language when it is still offered', () => {
    expect(initialLanguage({ codinglang: 'all', codingLanguages: ALL, codelang: 'python' })).toBe('python');
    expect(initialLanguage({ codinglang: 'all-p', codingLanguages: ALL, codelang: 'html' })).toBe('c');
  });
});

describe('coding state', () => {
  afterEach(() => localStorage.clear());
  const item = { codinglang: 'all', codingLanguages: ALL, programBoilerPlate: 'int main(){}' };

  it('a language change reloads the boilerplate and resets the compile count', () => {
    const s = changeLanguage('python', 'def f(): pass');
    expect(s).toEqual({ codelang: 'python', code: 'def f(): pass', countCompilation: 0, run: null });
  });

  it('persists code, language, count and the last run on this device', () => {
    const run = toRunView({ status: 'ok', output: '10\n', error: '' }, 'python');
    writeCodingState(7, 3, { codelang: 'python', code: 'print(10)', countCompilation: 2, run });
    const back = readCodingState(7, 3);
    expect(back).toEqual({ codelang: 'python', code: 'print(10)', countCompilation: 2, run });
    // Reload: the answer is empty (never reached the server) -> this device's copy is used.
    expect(startState({ ...item, codelang: 'python' }, back)).toEqual(back);
    localStorage.setItem('coding-7-4', '{broken');
    expect(readCodingState(7, 4)).toBeNull();
  });

  it('the answer wins over the device copy; a stale run is dropped', () => {
    const saved = { codelang: 'c', code: 'old', countCompilation: 1, run: null };
    const s = startState({ ...item, descriptiveText: 'new', codelang: 'c', countCompilation: 3 }, saved);
    expect(s).toMatchObject({ code: 'new', countCompilation: 3, run: null });
    expect(startState(item, null)).toMatchObject({ codelang: 'c', code: 'int main(){}', countCompilation: 0 });
  });
});

describe('result mapping', () => {
  it("compile output with 'error' or 'Warning' goes to the syntax-errors box", () => {
    const r: CompileCodeResponse = { status: 'compile-error', output: '', error: "main.c:1: error: expected ';'" };
    expect(toRunView(r, 'c')).toMatchObject({ syntaxErrors: "main.c:1: error: expected ';'", output: '' });
    const w = toRunView({ status: 'ok', output: '1', error: 'main.c:2: Warning: unused' }, 'c');
    expect(w.syntaxErrors).toContain('Warning');
    const rt = toRunView({ status: 'time-limit', output: '', error: 'Time limit exceeded' }, 'python');
    expect(rt).toMatchObject({ syntaxErrors: '', output: 'Time limit exceeded' });
  });

  it('the syntax-errors box holds what the compiler said; the program and its failure stay in the output', () => {
    const warned = toRunView(
      {
        status: 'ok',
        output: '42\n',
        error: "main.c:2: warning: unused variable 'x'",
        compileOutput: "main.c:2: warning: unused variable 'x'",
        runError: '',
      },
      'c',
    );
    expect(warned).toMatchObject({ syntaxErrors: "main.c:2: warning: unused variable 'x'", output: '42\n' });
    // A runtime error naming an 'error' (std::runtime_error) is not a syntax error.
    const thrown = toRunView(
      {
        status: 'runtime-error',
        output: 'start\n',
        error: "terminate called after throwing an instance of 'std::runtime_error'",
        compileOutput: '',
        runError: "terminate called after throwing an instance of 'std::runtime_error'",
      },
      'cpp',
    );
    expect(thrown.syntaxErrors).toBe('');
    expect(thrown.output).toBe("start\n\nterminate called after throwing an instance of 'std::runtime_error'");
    const py = toRunView(
      {
        status: 'compile-error',
        output: '',
        error: '  File "/box/main.py", line 1\nSyntaxError: x',
        compileOutput: '  File "/box/main.py", line 1\nSyntaxError: x',
        runError: '',
      },
      'python',
    );
    expect(py).toMatchObject({ syntaxErrors: '  File "/box/main.py", line 1\nSyntaxError: x', output: '' });
    // A compiler note that is neither an error nor a warning goes with the output.
    const note = toRunView(
      {
        status: 'ok',
        output: 'hi',
        error: 'Note: Main.java uses unchecked',
        compileOutput: 'Note: Main.java uses unchecked',
        runError: '',
      },
      'java',
    );
    expect(note).toMatchObject({ syntaxErrors: '', output: 'hi\nNote: Main.java uses unchecked' });
  });

  it('shows visible test cases and only counts hidden ones', () => {
    const v = toRunView(
      {
        status: 'ok',
        output: '2 of 3 test cases passed',
        error: '',
        testResults: [
          { index: 0, hidden: false, passed: true, verdict: 'ok', input: '1', expected: '1', actual: '1' },
          { index: 1, hidden: true, passed: false, verdict: 'ok' },
          { index: 2, hidden: true, passed: true, verdict: 'ok' },
        ],
      },
      'java',
    );
    expect(v.tests).toHaveLength(1);
    expect(v.hiddenCount).toBe(2);
  });

  it('SQL: rows or the sqlMessage', () => {
    const ok = toRunView({ status: 'ok', output: '', error: '', columns: ['n'], rows: [[1]] }, 'pgsql');
    expect(ok.sql).toEqual({ columns: ['n'], rows: [[1]], truncated: false, sqlMessage: '' });
    const bad = toRunView({ status: 'sql-error', output: '', error: 'x', sqlMessage: 'no such table: t' }, 'sql');
    expect(bad).toMatchObject({ status: 'sql-error', syntaxErrors: '', sql: { sqlMessage: 'no such table: t' } });
  });
});

describe('a busy runner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads Retry-After from 503 and 429 replies only', () => {
    expect(retryAfterOf(new ApiError(503, 'busy', { retryAfter: 3 }))).toBe(3);
    expect(retryAfterOf(new ApiError(429, 'slow down', { retryAfter: 0 }))).toBe(1);
    // No sandbox on the server: an error to show, not a wait.
    expect(retryAfterOf(new ApiError(503, 'no sandbox', {}))).toBeNull();
    expect(retryAfterOf(new ApiError(400, 'bad', { retryAfter: 3 }))).toBeNull();
  });

  it('waits and sends the run again until a slot frees', async () => {
    const replies = [
      new Response(JSON.stringify({ message: 'busy', retryAfter: 2 }), { status: 503 }),
      new Response(JSON.stringify({ message: 'busy', retryAfter: 1 }), { status: 429 }),
      new Response(JSON.stringify({ status: 'ok', output: '42', error: '' }), { status: 200 }),
    ];
    const fetchMock = vi.fn(async () => replies.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    const reasons: string[] = [];
    const slept: number[] = [];
    const r = await compileWhenFree(
      { code: 'print(42)', lang: 'python' },
      {
        signal: new AbortController().signal,
        onWaiting: (s, _attempt, reason) => (waits.push(s), reasons.push(reason)),
        sleep: async (ms) => void slept.push(ms),
      },
    );
    expect(r.output).toBe('42');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2, 1]);
    // A full runner is 'busy'; this candidate's own share used up (429) is said as such.
    expect(reasons).toEqual(['busy', 'limit']);
    expect(slept).toEqual([2000, 1000]);
  });
});

describe('the longest code', () => {
  it('refuses a change past the limit whole, and says so; shortening always passes', () => {
    const refused: number[] = [];
    let state = EditorState.create({ doc: '1234', extensions: [maxLength(6, () => refused.push(1))] });
    state = state.update({ changes: { from: 4, insert: '56' } }).state;
    expect(state.doc.toString()).toBe('123456');
    state = state.update({ changes: { from: 6, insert: '7' } }).state;
    expect(state.doc.toString()).toBe('123456');
    expect(refused).toHaveLength(1);
    // A replacement that keeps the length under the limit passes.
    state = state.update({ changes: { from: 0, to: 6, insert: 'abc' } }).state;
    expect(state.doc.toString()).toBe('abc');
    // Code kept from before the limit can still be shortened.
    let over = EditorState.create({ doc: '123456789', extensions: [maxLength(6, () => refused.push(1))] });
    over = over.update({ changes: { from: 0, to: 1 } }).state;
    expect(over.doc.toString()).toBe('23456789');
    expect(refused).toHaveLength(1);
  });
});
