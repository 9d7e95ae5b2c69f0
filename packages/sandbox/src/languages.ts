import { existsSync } from 'node:fs';
import { CPP_FLAGS, HARNESS_MAIN_MACRO, JAVAC_JVM_FLAGS, type ToolchainFiles } from './host/toolchain-cache.ts';
import type { LanguageKey, Limits, ProgramLanguage, SqlDialect } from './types.ts';

/** One entry of GET /api/test/programlanguages (the spec's coding language option: id, codinglanguage). */
export interface LanguageInfo {
  id: number;
  codinglanguage: LanguageKey;
  name: string;
  kind: 'program' | 'sql' | 'markup';
  /** Excluded from the selector when the exam's codinglang is 'all-p' / 'all_p'. */
  excludedFromAllP: boolean;
}

/**
 * Language ids. 9 (HTML) and 11 (SQL) are the two ids the spec excludes under 'all-p': they are
 * not programming languages. The SQL dialects pgsql (12) and mysql (13) are SQL too and are
 * only offered when a question fixes them. See docs/coding-languages.md.
 */
export const LANGUAGES: readonly LanguageInfo[] = Object.freeze([
  { id: 1, codinglanguage: 'c', name: 'C (gcc 12)', kind: 'program', excludedFromAllP: false },
  { id: 2, codinglanguage: 'cpp', name: 'C++ (g++ 12, C++17)', kind: 'program', excludedFromAllP: false },
  { id: 3, codinglanguage: 'java', name: 'Java (OpenJDK 17)', kind: 'program', excludedFromAllP: false },
  { id: 4, codinglanguage: 'python', name: 'Python 3', kind: 'program', excludedFromAllP: false },
  { id: 5, codinglanguage: 'javascript', name: 'JavaScript (Node.js)', kind: 'program', excludedFromAllP: false },
  { id: 9, codinglanguage: 'html', name: 'HTML', kind: 'markup', excludedFromAllP: true },
  { id: 11, codinglanguage: 'sql', name: 'SQL (SQLite)', kind: 'sql', excludedFromAllP: true },
  { id: 12, codinglanguage: 'pgsql', name: 'SQL (PostgreSQL)', kind: 'sql', excludedFromAllP: true },
  { id: 13, codinglanguage: 'mysql', name: 'SQL (MySQL / MariaDB)', kind: 'sql', excludedFromAllP: true },
]);

const ALIASES: Record<string, LanguageKey> = {
  c: 'c',
  gcc: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cplusplus: 'cpp',
  java: 'java',
  python: 'python',
  python3: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  html: 'html',
  sql: 'sql',
  sqlite: 'sql',
  pgsql: 'pgsql',
  postgres: 'pgsql',
  postgresql: 'pgsql',
  mysql: 'mysql',
  mariadb: 'mysql',
};

/** Resolves a language given by id ("4", 4) or name ("python", "Python3", "C++"). */
export function resolveLanguage(value: string | number | null | undefined): LanguageInfo | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().toLowerCase();
  if (/^\d+$/.test(text)) return LANGUAGES.find((l) => l.id === Number(text)) ?? null;
  const key = ALIASES[text.replace(/\s+/g, '')];
  return key ? (LANGUAGES.find((l) => l.codinglanguage === key) ?? null) : null;
}

/** The selector's options for an exam's codinglang setting ('all', 'all-p'/'all_p' or one language). */
export function languagesForSetting(setting: string | null | undefined): LanguageInfo[] {
  const s = (setting ?? 'all').trim().toLowerCase();
  if (s === 'all-p' || s === 'all_p') return LANGUAGES.filter((l) => !l.excludedFromAllP);
  if (s === '' || s === 'all') return [...LANGUAGES];
  const one = resolveLanguage(s);
  return one ? [one] : [...LANGUAGES];
}

export function isProgramLanguage(key: LanguageKey): key is ProgramLanguage {
  return key === 'c' || key === 'cpp' || key === 'java' || key === 'python' || key === 'javascript';
}

export function isSqlDialect(key: LanguageKey): key is SqlDialect {
  return key === 'sql' || key === 'pgsql' || key === 'mysql';
}

/** How the local box compiles and runs a language. */
export interface Toolchain {
  /** File name the main source is written to. */
  mainFile(entry?: string): string;
  /**
   * Shell command (inside the box) that compiles /box sources into /work/out; null when none.
   * `prepared` says which precompiled headers / class archives are ready (see toolchain-cache.ts).
   */
  compile: ((files: string[], limits: Limits, prepared?: CompileContext) => string) | null;
  /** How compile output becomes the run artifact: one executable file, or a tar of /work/out. */
  artifact: 'file' | 'tar' | null;
  /** argv of the run; the artifact is at /box/prog (file) or extracted into /work (tar). */
  run(entry: string | undefined, limits: Limits): string[];
}

/** What a compile may use besides the sources: the prepared toolchain files and the sources' text. */
export interface CompileContext {
  toolchain: ToolchainFiles | null;
  sources: Record<string, string>;
}

/** The C++ harness starts with this line (it renames the candidate's main); see skeleton/c-family.ts. */
const HARNESS_PREFIX = `#define ${HARNESS_MAIN_MACRO.replace('=', ' ')}\n`;

/**
 * -I of the precompiled headers matching a C++ source: g++ uses `<dir>/iostream.gch` or
 * `<dir>/bits/stdc++.h.gch` when the source's first #include is that header (else nothing
 * changes). The harness defines its main macro first, so it needs PCHs built with that macro.
 */
function cppPchFlags(files: string[], ctx?: CompileContext): string {
  const tc = ctx?.toolchain;
  if (!tc || files.length !== 1) return '';
  const harness = (ctx.sources[files[0]] ?? '').startsWith(HARNESS_PREFIX);
  const dir = harness ? tc.cppHarnessPch : tc.cppPch;
  return dir ? ` -I${dir}` : '';
}

/**
 * gcc/g++ driver flags: -pipe (no temp files between cc1 and as) and the gold linker where
 * installed (binutils ships it on Debian 12): ~25 ms less per C hello world than ld.bfd.
 */
const LINK_FLAGS = existsSync('/usr/bin/ld.gold') ? ' -pipe -fuse-ld=gold' : ' -pipe';

const MB = 1024 * 1024;
const javaOpts = (limits: Limits) => [
  `-Xmx${Math.max(32, Math.floor((limits.memoryBytes / MB) * 0.6))}m`,
  '-Xss16m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:-UsePerfData',
  '-XX:CICompilerCount=1',
  '-Xshare:auto',
];

/** javac's JVM: the run's options plus the prepared class archive of javac itself when ready. */
function javacOpts(limits: Limits, ctx?: CompileContext): string[] {
  const archive = ctx?.toolchain?.javacArchive;
  const heap = `-Xmx${Math.max(32, Math.floor((limits.memoryBytes / MB) * 0.6))}m`;
  return [heap, ...JAVAC_JVM_FLAGS, ...(archive ? [`-XX:SharedArchiveFile=${archive}`] : [])];
}

/**
 * Python starts with -S (no `site`: it scans the dist-packages .pth files, ~10-15 ms per run, and
 * candidates get no third-party packages anyway) and this bootstrap, which puts back what `site`
 * gave a script (exit/quit), runs /box/main.py as __main__ and drops its own frame from
 * tracebacks, so the output reads as if `python3 /box/main.py` had run.
 */
const PYTHON_BOOT = [
  'import sys,builtins,_sitebuiltins as s',
  "builtins.exit=s.Quitter('exit','Ctrl-D (i.e. EOF)');builtins.quit=s.Quitter('quit','Ctrl-D (i.e. EOF)')",
  "def _hook(t,v,tb,h=sys.excepthook):\n if tb is not None and tb.tb_frame.f_code.co_filename=='<string>':\n  tb=tb.tb_next;v=v.with_traceback(tb)\n h(t,v,tb)",
  "sys.excepthook=_hook;sys.argv[0]=__file__='/box/main.py';del sys,builtins,s,_hook",
  "exec(compile(open(__file__,'rb').read(),__file__,'exec'))",
].join('\n');

export const TOOLCHAINS: Record<ProgramLanguage, Toolchain> = {
  c: {
    mainFile: () => 'main.c',
    compile: (files) =>
      `mkdir -p /work/out && gcc -O2 -std=gnu17 -Wall${LINK_FLAGS} -o /work/out/prog ${files.map((f) => `/box/${f}`).join(' ')} -lm 1>&2 && cat /work/out/prog`,
    artifact: 'file',
    run: () => ['/box/prog'],
  },
  cpp: {
    mainFile: () => 'main.cpp',
    compile: (files, _limits, ctx) =>
      `mkdir -p /work/out && g++ ${CPP_FLAGS.join(' ')} -Wall${LINK_FLAGS}${cppPchFlags(files, ctx)} -o /work/out/prog ${files.map((f) => `/box/${f}`).join(' ')} 1>&2 && cat /work/out/prog`,
    artifact: 'file',
    run: () => ['/box/prog'],
  },
  java: {
    mainFile: (entry) => `${entry ?? 'Main'}.java`,
    compile: (files, limits, ctx) =>
      `mkdir -p /work/out && javac ${javacOpts(limits, ctx)
        .map((o) => `-J${o}`)
        .join(' ')} -encoding UTF-8 -Xlint:none -d /work/out ${files
        .filter((f) => f.endsWith('.java'))
        .map((f) => `/box/${f}`)
        .join(' ')} 1>&2 && tar -C /work/out -cf - .`,
    artifact: 'tar',
    run: (entry, limits) => [
      '/bin/sh',
      '-c',
      `tar -xf /box/artifact.tar -C /work && exec java ${javaOpts(limits).join(' ')} -cp /work "$0"`,
      entry ?? 'Main',
    ],
  },
  python: {
    mainFile: () => 'main.py',
    compile: null,
    artifact: null,
    run: () => ['/usr/bin/python3', '-I', '-S', '-B', '-c', PYTHON_BOOT],
  },
  javascript: {
    mainFile: () => 'main.js',
    compile: null,
    artifact: null,
    run: (_entry, limits) => [
      '/usr/bin/node',
      `--max-old-space-size=${Math.max(32, Math.floor((limits.memoryBytes / MB) * 0.6))}`,
      '/box/main.js',
    ],
  },
};
