// Sandbox benchmark (never part of npm test): node --import tsx bench/sandbox/run.ts [runs]
// Median end-to-end hello world per language, sandboxed and bare; Python submissions/s on all
// cores; SQL per-run medians. Prints a table; figures are recorded in bench/sandbox/README.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LocalSandboxExecutor,
  SAMPLE_TABLES,
  SqlEngine,
  programFiles,
  type ProgramLanguage,
} from '../../packages/sandbox/src/index.ts';

const N = Number(process.argv[2] ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const HELLO: Record<ProgramLanguage, string> = {
  c: '#include <stdio.h>\nint main(){ puts("hello"); return 0; }',
  cpp: '#include <iostream>\nint main(){ std::cout << "hello" << std::endl; }',
  java: 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }',
  python: 'print("hello")',
  javascript: 'console.log("hello")',
};
// Bare runs get the box's clean environment: this shell's (NODE_EXTRA_CA_CERTS and the like)
// made a bare Node hello world cost ~115 ms of CPU instead of ~30 ms.
const CLEAN = { env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8' } };
const x = (cmd: string, args: string[]) => execFileSync(cmd, args, CLEAN);
const BARE: Record<ProgramLanguage, (dir: string) => void> = {
  c: (d) => {
    x('gcc', ['-O2', '-o', join(d, 'p'), join(d, 'main.c'), '-lm']);
    x(join(d, 'p'), []);
  },
  cpp: (d) => {
    x('g++', ['-O2', '-std=gnu++17', '-o', join(d, 'p'), join(d, 'main.cpp')]);
    x(join(d, 'p'), []);
  },
  java: (d) => {
    x('javac', ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-d', d, join(d, 'Main.java')]);
    x('java', ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp', d, 'Main']);
  },
  python: (d) => x('/usr/bin/python3', ['-I', '-B', join(d, 'main.py')]),
  javascript: (d) => x('/usr/bin/node', [join(d, 'main.js')]),
};

const ex = new LocalSandboxExecutor({ concurrency: availableParallelism(), maxQueue: 1000 });
// Steady state: the precompiled headers and javac's archive are built once per machine.
await ex.prepared();
console.log('| language | sandboxed median ms | bare median ms | ratio | fixed cost ms |');
console.log('|---|---|---|---|---|');
let fixed: number;
{
  // Fixed cost: /bin/true in a box vs bare.
  const host = ex as unknown as { host: { cgroup: never; seccompPath: string; launcherPath: string } };
  const { runInBox } = await import('../../packages/sandbox/src/host/box.ts');
  const { DEFAULT_RUN_LIMITS } = await import('../../packages/sandbox/src/limits.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  execFileSync('chmod', ['755', dir]);
  const t: number[] = [];
  for (let i = 0; i < N * 3; i++) {
    const s = performance.now();
    await runInBox(
      { cgroup: host.host.cgroup, seccompPath: host.host.seccompPath, launcherPath: host.host.launcherPath },
      { argv: ['/bin/true'], boxDir: dir, stdin: '', limits: DEFAULT_RUN_LIMITS, uid: 61900 },
    );
    t.push(performance.now() - s);
  }
  const b: number[] = [];
  for (let i = 0; i < N * 3; i++) {
    const s = performance.now();
    x('/bin/true', []);
    b.push(performance.now() - s);
  }
  fixed = median(t) - median(b);
  rmSync(dir, { recursive: true, force: true });
}
for (const lang of Object.keys(HELLO) as ProgramLanguage[]) {
  const g = programFiles(lang, HELLO[lang]);
  const sb: number[] = [];
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    const r = await ex.execute({ language: lang, files: g.files, entry: g.entry, stdins: [''] });
    if (r.runs[0]?.stdout.trim() !== 'hello') throw new Error(`${lang}: ${JSON.stringify(r)}`);
    sb.push(performance.now() - s);
  }
  const bare: number[] = [];
  for (let i = 0; i < N; i++) {
    const d = mkdtempSync(join(tmpdir(), 'bench-'));
    for (const [f, src] of Object.entries(g.files)) writeFileSync(join(d, f), src);
    const s = performance.now();
    BARE[lang](d);
    bare.push(performance.now() - s);
    rmSync(d, { recursive: true, force: true });
  }
  console.log(
    `| ${lang} | ${median(sb).toFixed(0)} | ${median(bare).toFixed(0)} | ${(median(sb) / median(bare)).toFixed(2)} | ${fixed.toFixed(1)} |`,
  );
}

// Throughput: Python hello world submissions per second with every core busy, with as many
// slots as cores and with twice as many (part of each run is waiting, not computing).
for (const slots of [availableParallelism(), availableParallelism() + 1, availableParallelism() * 2]) {
  const tex = new LocalSandboxExecutor({
    concurrency: slots,
    maxQueue: 1000,
    uidBase: 61800,
    prepareToolchains: false,
  });
  const total = 160;
  const s = performance.now();
  await Promise.all(
    Array.from({ length: total }, () =>
      tex.execute({ language: 'python', files: { 'main.py': HELLO.python }, stdins: [''] }),
    ),
  );
  console.log(
    `\nPython submissions/s on ${availableParallelism()} cores, ${slots} slots: ${(total / ((performance.now() - s) / 1000)).toFixed(1)}`,
  );
}

// SQL per-run medians (warm engines).
const sql = new SqlEngine();
for (const d of ['sql', 'pgsql', 'mysql'] as const) {
  const first = await sql.run(d, SAMPLE_TABLES, 'SELECT 1', { timeoutMs: 60_000 });
  if (!first.ok) {
    console.log(`${d}: unavailable (${first.sqlMessage})`);
    continue;
  }
  const t: number[] = [];
  for (let i = 0; i < 30; i++) {
    const s = performance.now();
    await sql.run(
      d,
      SAMPLE_TABLES,
      'SELECT d.name, count(*) FROM employees e JOIN departments d ON d.id = e.department_id GROUP BY d.name',
    );
    t.push(performance.now() - s);
  }
  console.log(`SQL ${d} per run median: ${median(t).toFixed(1)} ms`);
}
await sql.close();
