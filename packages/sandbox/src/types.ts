/** Language keys the engine knows. `html` is never run; the SQL dialects run in their own engines. */
export type LanguageKey = 'c' | 'cpp' | 'java' | 'python' | 'javascript' | 'html' | 'sql' | 'pgsql' | 'mysql';
export type ProgramLanguage = 'c' | 'cpp' | 'java' | 'python' | 'javascript';
export type SqlDialect = 'sql' | 'pgsql' | 'mysql';

/** Limits of one step (compile or run). Sizes in bytes, times in milliseconds. */
export interface Limits {
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  processes: number;
  fileSizeBytes: number;
  workDirBytes: number;
  outputBytes: number;
  openFiles: number;
}

/**
 * The verdict of one step. `ok` means the program ran and exited 0; the others say which
 * limit stopped it (or that it failed on its own: `runtime-error`, `compile-error`).
 */
export type Verdict =
  | 'ok'
  | 'compile-error'
  | 'runtime-error'
  | 'time-limit'
  | 'wall-time-limit'
  | 'memory-limit'
  | 'output-limit'
  | 'file-size-limit'
  | 'process-limit'
  | 'internal-error';

export interface StepResult {
  verdict: Verdict;
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
}

/** One execution: compile once (when the language compiles), then one run per stdin. */
export interface ExecutionRequest {
  language: ProgramLanguage;
  /** Source files by name (relative, no slashes), the main file first. */
  files: Record<string, string>;
  /** One run per entry; `[""]` runs the program once with empty input. */
  stdins: string[];
  /** The main class or entry for languages that need one (Java). */
  entry?: string;
  runLimits?: Partial<Limits>;
  compileLimits?: Partial<Limits>;
}

export interface ExecutionResult {
  compile: StepResult | null;
  runs: StepResult[];
  executor: string;
}
