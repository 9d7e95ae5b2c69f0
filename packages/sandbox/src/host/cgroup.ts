import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the box's cgroup measured once the run is over. */
export interface CgroupStats {
  cpuMs: number;
  memoryBytes: number;
  oomKilled: boolean;
  pidsLimitHit: boolean;
}

/** One run's control groups (cgroup v1: memory, pids, cpuacct). */
export interface CgroupHandle {
  /** cgroup.procs files the supervisor writes the box's first pid into before exec. */
  readonly procsFiles: string[];
  cpuMs(): number;
  /** Pids currently in the group. */
  pids(): number[];
  stats(): CgroupStats;
  /** Kills whatever is still inside and removes the groups. */
  destroy(): Promise<void>;
}

const CONTROLLERS = ['memory', 'pids', 'cpuacct'] as const;
type Controller = (typeof CONTROLLERS)[number];

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function pidsOf(dir: string): number[] {
  return read(join(dir, 'cgroup.procs')).split('\n').filter(Boolean).map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * cgroup v1 as seen on this machine (v2 has no memory or pids controller here). Each run gets
 * `<root>/<controller>/<parent>/<server pid>-<n>`; limits are written before the box starts.
 */
export class CgroupV1 {
  private counter = 0;
  constructor(
    readonly root = '/sys/fs/cgroup',
    readonly parent = 'invigil-sandbox',
  ) {}

  /** Empty when usable; otherwise the reasons it is not. */
  problems(): string[] {
    const out: string[] = [];
    for (const c of CONTROLLERS) {
      const base = join(this.root, c);
      if (!existsSync(join(base, 'cgroup.procs'))) {
        out.push(`cgroup v1 controller '${c}' is not mounted at ${base}`);
        continue;
      }
      try {
        mkdirSync(join(base, this.parent), { recursive: true });
      } catch (err) {
        out.push(`cannot create ${join(base, this.parent)}: ${(err as Error).message}`);
      }
    }
    if (out.length === 0 && !existsSync(join(this.root, 'memory', this.parent, 'memory.oom_control'))) {
      out.push('cgroup v1 memory controller has no memory.oom_control');
    }
    return out;
  }

  /** Removes groups left by supervisors that died (their pid is gone), killing what is inside. */
  sweepStale(): void {
    const base = join(this.root, 'pids', this.parent);
    let names: string[];
    try {
      names = readdirSync(base);
    } catch {
      return;
    }
    for (const name of names) {
      const owner = Number(name.split('-')[0]);
      if (!Number.isInteger(owner) || owner === process.pid || isAlive(owner)) continue;
      for (const c of CONTROLLERS) {
        const dir = join(this.root, c, this.parent, name);
        for (const pid of pidsOf(dir)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }
        try {
          rmdirSync(dir);
        } catch {
          /* busy or gone: next sweep */
        }
      }
    }
  }

  create(memoryBytes: number, processes: number): CgroupHandle {
    const name = `${process.pid}-${++this.counter}-${Date.now().toString(36)}`;
    const dirs = Object.fromEntries(CONTROLLERS.map((c) => [c, join(this.root, c, this.parent, name)])) as Record<
      Controller,
      string
    >;
    for (const c of CONTROLLERS) mkdirSync(dirs[c], { recursive: true });
    const mem = dirs.memory;
    writeFileSync(join(mem, 'memory.limit_in_bytes'), String(memoryBytes));
    // Same value for memory+swap: the box may not swap its way past the limit.
    if (existsSync(join(mem, 'memory.memsw.limit_in_bytes'))) {
      writeFileSync(join(mem, 'memory.memsw.limit_in_bytes'), String(memoryBytes));
    }
    try {
      writeFileSync(join(mem, 'memory.swappiness'), '0');
    } catch {
      /* not settable on every kernel */
    }
    writeFileSync(join(dirs.pids, 'pids.max'), String(processes));
    return new V1Handle(dirs);
  }
}

class V1Handle implements CgroupHandle {
  readonly procsFiles: string[];
  constructor(private readonly dirs: Record<Controller, string>) {
    this.procsFiles = CONTROLLERS.map((c) => join(dirs[c], 'cgroup.procs'));
  }

  pids(): number[] {
    return pidsOf(this.dirs.pids);
  }

  cpuMs(): number {
    const ns = Number(read(join(this.dirs.cpuacct, 'cpuacct.usage')).trim() || 0);
    return Math.round(ns / 1e6);
  }

  stats(): CgroupStats {
    const oom = read(join(this.dirs.memory, 'memory.oom_control'));
    const oomKills = Number(/oom_kill (\d+)/.exec(oom)?.[1] ?? 0);
    const failcnt = Number(read(join(this.dirs.memory, 'memory.failcnt')).trim() || 0);
    const events = read(join(this.dirs.pids, 'pids.events'));
    const pidsMax = Number(/max (\d+)/.exec(events)?.[1] ?? 0);
    return {
      cpuMs: this.cpuMs(),
      memoryBytes: Number(read(join(this.dirs.memory, 'memory.max_usage_in_bytes')).trim() || 0),
      oomKilled: oomKills > 0 || (failcnt > 0 && /under_oom 1/.test(oom)),
      pidsLimitHit: pidsMax > 0,
    };
  }

  async destroy(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      let left = 0;
      for (const c of CONTROLLERS) {
        for (const pid of pidsOf(this.dirs[c])) {
          left++;
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }
      }
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const c of CONTROLLERS) {
      for (let attempt = 0; attempt < 25; attempt++) {
        try {
          rmdirSync(this.dirs[c]);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
  }
}
