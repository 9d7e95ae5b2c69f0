import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { secureCacheDir } from './native.ts';
import { sandboxCacheDir } from './seccomp.ts';

const run = promisify(execFile);

/** Where the prepared toolchain files appear inside every box (read-only). */
export const BOX_TOOLCHAIN_DIR = '/opt/invigil';

/**
 * The compiler flags the prepared files are built for: a precompiled header is only used by a
 * compile with the same code-generation flags, and the javac class archive with compatible JVM
 * options. languages.ts compiles with exactly these.
 */
export const CPP_FLAGS = ['-O2', '-std=gnu++17'];
/** The C++ harness renames the candidate's main with this macro before their first #include. */
export const HARNESS_MAIN_MACRO = 'main=invigil_user_main';
/** Headers candidates most often include first; a .gch is used only for the first #include. */
const PCH_HEADERS = ['iostream', 'bits/stdc++.h'];

/** What is ready in the cache (paths inside the box), filled in as the background builds finish. */
export interface ToolchainFiles {
  /** Host directory bound read-only at BOX_TOOLCHAIN_DIR. */
  hostDir: string;
  /** -I dir holding .gch files for plain programs (null until built). */
  cppPch: string | null;
  /** -I dir holding .gch files built with the harness's main macro. */
  cppHarnessPch: string | null;
  /** javac's dynamic CDS archive (null until built). */
  javacArchive: string | null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where javac really lives (its JDK's lib/modules changes with every JDK update). */
function resolveBin(name: string): string | null {
  for (const dir of ['/usr/bin', '/usr/local/bin']) {
    try {
      return realpathSync(join(dir, name));
    } catch {
      /* not there */
    }
  }
  return null;
}

/** Identifies the installed g++ and JDK by their files (no process started: this runs at server start). */
function versionKey(): string {
  const h = createHash('sha256');
  const javac = resolveBin('javac');
  const files = [
    resolveBin('g++'),
    '/usr/lib/gcc/x86_64-linux-gnu',
    javac,
    javac ? join(dirname(javac), '..', 'lib', 'modules') : null,
  ];
  for (const f of files) {
    if (!f) continue;
    try {
      const st = statSync(f);
      h.update(`${f}:${st.size}:${st.mtimeMs}\n`);
    } catch {
      h.update(`${f}: missing\n`);
    }
  }
  h.update(JSON.stringify({ CPP_FLAGS, HARNESS_MAIN_MACRO, PCH_HEADERS, v: 2 }));
  return h.digest('hex').slice(0, 12);
}

/**
 * Builds, once per toolchain version and in the background (niced), the files that make
 * compiling fast: precompiled headers for the common first C++ headers and a CDS archive of
 * javac's classes. Inputs are system headers and a fixed hello-world, never candidates' code;
 * everything is written to a temp name and renamed, so a box only ever sees complete files.
 * Until a file is ready compiles simply run without it.
 */
export class ToolchainCache {
  readonly files: ToolchainFiles;
  private readonly root: string;
  private building: Promise<void> | null = null;

  constructor(cacheDir = sandboxCacheDir()) {
    this.root = join(secureCacheDir(cacheDir), `toolchain-${versionKey()}`);
    mkdirSync(this.root, { recursive: true, mode: 0o755 });
    chmodSync(this.root, 0o755);
    this.files = { hostDir: this.root, cppPch: null, cppHarnessPch: null, javacArchive: null };
    this.refresh();
  }

  private refresh(): void {
    const ready = (p: string) => existsSync(join(this.root, p, '.ready'));
    this.files.cppPch = ready('pch-plain') ? `${BOX_TOOLCHAIN_DIR}/pch-plain` : null;
    this.files.cppHarnessPch = ready('pch-harness') ? `${BOX_TOOLCHAIN_DIR}/pch-harness` : null;
    this.files.javacArchive = existsSync(join(this.root, 'javac.jsa')) ? `${BOX_TOOLCHAIN_DIR}/javac.jsa` : null;
  }

  /** Starts the missing builds (once); resolves when they are done or failed. */
  prepare(): Promise<void> {
    this.building ??= this.buildAll().finally(() => this.refresh());
    return this.building;
  }

  private async buildAll(): Promise<void> {
    // One builder per cache dir across processes (test files, server workers); the others wait.
    const lock = join(this.root, '.lock');
    for (;;) {
      try {
        writeFileSync(lock, String(process.pid), { flag: 'wx' });
        break;
      } catch {
        // Held: wait for it, unless its holder died (a test worker recycled mid-build) or it is old.
        let holder: number;
        let age: number;
        try {
          holder = Number(readFileSync(lock, 'utf8')) || 0;
          age = Date.now() - statSync(lock).mtimeMs;
        } catch {
          continue;
        }
        if (age > 5 * 60_000 || (holder > 0 && !alive(holder))) rmSync(lock, { force: true });
        else await new Promise((r) => setTimeout(r, 500));
      }
    }
    try {
      // Left by a builder that died mid-way (we hold the lock: nobody else is writing).
      for (const name of readdirSync(this.root))
        if (name.endsWith('.tmp')) rmSync(join(this.root, name), { recursive: true, force: true });
      // Files of an older toolchain version (a day untouched): ~250 MB each.
      const parent = join(this.root, '..');
      for (const name of readdirSync(parent)) {
        const path = join(parent, name);
        if (name.startsWith('toolchain-') && path !== this.root && Date.now() - statSync(path).mtimeMs > 86_400_000)
          rmSync(path, { recursive: true, force: true });
      }
      await this.buildPch('pch-plain', []).catch(() => undefined);
      await this.buildPch('pch-harness', [`-D${HARNESS_MAIN_MACRO}`]).catch(() => undefined);
      await this.buildJavacArchive().catch(() => undefined);
    } finally {
      rmSync(lock, { force: true });
    }
  }

  private async buildPch(name: string, extra: string[]): Promise<void> {
    const dir = join(this.root, name);
    if (existsSync(join(dir, '.ready'))) return;
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      for (const header of PCH_HEADERS) {
        const out = join(tmp, `${header}.gch`);
        mkdirSync(join(out, '..'), { recursive: true, mode: 0o755 });
        const src = join(tmp, `${header.replace(/\W/g, '_')}.hpp`);
        writeFileSync(src, `#include <${header}>\n`);
        await run('nice', ['-n', '10', 'g++', ...CPP_FLAGS, ...extra, '-x', 'c++-header', src, '-o', out], {
          timeout: 120_000,
        });
        rmSync(src);
        chmodSync(out, 0o644);
        // g++ looks for the header itself next to a .gch it cannot use (an #include that is
        // not the first): this stub hands over to the real one.
        writeFileSync(join(tmp, header), `#include_next <${header}>\n`, { mode: 0o644 });
      }
      writeFileSync(join(tmp, '.ready'), '');
      execFileSync('chmod', ['-R', 'a+rX,go-w', tmp]);
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }

  private async buildJavacArchive(): Promise<void> {
    const jsa = join(this.root, 'javac.jsa');
    if (existsSync(jsa)) return;
    const tmp = join(this.root, `javac-${process.pid}.tmp`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    try {
      writeFileSync(
        join(tmp, 'Main.java'),
        'import java.util.*;\npublic class Main { public static void main(String[] a) { List<Integer> l = new ArrayList<>(); Scanner s = new Scanner(System.in); System.out.println("hello" + l.size()); } }\n',
      );
      const out = join(tmp, 'Main.jsa');
      await run(
        'nice',
        [
          '-n',
          '10',
          'javac',
          ...JAVAC_JVM_FLAGS.map((f) => `-J${f}`),
          `-J-XX:ArchiveClassesAtExit=${out}`,
          '-d',
          tmp,
          join(tmp, 'Main.java'),
        ],
        {
          timeout: 120_000,
        },
      );
      chmodSync(out, 0o644);
      renameSync(out, jsa);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

/** JVM flags of javac (the archive is dumped with them; the compile step uses them too). */
export const JAVAC_JVM_FLAGS = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:-UsePerfData',
  '-XX:CICompilerCount=1',
  '-Xss16m',
  '-Xshare:auto',
];
