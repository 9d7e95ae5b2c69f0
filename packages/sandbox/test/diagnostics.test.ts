import { afterAll, describe, expect, it } from 'vitest';
import { runProgram, runTests } from '../src/judge.ts';
import { host, makeExecutor } from './helpers.ts';

const fn = { classname: 'Solution', methodname: 'twice', paramtype: 'int n', methodreturntype: 'int' };
const tests = [
  { input: [1], output: 2 },
  { input: [4], output: 8, hidden: true },
];

// What the coding view's boxes get: the compiler's words apart from the run's (ADR 0270).
describe.runIf(host.ok)('compile output and run errors, apart', () => {
  const ex = makeExecutor(2, 8, 61540);
  afterAll(() => ex.close());

  it('a Python syntax error is a compile error, said once, without the harness frames', async () => {
    const plain = await runProgram(ex, { language: 'python', code: 'print("hi"\n' });
    expect(plain.status).toBe('compile-error');
    expect(plain.compileOutput).toMatch(/^ {2}File "\/box\/main\.py", line 1\n[\s\S]*SyntaxError: /);
    expect(plain.runError).toBe('');

    const judged = await runTests(ex, {
      language: 'python',
      code: 'class Solution:\n    def twice(self, n):\n        return (n * 2\n',
      fn,
      tests,
    });
    expect(judged).toMatchObject({ status: 'compile-error', passed: 0, total: 2, tests: [] });
    expect(judged.compileOutput).toMatch(/^ {2}File "solution\.py", line 3\n[\s\S]*SyntaxError: /);
    expect(judged.compileOutput).not.toContain('exec(compile');
    expect(judged.compileOutput.match(/SyntaxError/g)).toHaveLength(1);
  });

  it('a JavaScript syntax error is a compile error without the loader stack', async () => {
    const plain = await runProgram(ex, { language: 'javascript', code: 'console.log("hi"\n' });
    expect(plain.status).toBe('compile-error');
    expect(plain.compileOutput).toContain('SyntaxError: missing ) after argument list');
    expect(plain.compileOutput).not.toMatch(/^\s+at /m);

    const judged = await runTests(ex, {
      language: 'javascript',
      code: 'class Solution { twice(n) { return n * 2 }\n',
      fn,
      tests,
    });
    expect(judged).toMatchObject({ status: 'compile-error', passed: 0, tests: [] });
    expect(judged.compileOutput).toContain('SyntaxError');
  });

  it('errors raised while the code runs stay runtime errors, with the output', async () => {
    const py = await runProgram(ex, { language: 'python', code: 'print("before")\neval("(")\n' });
    expect(py).toMatchObject({ status: 'runtime-error', output: 'before\n', compileOutput: '' });
    expect(py.runError).toContain('SyntaxError');
    const js = await runProgram(ex, { language: 'javascript', code: 'JSON.parse("{")\n' });
    expect(js).toMatchObject({ status: 'runtime-error', compileOutput: '' });
    expect(js.runError).toContain('SyntaxError');
  });

  it('compiler warnings of a program that runs are the compile output, its stdout the output', async () => {
    const r = await runProgram(ex, {
      language: 'c',
      code: '#include <stdio.h>\nint main(void) { int unused; printf("ok\\n"); return 0; }\n',
    });
    expect(r.status).toBe('ok');
    expect(r.output).toBe('ok\n');
    expect(r.compileOutput).toContain('warning: unused variable');
    expect(r.runError).toBe('');
  });

  it("the harness's C and C++ messages quote the candidate's own line", async () => {
    const c = await runTests(ex, {
      language: 'c',
      code: '#include <stdio.h>\nint twice(int n) {\n  int unused;\n  return n * 2\n}\n',
      fn,
      tests,
    });
    expect(c.status).toBe('compile-error');
    expect(c.compileOutput).toMatch(/\/box\/main\.c:4:\d+: error/);
    expect(c.compileOutput).toMatch(/^ +4 \| {3}return n \* 2$/m);
    expect(c.compileOutput).not.toContain('#line');
    const cpp = await runTests(ex, {
      language: 'cpp',
      code: 'class Solution {\npublic:\n  int twice(int n) { int unused = 0; return n * 2; }\n};\n',
      fn,
      tests,
    });
    expect(cpp.status).toBe('ok');
    expect(cpp.compileOutput).toMatch(/^ +3 \| {3}int twice\(int n\) \{ int unused = 0;/m);
  });
});
