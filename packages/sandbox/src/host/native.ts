import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxCacheDir } from './seccomp.ts';

const NATIVE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'native');

/**
 * Creates the cache dir (0711: box users may traverse it to reach their box dirs, not list it)
 * and checks nobody else could have planted files in it: it must be a real directory owned by
 * the supervisor and writable by nobody else.
 */
export function secureCacheDir(cacheDir = sandboxCacheDir()): string {
  mkdirSync(cacheDir, { recursive: true, mode: 0o711 });
  const st = lstatSync(cacheDir);
  const me = typeof process.getuid === 'function' ? process.getuid() : 0;
  if (!st.isDirectory() || st.uid !== me)
    throw new Error(`the sandbox cache dir ${cacheDir} is not a directory owned by this user`);
  chmodSync(cacheDir, 0o711);
  return cacheDir;
}

/**
 * Returns the path of the box launcher (native/box-launch.c), compiling it on first use.
 * Keyed by the source's hash; root-only (0700): it runs on the host, never inside a box.
 */
export function ensureLauncher(cacheDir = sandboxCacheDir()): string {
  const source = join(NATIVE, 'box-launch.c');
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const bin = join(secureCacheDir(cacheDir), `box-launch-${hash}`);
  if (existsSync(bin)) return bin;
  const tmp = `${bin}.${process.pid}.tmp`;
  try {
    execFileSync('gcc', ['-O2', '-Wall', '-o', tmp, source], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    rmSync(tmp, { force: true });
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`cannot build the box launcher (needs gcc): ${stderr.trim() || (err as Error).message}`, {
      cause: err,
    });
  }
  chmodSync(tmp, 0o700);
  renameSync(tmp, bin);
  return bin;
}
