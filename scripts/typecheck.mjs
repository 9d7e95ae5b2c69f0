// npm run typecheck: every TypeScript project of the repository, two at a time (2 cores), after a
// guard that every .ts/.tsx file git knows is in exactly one project.
// Usage: node scripts/typecheck.mjs [--guard-only]
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const cache = path.join(root, 'node_modules/.cache/typecheck');

/**
 * Every project. `build`: composite projects (numeric packages without noUncheckedIndexedAccess)
 * checked with `tsc -b`, which also writes the declarations their importers read; `after`: the
 * projects those importers wait for. Slowest first so the two lanes end together.
 */
const PROJECTS = [
  { name: 'sandbox', config: 'packages/sandbox/tsconfig.json', build: true },
  { name: 'analysis', config: 'packages/analysis/tsconfig.json', build: true },
  { name: 'server', config: 'apps/server/tsconfig.json', after: ['sandbox', 'analysis'] },
  { name: 'bench', config: 'bench/tsconfig.json' },
  { name: 'web', config: 'apps/web/tsconfig.json' },
  { name: 'db', config: 'packages/db/tsconfig.json' },
  { name: 'e2e', config: 'e2e/tsconfig.json' },
  { name: 'contracts', config: 'packages/contracts/tsconfig.json' },
  { name: 'web-build', config: 'apps/web/tsconfig.node.json' },
  { name: 'root', config: 'tsconfig.json' },
];

/** Files git tracks that TypeScript would check, against each project's own (root) files. */
async function guard() {
  const tracked = execFileSync('git', ['ls-files', '-z', '*.ts', '*.tsx', '*.mts', '*.cts'], { cwd: root })
    .toString()
    .split('\0')
    .filter((f) => f && !f.endsWith('.d.ts'));
  const owners = new Map(tracked.map((f) => [f, []]));
  const configs = await Promise.all(
    PROJECTS.map(async (p) => {
      const { stdout } = await run(process.execPath, [tsc, '-p', p.config, '--showConfig'], { cwd: root });
      return { p, files: JSON.parse(stdout).files ?? [] };
    }),
  );
  for (const { p, files } of configs)
    for (const f of files) {
      const rel = path.relative(root, path.resolve(root, path.dirname(p.config), f));
      owners.get(rel)?.push(p.name);
    }
  const problems = [...owners]
    .filter(([, o]) => o.length !== 1)
    .map(([f, o]) => (o.length ? `${f} is in ${o.length} projects (${o.join(', ')})` : `${f} is in no project`));
  for (const line of problems) console.error(`typecheck guard: ${line}; fix the "include" of a tsconfig`);
  if (!problems.length)
    console.log(`ok   guard      ${tracked.length} tracked .ts/.tsx files, each in one of ${PROJECTS.length} projects`);
  return problems.length === 0;
}

async function check(p) {
  const args = p.build
    ? ['-b', p.config]
    : ['-p', p.config, '--incremental', '--tsBuildInfoFile', path.join(cache, `${p.name}.tsbuildinfo`)];
  const started = Date.now();
  const result = await run(process.execPath, [tsc, ...args, '--pretty', 'false'], { cwd: root }).then(
    (r) => ({ ok: true, out: r.stdout }),
    (e) => ({ ok: false, out: `${e.stdout}${e.stderr}` }),
  );
  const errors = result.out.split('\n').filter((l) => / error TS\d+:/.test(l)).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${result.ok ? 'ok  ' : 'FAIL'} ${p.name.padEnd(10)} ${p.config} (${seconds} s)${errors ? `: ${errors} error${errors === 1 ? '' : 's'}` : ''}`,
  );
  if (!result.ok) process.stdout.write(result.out.replace(/^(?=.)/gm, '  '));
  return result.ok;
}

async function main() {
  mkdirSync(cache, { recursive: true });
  let ok = await guard();
  if (process.argv.includes('--guard-only')) process.exit(ok ? 0 : 1);
  const finished = new Set();
  const queue = [...PROJECTS];
  const lane = async () => {
    while (queue.length) {
      // The first project whose prerequisites have finished (or wait a moment for them).
      const i = queue.findIndex((p) => (p.after ?? []).every((n) => finished.has(n)));
      if (i < 0) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const [p] = queue.splice(i, 1);
      if (!(await check(p))) ok = false;
      finished.add(p.name);
    }
  };
  await Promise.all([lane(), lane()]);
  process.exit(ok ? 0 : 1);
}

await main();
