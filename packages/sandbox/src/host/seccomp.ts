import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'seccomp-gen.c');

/** Where the compiled generator and the BPF file are kept (never committed). */
export function sandboxCacheDir(): string {
  return process.env.SANDBOX_CACHE_DIR ?? join(tmpdir(), 'invigil-sandbox-cache');
}

/**
 * Returns the path of the seccomp BPF filter, building it on first use: the C generator in
 * native/seccomp-gen.c is compiled against libseccomp (Debian libseccomp-dev) and run once.
 * Files are keyed by the source's hash, so an edited filter is rebuilt.
 */
export function ensureSeccompFilter(cacheDir = sandboxCacheDir()): string {
  const source = readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const bpf = join(cacheDir, `seccomp-${hash}.bpf`);
  if (existsSync(bpf)) return bpf;
  // 0711: the sandbox users may traverse it (to reach their box dirs) but not list it.
  mkdirSync(cacheDir, { recursive: true, mode: 0o711 });
  chmodSync(cacheDir, 0o711);
  const bin = join(cacheDir, `seccomp-gen-${hash}-${process.pid}`);
  try {
    execFileSync('gcc', ['-O2', '-o', bin, SOURCE, '-lseccomp'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(
      `cannot build the seccomp filter (needs gcc and libseccomp-dev): ${stderr.trim() || (err as Error).message}`,
      { cause: err },
    );
  }
  const out = execFileSync(bin, [], { maxBuffer: 1024 * 1024 });
  if (out.length === 0 || out.length % 8 !== 0) throw new Error('seccomp generator produced no valid BPF');
  const tmp = `${bpf}.${process.pid}.tmp`;
  writeFileSync(tmp, out, { mode: 0o600 });
  rmSync(bin, { force: true });
  renameSync(tmp, bpf);
  return bpf;
}
