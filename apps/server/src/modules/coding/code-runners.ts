import { createExecutor, SqlEngine, type Executor } from '@invigil/sandbox';
import type { AppConfig } from '../../config.ts';

/**
 * The code executor (local sandbox or Judge0) and the SQL engine, created on first use so a
 * process that never runs code (the worker role, most tests) never starts them.
 */
export class CodeRunners {
  private executorInstance: Executor | null = null;
  private sqlInstance: SqlEngine | null = null;

  /** `executor`: one to use instead of the configured sandbox (tests give a controllable one). */
  constructor(
    private readonly config: Pick<AppConfig, 'sandbox' | 'mysqlUrl'>,
    private readonly given?: Executor,
  ) {}

  get executor(): Executor {
    return (this.executorInstance ??= this.given ?? createExecutor(this.config.sandbox));
  }

  get sql(): SqlEngine {
    return (this.sqlInstance ??= new SqlEngine({ mysqlUrl: this.config.mysqlUrl }));
  }

  /** Creates the executor now, so the sandbox prepares its toolchains before the first compile. */
  warm(): void {
    void this.executor;
  }

  /** The sandbox's load, once it was started (metrics); null before the first run. */
  load(): { running: number; queued: number; capacity: number } | null {
    return this.executorInstance?.load() ?? null;
  }

  async close(): Promise<void> {
    await this.executorInstance?.close();
    await this.sqlInstance?.close();
    this.executorInstance = null;
    this.sqlInstance = null;
  }
}
