import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Limits, StepResult, Verdict } from '../types.ts';
import type { CgroupHandle, CgroupV1 } from './cgroup.ts';
import { TOOLS } from './capabilities.ts';
import { BOX_TOOLCHAIN_DIR } from './toolchain-cache.ts';

/** One command run inside a fresh bubblewrap box. */
export interface BoxRun {
  /** argv inside the box (absolute program path). */
  argv: string[];
  /** Host directory bound read-only at /box (sources, artifacts). */
  boxDir: string;
  stdin: string;
  limits: Limits;
  /** Unprivileged uid (and gid) the box runs as; unique per concurrent run. */
  uid: number;
  env?: Record<string, string>;
  /** Host dir of prepared toolchain files (PCHs, class archives), bound read-only at /opt/invigil. */
  toolchainDir?: string;
  /** Collect stdout as raw bytes up to this size instead of text (compile artifacts). */
  binaryStdoutBytes?: number;
}

export interface BoxResult extends StepResult {
  stdoutBytes: Buffer;
}

export interface BoxHost {
  cgroup: CgroupV1;
  seccompPath: string;
  /** The compiled native/box-launch.c (joins the cgroups, drops privileges, sets rlimits). */
  launcherPath: string;
}

/** Toolchain paths bound read-only when present on the host. */
const RO_TRY = ['/etc/alternatives', '/etc/java-17-openjdk', '/etc/ld.so.cache', '/etc/localtime', '/etc/mime.types'];

export function bwrapArgs(run: BoxRun, seccompFd: number, statusFd: number): string[] {
  const env = { PATH: '/usr/bin:/bin', HOME: '/work', LANG: 'C.UTF-8', TMPDIR: '/tmp', ...run.env };
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--clearenv',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
  ];
  for (const p of RO_TRY) args.push('--ro-bind-try', p, p);
  if (run.toolchainDir) args.push('--ro-bind', run.toolchainDir, BOX_TOOLCHAIN_DIR);
  args.push('--proc', '/proc', '--dev', '/dev');
  // --size must come right before the --tmpfs it applies to.
  args.push('--size', String(run.limits.workDirBytes), '--tmpfs', '/work');
  args.push('--size', String(Math.min(run.limits.workDirBytes, 16 * 1024 * 1024)), '--tmpfs', '/tmp');
  args.push('--ro-bind', run.boxDir, '/box', '--remount-ro', '/', '--chdir', '/work');
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push('--cap-drop', 'ALL', '--seccomp', String(seccompFd), '--json-status-fd', String(statusFd), '--');
  // bwrap's own init would be left a zombie of the host's pid 1 (its monitor exits without
  // reaping it), so the box runs --as-pid-1 with a shell as its init: the program is its child
  // (normal signal semantics: SIGXFSZ, SIGXCPU), and when the shell exits the kernel kills
  // everything left in the pid namespace. `; exit $?` keeps dash from exec-ing the program.
  return [...args, '/bin/sh', '-c', '"$@"; exit $?', 'box-init', ...run.argv];
}

function signalName(code: number | null): string | null {
  if (code === null || code <= 128 || code > 128 + 64) return null;
  const names: Record<number, string> = {
    6: 'SIGABRT',
    9: 'SIGKILL',
    11: 'SIGSEGV',
    8: 'SIGFPE',
    24: 'SIGXCPU',
    25: 'SIGXFSZ',
    15: 'SIGTERM',
    7: 'SIGBUS',
  };
  return names[code - 128] ?? `SIG${code - 128}`;
}

function limitError(stderr: string): boolean {
  return /OutOfMemoryError|JavaScript heap out of memory|\bMemoryError\b|std::bad_alloc|Allocation failed/.test(stderr);
}

/**
 * Runs `run` in a box: the launcher (native/box-launch.c) moves itself into the run's cgroups,
 * drops to the run's uid with no capabilities and no-new-privs and sets CPU, file size, open
 * files and process limits (what `setpriv` and `prlimit` did, in one exec); bwrap unshares
 * every namespace, clears the environment, binds the toolchain read-only, mounts size-limited tmpfs work dirs and applies the seccomp filter.
 * The chain starts in `/` with an empty environment (nothing leaks through /proc/1/environ).
 */
export async function runInBox(host: BoxHost, run: BoxRun): Promise<BoxResult> {
  const { limits } = run;
  const cg: CgroupHandle = host.cgroup.create(limits.memoryBytes, limits.processes + 2);
  const cpuSec = Math.max(1, Math.ceil(limits.cpuMs / 1000));
  // One exec on the host before bwrap: the launcher joins the cgroups, drops to the run's
  // uid/gid with no capabilities (bounding set empty) and no-new-privs, and sets the rlimits.
  const argv = [
    String(run.uid),
    String(run.uid),
    String(cpuSec),
    String(cpuSec + 1),
    String(limits.fileSizeBytes),
    String(limits.openFiles),
    // RLIMIT_NPROC is a backstop above pids.max, so the cgroup (whose events we read) trips first.
    String(limits.processes + 32),
    ...cg.procsFiles,
    '--',
    TOOLS.bwrap,
    ...bwrapArgs(run, 3, 4),
  ];
  const seccompFd = openSync(host.seccompPath, 'r');
  const started = process.hrtime.bigint();
  let child;
  try {
    child = spawn(host.launcherPath, argv, {
      cwd: '/',
      env: {},
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', seccompFd, 'pipe'],
    });
  } finally {
    closeSync(seccompFd);
  }
  const outLimit = run.binaryStdoutBytes ?? limits.outputBytes;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let outSize = 0;
  let errSize = 0;
  let outputExceeded = false;
  let wallExceeded = false;
  let cpuExceeded = false;
  let status = '';
  // Stop a box by killing what runs inside its cgroup but not the outer bwrap: it reaps the
  // box's init and exits by itself (killing it first would orphan the init as a zombie).
  let killTimer: NodeJS.Timeout | null = null;
  const kill = () => {
    for (const pid of cg.pids()) {
      if (pid === child.pid) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    killTimer ??= setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 1000);
  };
  child.stdout!.on('data', (b: Buffer) => {
    outSize += b.length;
    if (outSize > outLimit) {
      outputExceeded = true;
      kill();
      return;
    }
    stdout.push(b);
  });
  child.stderr!.on('data', (b: Buffer) => {
    errSize += b.length;
    if (errSize > limits.outputBytes) {
      outputExceeded = true;
      kill();
      return;
    }
    stderr.push(b);
  });
  (child.stdio[4] as NodeJS.ReadableStream).on('data', (b: Buffer) => {
    status += b.toString();
  });
  child.stdin!.on('error', () => {});
  child.stdin!.end(run.stdin);
  const wallTimer = setTimeout(() => {
    wallExceeded = true;
    kill();
  }, limits.wallMs);
  const cpuTimer = setInterval(() => {
    if (cg.cpuMs() > limits.cpuMs + 50) {
      cpuExceeded = true;
      kill();
    }
  }, 100);
  const exitCode: number | null = await new Promise((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  clearTimeout(wallTimer);
  clearInterval(cpuTimer);
  if (killTimer) clearTimeout(killTimer);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const stats = cg.stats();
  await cg.destroy();

  const outText = Buffer.concat(stdout);
  const errText = Buffer.concat(stderr).toString('utf8');
  const started2 = /"child-pid"/.test(status);
  const m = /"exit-code"\s*:\s*(\d+)/.exec(status);
  const code = m ? Number(m[1]) : exitCode;
  const signal = signalName(code);
  let verdict: Verdict;
  if ((!started2 || (code === 1 && errText.startsWith('bwrap: '))) && !wallExceeded && !outputExceeded)
    verdict = 'internal-error';
  else if (outputExceeded) verdict = 'output-limit';
  else if (stats.oomKilled || (code !== 0 && limitError(errText))) verdict = 'memory-limit';
  else if (stats.pidsLimitHit) verdict = 'process-limit';
  else if (cpuExceeded || signal === 'SIGXCPU' || stats.cpuMs > limits.cpuMs + 50) verdict = 'time-limit';
  else if (wallExceeded) verdict = 'wall-time-limit';
  else if (signal === 'SIGXFSZ') verdict = 'file-size-limit';
  else if (code !== 0) verdict = 'runtime-error';
  else verdict = 'ok';
  return {
    verdict,
    exitCode: code,
    signal,
    stdout: run.binaryStdoutBytes ? '' : outText.toString('utf8'),
    stdoutBytes: outText,
    stderr: verdict === 'internal-error' ? `sandbox failed to start: ${errText.trim()}` : errText,
    cpuMs: stats.cpuMs,
    wallMs: Math.round(wallMs),
    memoryBytes: stats.memoryBytes,
  };
}
