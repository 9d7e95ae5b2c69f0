import { QueueFullError, type ExecutionRequest, type ExecutionResult, type Executor } from '@invigil/sandbox';
import { expect } from 'vitest';

/**
 * A code executor whose runs of code containing HOLD wait until release(), and whose runs of
 * BUSY or FAIL fail (a full queue, a runner that breaks); the others answer at once.
 */
export class GateExecutor implements Executor {
  readonly name = 'gate';
  held: Array<() => void> = [];
  supports() {
    return true;
  }
  async execute(req: ExecutionRequest): Promise<ExecutionResult> {
    const code = Object.values(req.files).join('\n');
    if (code.includes('BUSY')) throw new QueueFullError(3);
    if (code.includes('FAIL')) throw new Error('the runner broke');
    if (code.includes('HOLD')) await new Promise<void>((resolve) => this.held.push(resolve));
    const step = { verdict: 'ok' as const, exitCode: 0, signal: null, stderr: '', cpuMs: 1, wallMs: 1, memoryBytes: 0 };
    return { compile: null, runs: [{ ...step, stdout: 'ran\n' }], executor: this.name };
  }
  release() {
    for (const r of this.held.splice(0)) r();
  }
  load() {
    return { running: this.held.length, queued: 0, capacity: 100 };
  }
  async close() {
    this.release();
  }
}

/** Waits (at most 5 s) until the condition holds, then asserts it. */
export const until = async (cond: () => boolean) => {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};
