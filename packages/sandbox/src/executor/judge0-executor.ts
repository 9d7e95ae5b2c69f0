import { DEFAULT_COMPILE_LIMITS, DEFAULT_RUN_LIMITS, resolveLimits } from '../limits.ts';
import { QueueFullError } from '../queue.ts';
import type { ExecutionRequest, ExecutionResult, ProgramLanguage, StepResult, Verdict } from '../types.ts';
import type { Executor } from './executor.ts';

/** Judge0 language names, matched against its GET /languages (the newest version wins). */
const NAME_PATTERNS: Record<ProgramLanguage, RegExp> = {
  c: /^C \((GCC|Clang)/i,
  cpp: /^C\+\+ \((GCC|Clang)/i,
  java: /^Java \(OpenJDK/i,
  python: /^Python \(3/i,
  javascript: /^JavaScript \(Node/i,
};

interface Judge0Submission {
  token?: string;
  stdout?: string | null;
  stderr?: string | null;
  compile_output?: string | null;
  message?: string | null;
  exit_code?: number | null;
  time?: string | null;
  memory?: number | null;
  status?: { id: number; description: string };
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const unb64 = (s: string | null | undefined) => (s ? Buffer.from(s, 'base64').toString('utf8') : '');

function verdictOf(status: number): Verdict {
  if (status === 3 || status === 4) return 'ok';
  if (status === 5) return 'time-limit';
  if (status === 6) return 'compile-error';
  if (status === 8) return 'file-size-limit';
  if (status >= 7 && status <= 12) return 'runtime-error';
  return 'internal-error';
}

/**
 * Turns our files (candidate code plus harness) into the single source Judge0 takes: Python and
 * Node harnesses embed the solution's text; Java's classes lose `public` and a public Main
 * (Judge0 compiles Main.java) calls the entry class.
 */
export function singleSource(req: ExecutionRequest): string {
  const files = req.files;
  switch (req.language) {
    case 'c':
    case 'cpp':
      return Object.values(files)[0];
    case 'python':
      return files['solution.py'] !== undefined
        ? files['main.py'].replace(
            "open('/box/solution.py', encoding='utf-8').read()",
            JSON.stringify(files['solution.py']),
          )
        : files['main.py'];
    case 'javascript':
      return files['solution.js'] !== undefined
        ? files['main.js'].replace(
            "require('/box/solution.js')",
            `(() => { const module = { exports: {} }; new Function('module', 'exports', 'require', ${JSON.stringify(files['solution.js'])})(module, module.exports, require); return module.exports; })()`,
          )
        : files['main.js'];
    case 'java': {
      const body = Object.values(files)
        .map((src) => src.replace(/^(\s*)public\s+((?:final\s+|abstract\s+)*)class\s+/gm, '$1$2class '))
        .join('\n');
      return `${body}\npublic class Main {\n    public static void main(String[] args) throws Exception {\n        ${req.entry ?? 'Main'}.main(args);\n    }\n}\n`;
    }
  }
}

export interface Judge0Options {
  url: string;
  authToken?: string;
  pollMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Runs programs on a Judge0 cluster (JUDGE0_URL): batch submissions, network off. */
export class Judge0Executor implements Executor {
  readonly name = 'judge0';
  private languageIds: Promise<Partial<Record<ProgramLanguage, number>>> | null = null;
  private inFlight = 0;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: Judge0Options) {
    this.fetch = options.fetchImpl ?? fetch;
  }

  private async call<T>(path: string, init?: RequestInit): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.authToken) headers['X-Auth-Token'] = this.options.authToken;
    const res = await this.fetch(new URL(path, this.options.url), { ...init, headers });
    if (res.status === 503 || res.status === 429) {
      throw new QueueFullError(Number(res.headers.get('retry-after')) || 5);
    }
    if (!res.ok) throw new Error(`Judge0 answered ${res.status} for ${path}`);
    return (await res.json()) as T;
  }

  /** Maps our languages to Judge0 ids through its GET /languages. */
  languages(): Promise<Partial<Record<ProgramLanguage, number>>> {
    if (!this.languageIds) {
      this.languageIds = this.call<{ id: number; name: string }[]>('languages').then((list) => {
        const out: Partial<Record<ProgramLanguage, number>> = {};
        for (const [lang, re] of Object.entries(NAME_PATTERNS) as [ProgramLanguage, RegExp][]) {
          const matches = list.filter((l) => re.test(l.name)).sort((a, b) => b.id - a.id);
          if (matches[0]) out[lang] = matches[0].id;
        }
        return out;
      });
      this.languageIds.catch(() => (this.languageIds = null));
    }
    return this.languageIds;
  }

  supports(language: ProgramLanguage): boolean {
    return language in NAME_PATTERNS;
  }

  load() {
    return { running: this.inFlight, queued: 0, capacity: Infinity };
  }

  async close(): Promise<void> {}

  async execute(req: ExecutionRequest): Promise<ExecutionResult> {
    const ids = await this.languages();
    const languageId = ids[req.language];
    if (!languageId) throw new Error(`Judge0 offers no ${req.language} compiler`);
    const run = resolveLimits(DEFAULT_RUN_LIMITS, req.runLimits);
    const compile = resolveLimits(DEFAULT_COMPILE_LIMITS, req.compileLimits);
    const source = b64(singleSource(req));
    const submissions = req.stdins.map((stdin) => ({
      language_id: languageId,
      source_code: source,
      stdin: b64(stdin),
      cpu_time_limit: run.cpuMs / 1000,
      wall_time_limit: run.wallMs / 1000,
      memory_limit: Math.floor(Math.max(run.memoryBytes, compile.memoryBytes) / 1024),
      max_processes_and_or_threads: run.processes,
      max_file_size: Math.floor(run.fileSizeBytes / 1024),
      enable_network: false,
      redirect_stderr_to_stdout: false,
    }));
    this.inFlight++;
    try {
      const tokens = await this.call<{ token?: string; error?: string }[]>('submissions/batch?base64_encoded=true', {
        method: 'POST',
        body: JSON.stringify({ submissions }),
      });
      const list = tokens.map((t) => t.token).filter((t): t is string => Boolean(t));
      if (list.length !== submissions.length) throw new Error('Judge0 rejected a submission');
      const done = await this.poll(list);
      return this.toResult(done, run.outputBytes);
    } finally {
      this.inFlight--;
    }
  }

  private async poll(tokens: string[]): Promise<Judge0Submission[]> {
    const deadline = Date.now() + (this.options.timeoutMs ?? 120_000);
    const fields = 'token,stdout,stderr,compile_output,message,exit_code,time,memory,status';
    for (;;) {
      const res = await this.call<{ submissions: Judge0Submission[] }>(
        `submissions/batch?tokens=${tokens.join(',')}&base64_encoded=true&fields=${fields}`,
      );
      if (res.submissions.every((s) => (s.status?.id ?? 1) > 2)) return res.submissions;
      if (Date.now() > deadline) throw new Error('Judge0 did not finish in time');
      await new Promise((r) => setTimeout(r, this.options.pollMs ?? 250));
    }
  }

  private toResult(subs: Judge0Submission[], outputBytes: number): ExecutionResult {
    const step = (s: Judge0Submission): StepResult => {
      const stdout = unb64(s.stdout);
      const verdict = stdout.length > outputBytes ? 'output-limit' : verdictOf(s.status?.id ?? 13);
      return {
        verdict,
        exitCode: s.exit_code ?? null,
        signal: null,
        stdout: stdout.slice(0, outputBytes),
        stderr: [unb64(s.stderr), verdict === 'internal-error' ? unb64(s.message) : ''].filter(Boolean).join('\n'),
        cpuMs: Math.round(Number(s.time ?? 0) * 1000),
        wallMs: 0,
        memoryBytes: (s.memory ?? 0) * 1024,
      };
    };
    const first = subs[0];
    const compileText = unb64(first?.compile_output);
    if (first?.status?.id === 6) {
      return {
        compile: {
          verdict: 'compile-error',
          exitCode: 1,
          signal: null,
          stdout: '',
          stderr: compileText,
          cpuMs: 0,
          wallMs: 0,
          memoryBytes: 0,
        },
        runs: [],
        executor: this.name,
      };
    }
    const compile: StepResult | null = compileText
      ? {
          verdict: 'ok',
          exitCode: 0,
          signal: null,
          stdout: '',
          stderr: compileText,
          cpuMs: 0,
          wallMs: 0,
          memoryBytes: 0,
        }
      : null;
    return { compile, runs: subs.map(step), executor: this.name };
  }
}
