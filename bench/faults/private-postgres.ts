import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the bench's own (initdb in a temporary directory, its own port), so a
 * scenario can restart it without touching the machine's shared server. Uses Debian's
 * postgresql binaries; as root they run as the postgres user (initdb refuses root).
 */
export class PrivatePostgres {
  readonly dir: string;
  private readonly bin: string;

  constructor(readonly port: number) {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
    const newest = versions.at(-1);
    if (!newest) throw new Error('PostgreSQL server binaries (Debian postgresql) are missing');
    this.bin = `/usr/lib/postgresql/${newest}/bin`;
    this.dir = mkdtempSync(path.join(tmpdir(), 'invigil-faults-pg-'));
    chmodSync(this.dir, 0o777);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  private command(tool: string, args: string[]): [string, string[]] {
    if (process.getuid?.() !== 0) return [path.join(this.bin, tool), args];
    return ['runuser', ['-u', 'postgres', '--', path.join(this.bin, tool), ...args]];
  }

  private run(tool: string, args: string[]) {
    const [cmd, full] = this.command(tool, args);
    const r = spawnSync(cmd, full, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
  }

  private get data() {
    return path.join(this.dir, 'data');
  }

  init(): void {
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  }

  start(): void {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`;
    this.run('pg_ctl', ['-D', this.data, '-o', opts, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  /** A fast restart (connections are cut); resolves when the server is back. Never blocks the event loop. */
  restart(): Promise<void> {
    const [cmd, full] = this.command('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'restart']);
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, full, { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited ${code}`))));
    });
  }

  stop(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
