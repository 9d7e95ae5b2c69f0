import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxUnavailableError } from '../src/executor/executor.ts';
import { LocalSandboxExecutor } from '../src/executor/local-executor.ts';
import { host, makeExecutor, runOnce, strayCgroups, strayProcesses } from './helpers.ts';

// Fast limits where a test only needs the limit to trip; the defaults are checked elsewhere.
const QUICK = { cpuMs: 1000, wallMs: 6000 };

describe.runIf(host.ok).concurrent('attack suite: untrusted code is contained', () => {
  const ex = makeExecutor(2, 64);
  const canary = `canary-${Math.random().toString(36).slice(2)}`;
  let victim: ReturnType<typeof spawn>;
  const server = createServer((s) => {
    connections++;
    s.destroy();
  });
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    process.env.INVIGIL_TEST_CANARY = canary;
    victim = spawn('sleep', ['120'], { stdio: 'ignore' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    victim.kill('SIGKILL');
    server.close();
    // Nothing may outlive its box: no process under the suite's uids, no cgroup of ours.
    await new Promise((r) => setTimeout(r, 200));
    expect(strayProcesses()).toEqual([]);
    expect(strayCgroups()).toEqual([]);
  });

  it('C fork bomb hits the process limit', async () => {
    const r = await runOnce(ex, 'c', '#include <unistd.h>\nint main(){ for(;;) fork(); }', '', QUICK);
    expect(r.verdict).toBe('process-limit');
  });

  it('shell fork bomb hits the process limit even when the program exits 0', async () => {
    const code = "import subprocess\nsubprocess.run(['/bin/sh', '-c', 'f(){ f|f& }; f; sleep 1'])\nprint('done')";
    const r = await runOnce(ex, 'python', code, '', QUICK);
    expect(r.verdict).toBe('process-limit');
  });

  it('an infinite loop hits the CPU limit', async () => {
    const r = await runOnce(ex, 'c', 'int main(){ volatile long i = 0; for(;;) i++; }', '', QUICK);
    expect(r.verdict).toBe('time-limit');
    expect(r.wallMs).toBeLessThan(6000);
  });

  it('a multi-thread CPU burn is stopped by total CPU time', async () => {
    const code = `#include <pthread.h>
void *spin(void *a) { volatile long i = 0; for (;;) i++; return a; }
int main() { pthread_t t[4]; for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, spin, 0); pthread_join(t[0], 0); }`;
    const r = await runOnce(ex, 'c', code, '', { cpuMs: 1000, wallMs: 6000 });
    expect(r.verdict).toBe('time-limit');
  });

  it.each([
    [
      'c',
      '#include <stdlib.h>\n#include <string.h>\nint main(){ size_t n = 4UL<<30; volatile char *p = malloc(n); if(!p) return 3; for (size_t i = 0; i < n; i += 4096) p[i] = 1; return p[n-4096]; }',
    ],
    ['cpp', '#include <vector>\nint main(){ std::vector<char> v(4UL<<30, 1); return v[123]; }'],
    [
      'java',
      'public class Main { public static void main(String[] a) { long[] x = new long[536_870_000]; System.out.println(x.length); } }',
    ],
    ['python', 'x = bytearray(4 * 1024 ** 3)\nprint(len(x))'],
    ['javascript', 'const a = []; for (;;) a.push(new Array(1e6).fill(1));'],
  ] as const)('a 4 GB allocation in %s hits the memory limit', async (lang, code) => {
    const r = await runOnce(ex, lang, code, '', { wallMs: 8000 });
    expect(r.verdict).toBe('memory-limit');
  });

  it('a 10 GB file hits the file size limit', async () => {
    const code =
      '#include <stdio.h>\nint main(){ FILE *f = fopen("/work/big", "w"); static char b[1<<20]; for (int i = 0; i < 10240; i++) fwrite(b, 1, sizeof b, f); fclose(f); puts("wrote"); }';
    const r = await runOnce(ex, 'c', code);
    expect(r.verdict).toBe('file-size-limit');
    expect(r.stdout).not.toContain('wrote');
  });

  it('cannot read /etc/shadow, the project, /root or the parent environment', async () => {
    const code = `import os, glob
for p in ['/etc/shadow', '/etc/passwd', '/work/main/package.json', '${process.cwd()}/package.json', '/root', '/home', '/var/lib/mysql']:
    print(p, os.path.exists(p))
env = dict(os.environ)
print('env', sorted(env))
for p in glob.glob('/proc/*/environ'):
    try:
        print(p, open(p, 'rb').read())
    except Exception as e:
        print(p, 'denied')
print('procs', sorted(x for x in os.listdir('/proc') if x.isdigit()))`;
    const r = await runOnce(ex, 'python', code);
    expect(r.verdict).toBe('ok');
    for (const line of r.stdout.split('\n').filter((l) => l.startsWith('/') && !l.startsWith('/proc'))) {
      expect(line.endsWith(' False')).toBe(true);
    }
    expect(r.stdout).not.toContain(canary);
    expect(r.stdout).not.toMatch(/PWD=\/work\/main|HOME=\/root|DATABASE_URL|JUDGE0/);
    // Only the box's own processes are visible (bwrap's init and the program itself).
    const procs = JSON.parse(/procs (.*)/.exec(r.stdout)![1].replace(/'/g, '"')) as string[];
    expect(procs.length).toBeLessThanOrEqual(3);
  });

  it('cannot reach a TCP listener on 127.0.0.1', async () => {
    const code = `import socket\ntry:\n    socket.create_connection(('127.0.0.1', ${port}), timeout=2)\n    print('connected')\nexcept Exception as e:\n    print('blocked', type(e).__name__)`;
    const r = await runOnce(ex, 'python', code);
    expect(r.stdout).toContain('blocked');
    expect(connections).toBe(0);
  });

  it('cannot signal processes outside the box', async () => {
    const code = `import os, signal\nfor pid in [${victim.pid}, 1]:\n    try:\n        os.kill(pid, signal.SIGKILL)\n        print(pid, 'sent')\n    except Exception as e:\n        print(pid, type(e).__name__)\ntry:\n    os.kill(-1, signal.SIGKILL)\nexcept Exception as e:\n    print(e)`;
    await runOnce(ex, 'python', code);
    expect(victim.exitCode).toBeNull();
    expect(() => process.kill(victim.pid!, 0)).not.toThrow();
  });

  it('sleeping past the wall time is stopped', async () => {
    const r = await runOnce(ex, 'python', 'import time\ntime.sleep(30)', '', { wallMs: 1500 });
    expect(r.verdict).toBe('wall-time-limit');
    expect(r.wallMs).toBeLessThan(3000);
  });

  it('a daemon left behind dies with its box', async () => {
    const code = `import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(60)\n    os._exit(0)\nprint('parent exits')`;
    const r = await runOnce(ex, 'python', code);
    expect(r.verdict).toBe('ok');
    expect(r.stdout).toContain('parent exits');
  });

  it('endless output hits the output limit', async () => {
    const r = await runOnce(ex, 'c', '#include <stdio.h>\nint main(){ for(;;) puts("spam spam spam"); }');
    expect(r.verdict).toBe('output-limit');
    expect(r.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('mount, unshare, ptrace and setuid are refused', async () => {
    const code = `#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <unistd.h>
int main() {
  printf("mount=%d\\n", mount("tmpfs", "/work", "tmpfs", 0, 0) == 0);
  printf("unshare=%d\\n", unshare(CLONE_NEWUSER) == 0);
  printf("unshare_ns=%d\\n", unshare(CLONE_NEWNS) == 0);
  printf("ptrace=%d\\n", ptrace(PTRACE_ATTACH, 1, 0, 0) == 0);
  printf("traceme=%d\\n", ptrace(PTRACE_TRACEME, 0, 0, 0) == 0);
  printf("setuid=%d\\n", setuid(0) == 0);
  printf("chroot=%d\\n", chroot("/work") == 0);
  return 0;
}`;
    const r = await runOnce(ex, 'c', code);
    expect(r.verdict).toBe('ok');
    for (const k of ['mount', 'unshare', 'unshare_ns', 'ptrace', 'traceme', 'setuid', 'chroot'])
      expect(r.stdout).toContain(`${k}=0`);
  });

  it('runs unprivileged: box uid, no capabilities, no-new-privs, seccomp, every rlimit set', async () => {
    const code = `import resource\nprint(open('/proc/self/status').read())\nfor n in ['RLIMIT_CPU', 'RLIMIT_FSIZE', 'RLIMIT_NOFILE', 'RLIMIT_NPROC', 'RLIMIT_CORE']:\n    print(n, *resource.getrlimit(getattr(resource, n)))`;
    const r = await runOnce(ex, 'python', code);
    expect(r.verdict).toBe('ok');
    const field = (name: string) =>
      new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(r.stdout)?.[1].trim().split(/\s+/).filter(Boolean);
    expect(field('Uid')!.every((u) => Number(u) >= 61500 && Number(u) < 61600)).toBe(true);
    expect(field('Gid')!.every((g) => g === field('Uid')![0])).toBe(true);
    expect(field('Groups') ?? []).toEqual([]);
    for (const cap of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb'])
      expect(field(cap)).toEqual(['0000000000000000']);
    expect(field('NoNewPrivs')).toEqual(['1']);
    expect(field('Seccomp')).toEqual(['2']);
    expect(r.stdout).toContain('RLIMIT_CPU 2 3');
    expect(r.stdout).toContain(`RLIMIT_FSIZE ${16 * 1024 * 1024} ${16 * 1024 * 1024}`);
    expect(r.stdout).toContain('RLIMIT_NOFILE 64 64');
    expect(r.stdout).toContain('RLIMIT_NPROC 96 96');
    expect(r.stdout).toContain('RLIMIT_CORE 0 0');
  });

  it('writes nothing outside its size-limited work dir', async () => {
    const code = `import os\nfor p in ['/x', '/usr/x', '/box/x', '/etc/x']:\n    try:\n        open(p, 'w').write('x')\n        print(p, 'written')\n    except OSError as e:\n        print(p, 'refused')\nst = os.statvfs('/work')\nprint('work', st.f_blocks * st.f_frsize)`;
    const r = await runOnce(ex, 'python', code);
    expect(r.stdout).not.toContain('written');
    expect(Number(/work (\d+)/.exec(r.stdout)![1])).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});

describe.runIf(!host.ok)('without cgroups, root, bwrap or seccomp', () => {
  it('refuses to run and says what is missing', async () => {
    const ex = new LocalSandboxExecutor({ host });
    await expect(
      ex.execute({ language: 'python', files: { 'main.py': 'print(1)' }, stdins: [''] }),
    ).rejects.toBeInstanceOf(SandboxUnavailableError);
  });
});

describe('refusing to run without limits', () => {
  it('a host report with problems makes the executor refuse with the reasons', async () => {
    const ex = new LocalSandboxExecutor({
      host: { ok: false, problems: ['no usable memory/pids/cpuacct cgroups'], cgroup: null, seccompPath: null },
    });
    const err = await ex
      .execute({ language: 'c', files: { 'main.c': 'int main(){}' }, stdins: [''] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect((err as Error).message).toContain('cgroups');
  });
});
