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

/** The executor for this process: Judge0 when JUDGE0_URL is set, the local sandbox otherwise. */
export function createExecutor(env: Record<string, string | undefined> = process.env): Executor {
  if (env.JUDGE0_URL) return new Judge0Executor({ url: env.JUDGE0_URL, authToken: env.JUDGE0_AUTH_TOKEN });
  return new LocalSandboxExecutor();
}
