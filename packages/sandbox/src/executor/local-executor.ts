import { availableParallelism } from 'node:os';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspectHost, type HostReport } from '../host/capabilities.ts';
import { runInBox, type BoxHost } from '../host/box.ts';
import { sandboxCacheDir } from '../host/seccomp.ts';
import { ToolchainCache } from '../host/toolchain-cache.ts';
import { TOOLCHAINS } from '../languages.ts';
import { DEFAULT_COMPILE_LIMITS, DEFAULT_RUN_LIMITS, resolveLimits } from '../limits.ts';
import { SlotQueue } from '../queue.ts';
import type { ExecutionRequest, ExecutionResult, ProgramLanguage, StepResult } from '../types.ts';
import { SandboxUnavailableError, type Executor } from './executor.ts';

export interface LocalExecutorOptions {
  concurrency?: number;
  maxQueue?: number;
  /** First uid of the per-slot sandbox users (slot n runs as uidBase + n). */
  uidBase?: number;
  /** Largest compile artifact accepted (bytes). */
  maxArtifactBytes?: number;
  host?: HostReport;
  /** Build precompiled headers and javac's class archive in the background (default true). */
  prepareToolchains?: boolean;
}

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,80}$/;

/** The default executor: bubblewrap boxes on this host behind a bounded queue. */
export class LocalSandboxExecutor implements Executor {
  readonly name = 'local';
  private readonly queue: SlotQueue;
  private readonly host: HostReport;
  private readonly uidBase: number;
  private readonly maxArtifactBytes: number;
  private readonly workRoot: string;
  private readonly toolchains: ToolchainCache | null = null;

  constructor(options: LocalExecutorOptions = {}) {
    const concurrency = options.concurrency ?? Number(process.env.SANDBOX_CONCURRENCY ?? availableParallelism());
    const maxQueue = options.maxQueue ?? Number(process.env.SANDBOX_QUEUE_SIZE ?? concurrency * 4);
    this.queue = new SlotQueue(Math.max(1, concurrency), Math.max(0, maxQueue));
    this.uidBase = options.uidBase ?? Number(process.env.SANDBOX_UID_BASE ?? 61000);
    this.maxArtifactBytes = options.maxArtifactBytes ?? 64 * 1024 * 1024;
    this.host = options.host ?? inspectHost();
    this.workRoot = join(sandboxCacheDir(), 'boxes');
    if (this.host.ok) {
      this.host.cgroup?.sweepStale();
      chmodSync(sandboxCacheDir(), 0o711);
      mkdirSync(this.workRoot, { recursive: true, mode: 0o711 });
      chmodSync(this.workRoot, 0o711);
      if (options.prepareToolchains ?? true) {
        try {
          this.toolchains = new ToolchainCache();
          void this.toolchains.prepare();
        } catch {
          /* compiles run without prepared files */
        }
      }
    }
  }

  /** Why this host cannot run the sandbox (empty when it can). */
  get problems(): string[] {
    return this.host.problems;
  }

  supports(language: ProgramLanguage): boolean {
    return language in TOOLCHAINS;
  }

  load() {
    return { running: this.queue.running, queued: this.queue.queued, capacity: this.queue.concurrency };
  }

  async close(): Promise<void> {}

  /** Resolves once the background toolchain builds (PCHs, javac archive) are done. */
  async prepared(): Promise<void> {
    await this.toolchains?.prepare();
  }

  execute(request: ExecutionRequest): Promise<ExecutionResult> {
    if (!this.host.ok || !this.host.cgroup || !this.host.seccompPath || !this.host.launcherPath) {
      return Promise.reject(new SandboxUnavailableError(this.host.problems));
    }
    const box: BoxHost = {
      cgroup: this.host.cgroup,
      seccompPath: this.host.seccompPath,
      launcherPath: this.host.launcherPath,
    };
    return this.queue.run((slot) => this.executeInSlot(box, slot, request));
  }

  private async executeInSlot(host: BoxHost, slot: number, request: ExecutionRequest): Promise<ExecutionResult> {
    const tc = TOOLCHAINS[request.language];
    const uid = this.uidBase + slot;
    const dir = mkdtempSync(join(this.workRoot, 'box-'));
    chmodSync(dir, 0o755);
    try {
      const names = Object.keys(request.files);
      for (const name of names) {
        if (!SAFE_NAME.test(name)) throw new Error(`unsafe source file name: ${name}`);
        writeFileSync(join(dir, name), request.files[name], { mode: 0o644 });
      }
      let compile: StepResult | null = null;
      if (tc.compile) {
        const limits = resolveLimits(DEFAULT_COMPILE_LIMITS, request.compileLimits);
        const res = await runInBox(host, {
          argv: [
            '/bin/sh',
            '-c',
            tc.compile(names, limits, { toolchain: this.toolchains?.files ?? null, sources: request.files }),
          ],
          boxDir: dir,
          toolchainDir: this.toolchains?.files.hostDir,
          stdin: '',
          limits,
          uid,
          binaryStdoutBytes: this.maxArtifactBytes,
        });
        const { stdoutBytes, ...step } = res;
        compile = { ...step, verdict: res.verdict === 'runtime-error' ? 'compile-error' : res.verdict };
        if (res.verdict !== 'ok') return { compile, runs: [], executor: this.name };
        if (tc.artifact === 'file') writeFileSync(join(dir, 'prog'), stdoutBytes, { mode: 0o755 });
        else if (tc.artifact === 'tar') writeFileSync(join(dir, 'artifact.tar'), stdoutBytes, { mode: 0o644 });
      }
      const limits = resolveLimits(DEFAULT_RUN_LIMITS, request.runLimits);
      const runs: StepResult[] = [];
      for (const stdin of request.stdins) {
        const { stdoutBytes: _ignored, ...step } = await runInBox(host, {
          argv: tc.run(request.entry, limits),
          boxDir: dir,
          stdin,
          limits,
          uid,
        });
        runs.push(step);
      }
      return { compile, runs, executor: this.name };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
