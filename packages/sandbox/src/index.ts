export * from './types.ts';
export * from './limits.ts';
export * from './languages.ts';
export { QueueFullError, SlotQueue } from './queue.ts';
export { SandboxUnavailableError, type Executor } from './executor/executor.ts';
export { LocalSandboxExecutor, type LocalExecutorOptions } from './executor/local-executor.ts';
export { Judge0Executor, singleSource, type Judge0Options } from './executor/judge0-executor.ts';
export { generateSkeleton, programFiles, GENERATORS, type SkeletonInput } from './skeleton/generator.ts';
export { javaMainClass } from './skeleton/java.ts';
export { parseSignature, SignatureError, MULTI, type Signature } from './skeleton/signature.ts';
export {
  runProgram,
  runTests,
  outputsMatch,
  type TestCase,
  type FunctionSpec,
  type TestOutcome,
  type CodeRunOutcome,
} from './judge.ts';
export {
  SqlEngine,
  SqlUnavailableError,
  SqlTimeoutError,
  SAMPLE_TABLES,
  setupSql,
  type SqlTable,
  type SqlOutcome,
} from './sql/index.ts';
export { inspectHost, type HostReport } from './host/capabilities.ts';

import { Judge0Executor } from './executor/judge0-executor.ts';
import { LocalSandboxExecutor } from './executor/local-executor.ts';
import type { Executor } from './executor/executor.ts';

export interface ExecutorSettings {
  /** Judge0 instead of the local sandbox. */
  judge0Url?: string;
  judge0AuthToken?: string;
  /** Local sandbox: runs at once, runs waiting, first uid of the boxes. */
  concurrency?: number;
  queueSize?: number;
  uidBase?: number;
}

/**
 * The executor for this process: Judge0 when judge0Url is set, the local sandbox otherwise. The
 * server passes its configuration; without settings the environment is read (JUDGE0_URL, ...).
 */
export function createExecutor(settings: ExecutorSettings = fromEnv(process.env)): Executor {
  if (settings.judge0Url) return new Judge0Executor({ url: settings.judge0Url, authToken: settings.judge0AuthToken });
  return new LocalSandboxExecutor({
    concurrency: settings.concurrency,
    maxQueue: settings.queueSize,
    uidBase: settings.uidBase,
  });
}

function fromEnv(env: Record<string, string | undefined>): ExecutorSettings {
  return { judge0Url: env.JUDGE0_URL, judge0AuthToken: env.JUDGE0_AUTH_TOKEN };
}
