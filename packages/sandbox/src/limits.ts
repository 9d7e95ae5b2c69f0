import type { Limits } from './types.ts';

const MB = 1024 * 1024;

/** The defaults: CPU 2 s, wall 5 s, 256 MB, 64 processes, 16 MB files, 64 MB work dir, 64 KB output. */
export const DEFAULT_RUN_LIMITS: Limits = Object.freeze({
  cpuMs: 2000,
  wallMs: 5000,
  memoryBytes: 256 * MB,
  processes: 64,
  fileSizeBytes: 16 * MB,
  workDirBytes: 64 * MB,
  outputBytes: 64 * 1024,
  openFiles: 64,
});

/** Compiling gets 10 s CPU, 20 s wall and 512 MB; compiler diagnostics may be longer. */
export const DEFAULT_COMPILE_LIMITS: Limits = Object.freeze({
  ...DEFAULT_RUN_LIMITS,
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryBytes: 512 * MB,
  outputBytes: 64 * 1024,
  openFiles: 256,
});

/** Hard ceilings a question's own limits may not exceed. */
const CEILING: Limits = Object.freeze({
  cpuMs: 20_000,
  wallMs: 40_000,
  memoryBytes: 1024 * MB,
  processes: 256,
  fileSizeBytes: 64 * MB,
  workDirBytes: 256 * MB,
  outputBytes: 1024 * 1024,
  openFiles: 1024,
});

/** Merges per-question overrides onto a base, clamped to the ceilings and to sane minimums. */
export function resolveLimits(base: Limits, override?: Partial<Limits>): Limits {
  const out = { ...base };
  if (override) {
    for (const key of Object.keys(base) as (keyof Limits)[]) {
      const v = override[key];
      if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = Math.min(Math.floor(v), CEILING[key]);
    }
  }
  return out;
}
