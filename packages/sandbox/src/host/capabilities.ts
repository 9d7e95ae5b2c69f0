import { accessSync, constants, existsSync } from 'node:fs';
import { CgroupV1 } from './cgroup.ts';
import { ensureLauncher, secureCacheDir } from './native.ts';
import { ensureSeccompFilter } from './seccomp.ts';

export const TOOLS = { bwrap: '/usr/bin/bwrap' } as const;

export interface HostReport {
  ok: boolean;
  problems: string[];
  cgroup: CgroupV1 | null;
  seccompPath: string | null;
  /** The compiled box launcher (privilege drop + rlimits); null when it could not be built. */
  launcherPath?: string | null;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks that the host can run the box with every limit in force. When something is missing
 * the executor refuses to run (it never runs code without limits) and says what is missing.
 */
export function inspectHost(options: { cgroupRoot?: string; cgroupParent?: string } = {}): HostReport {
  const problems: string[] = [];
  if (process.platform !== 'linux') problems.push('the local sandbox needs Linux');
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    problems.push(
      'the local sandbox supervisor must run as root (cgroups, dropping to the box uids); set JUDGE0_URL to use Judge0 instead',
    );
  }
  for (const [name, path] of Object.entries(TOOLS)) {
    if (!executable(path)) problems.push(`${name} is missing (${path}); install Debian's bubblewrap`);
  }
  let cgroup: CgroupV1 | null = null;
  if (problems.length === 0) {
    const v1 = new CgroupV1(options.cgroupRoot, options.cgroupParent);
    const cg = v1.problems();
    if (cg.length === 0) cgroup = v1;
    else {
      const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers')
        ? ' (cgroup v2 without delegated memory+pids is not enough)'
        : '';
      problems.push(`no usable memory/pids/cpuacct cgroups${v2}: ${cg.join('; ')}`);
    }
  }
  let seccompPath: string | null = null;
  let launcherPath: string | null = null;
  if (problems.length === 0) {
    try {
      // First: nobody else may have planted a filter or a launcher in the cache dir.
      secureCacheDir();
      seccompPath = ensureSeccompFilter();
      launcherPath = ensureLauncher();
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  return { ok: problems.length === 0, problems, cgroup, seccompPath, launcherPath };
}
