import { readdirSync, readFileSync } from 'node:fs';
import { inspectHost } from '../src/host/capabilities.ts';
import { LocalSandboxExecutor } from '../src/executor/local-executor.ts';
import { programFiles } from '../src/skeleton/generator.ts';
import type { Limits, ProgramLanguage, StepResult } from '../src/types.ts';

export const host = inspectHost();

/** uids the attack suite's boxes run as (apart from the server's 61000+ and other test files' 61600+). */
const UID_BASE = 61500;

export function makeExecutor(concurrency = 2, maxQueue = 8, uidBase = UID_BASE) {
  return new LocalSandboxExecutor({ concurrency, maxQueue, uidBase, host });
}

/** Runs a whole program and returns its single run (or the failed compile step). */
export async function runOnce(
  ex: LocalSandboxExecutor,
  language: ProgramLanguage,
  code: string,
  stdin = '',
  runLimits?: Partial<Limits>,
): Promise<StepResult & { compileVerdict?: string }> {
  const g = programFiles(language, code);
  const res = await ex.execute({ language, files: g.files, entry: g.entry, stdins: [stdin], runLimits });
  if (res.compile && res.compile.verdict !== 'ok') return { ...res.compile, compileVerdict: res.compile.verdict };
  return res.runs[0];
}

/** Processes on the host whose real uid is one of this suite's sandbox uids. */
export function strayProcesses(): string[] {
  const out: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      const state = /^State:\s+(\S)/m.exec(status)?.[1];
      const ppid = /^PPid:\s+(\d+)/m.exec(status)?.[1];
      if (uid >= UID_BASE && uid < UID_BASE + 100)
        out.push(`${name} ${state} ppid=${ppid} ${/^Name:\s+(.*)$/m.exec(status)?.[1]}`);
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** This process's cgroups still present under the sandbox parent. */
export function strayCgroups(): string[] {
  const out: string[] = [];
  for (const c of ['memory', 'pids', 'cpuacct']) {
    try {
      for (const name of readdirSync(`/sys/fs/cgroup/${c}/invigil-sandbox`)) {
        if (name.startsWith(`${process.pid}-`)) out.push(`${c}/${name}`);
      }
    } catch {
      /* no parent yet */
    }
  }
  return out;
}
