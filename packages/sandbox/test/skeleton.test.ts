import { describe, expect, it } from 'vitest';
import { runProgram, runTests } from '../src/judge.ts';
import { generateSkeleton } from '../src/skeleton/generator.ts';
import { parseSignature, encodeArgs, coerceValue } from '../src/skeleton/signature.ts';
import { host, makeExecutor } from './helpers.ts';

const problem = {
  classname: 'Solution',
  methodname: 'sumOf',
  paramtype: 'int[] nums|^^|int bonus',
  paramvalue: '[1,2,3]|^^|4',
  methodreturntype: 'int',
};
const solutions = {
  c: 'int s = bonus; for (int i = 0; i < numsSize; i++) s += nums[i]; return s;',
  cpp: 'int s = bonus; for (int x : nums) s += x; return s;',
  java: 'int s = bonus; for (int x : nums) s += x; return s;',
  python: 'return sum(nums) + bonus',
  javascript: 'return nums.reduce((a, b) => a + b, bonus);',
} as const;
const tests = [
  { input: [[1, 2, 3], 4], output: 10 },
  { input: ['[]', '7'], output: '7' },
  { input: [[5, -5, 100], 0], output: 100, hidden: true },
];

describe('signatures', () => {
  it('reads the spec fields in several spellings', () => {
    const s = parseSignature({
      classname: 'A',
      methodname: 'f',
      paramtype: 'List<Integer> xs|^^|String name|^^|double',
      methodreturntype: 'boolean',
    });
    expect(s.params).toEqual([
      { name: 'xs', type: { base: 'int', array: true } },
      { name: 'name', type: { base: 'string', array: false } },
      { name: 'arg3', type: { base: 'double', array: false } },
    ]);
    expect(s.returns).toEqual({ base: 'bool', array: false });
    expect(() => parseSignature({ methodname: 'x y' })).toThrow();
    expect(encodeArgs(s, [coerceValue('{1, 2}', s.params[0].type), 'a\nb', 2.5])).toBe('2\n1\n2\na\\nb\n2.5\n');
  });

  it.each(Object.keys(solutions))('%s skeleton names the method and its parameters', (lang) => {
    const sk = generateSkeleton(lang as keyof typeof solutions, problem);
    expect(sk).toContain('sumOf');
    expect(sk).toContain('bonus');
    expect(sk).toContain('Write your code here');
  });
});

describe.runIf(host.ok)('each language: the skeleton compiles and a filled-in skeleton passes the sample tests', () => {
  const ex = makeExecutor(2, 16, 61600);
  it.each(Object.entries(solutions))(
    '%s',
    async (lang, body) => {
      const language = lang as keyof typeof solutions;
      const sk = generateSkeleton(language, problem);
      const bare = await runProgram(ex, { language, code: sk });
      expect(bare.status).toBe('ok');
      const code = sk.replace(/(\/\/|#) Write your code here(\n\s*return [^\n]*;)?/, body);
      const run = await runProgram(ex, { language, code });
      expect(run.output.trim()).toBe('10');
      const res = await runTests(ex, { language, code, fn: problem, tests });
      expect(res.passed).toBe(3);
      expect(res.tests![2]).toEqual({ index: 2, hidden: true, passed: true, verdict: 'ok' });
      const wrong = await runTests(ex, { language, code: sk, fn: problem, tests });
      expect(wrong.passed).toBe(0);
      expect(wrong.tests![0]).toMatchObject({ passed: false, expected: '10' });
    },
    60_000,
  );
});
