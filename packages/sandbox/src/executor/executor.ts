import type { ExecutionRequest, ExecutionResult, ProgramLanguage } from '../types.ts';

/**
 * Runs candidates' programs: compile once, then one run per stdin. Adapters: the local
 * bubblewrap sandbox (default) and Judge0 (JUDGE0_URL).
 */
export interface Executor {
  readonly name: string;
  /** Languages this executor can run. */
  supports(language: ProgramLanguage): boolean;
  /** Throws QueueFullError when the executor is saturated, SandboxUnavailableError when it cannot run safely. */
  execute(request: ExecutionRequest): Promise<ExecutionResult>;
  /** Load figures for health checks and Retry-After. */
  load(): { running: number; queued: number; capacity: number };
  close(): Promise<void>;
}

/** The executor refuses to run because the host cannot enforce every limit. */
export class SandboxUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(readonly problems: string[]) {
    super(`The code sandbox is not available on this server: ${problems.join('; ')}`);
    this.name = 'SandboxUnavailableError';
  }
}
