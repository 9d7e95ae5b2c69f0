import { describe, expect, it } from 'vitest';
import { runProgram, runTests } from '../src/judge.ts';
import { host, makeExecutor } from './helpers.ts';

// Precompiled headers and javac's class archive are built once in the background; compiles
// must give the same results with them as without (a .gch is only used for the first #include).
describe.runIf(host.ok)('prepared toolchains (C++ PCH, javac archive)', () => {
  const ex = makeExecutor(2, 16, 61700);

  it('C++ compiles with the PCHs whatever the include order, harness included', { timeout: 180_000 }, async () => {
    await ex.prepared();
    const orders = [
      '#include <bits/stdc++.h>\nusing namespace std;\nint main(){ vector<int> v{3,1,2}; sort(v.begin(), v.end()); cout << v[0] << v[2] << endl; }',
      '#include <iostream>\n#include <bits/stdc++.h>\n#include <iostream>\nint main(){ std::map<int,int> m{{1,2}}; std::cout << m[1] << std::endl; }',
      '#include <vector>\n#include <iostream>\nint main(){ std::cout << std::vector<int>(4).size() << std::endl; }',
    ];
    const outs = await Promise.all(orders.map((code) => runProgram(ex, { language: 'cpp', code })));
    expect(outs.map((o) => [o.status, o.output.trim()])).toEqual([
      ['ok', '13'],
      ['ok', '2'],
      ['ok', '4'],
    ]);
    const fn = { classname: 'Solution', methodname: 'twice', paramtype: 'int x', methodreturntype: 'int' };
    for (const head of [
      '#include <bits/stdc++.h>\nusing namespace std;',
      '#include <iostream>\nusing namespace std;',
    ]) {
      const code = `${head}\nclass Solution { public: int twice(int x) { return 2 * x; } };\nint main() { cout << Solution().twice(4) << endl; return 0; }`;
      const r = await runTests(ex, { language: 'cpp', code, fn, tests: [{ input: [21], output: 42 }] });
      expect(r.passed).toBe(1);
    }
  });

  it('Java compiles and runs with javac sharing its class archive', { timeout: 180_000 }, async () => {
    await ex.prepared();
    const r = await runProgram(ex, {
      language: 'java',
      code: 'import java.util.*;\npublic class Main { public static void main(String[] a) { System.out.println(new TreeSet<>(List.of(3, 1, 2))); } }',
    });
    expect([r.status, r.output.trim()]).toEqual(['ok', '[1, 2, 3]']);
  });
});
