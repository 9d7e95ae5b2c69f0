import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const artifacts = path.join(root, 'e2e/.artifacts');

export interface E2eServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Stops the server with the signal (SIGTERM by default) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (built SPA, embedded database with the demo data) on a free port and
 * waits for /readyz. The data dir is new unless one is given (a restart keeps the database); a
 * new one starts from the run's migrated template when there is one (global-setup.ts).
 */
export async function startServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<E2eServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? path.join(artifacts, `data-${Date.now()}-${port}`);
  const template = process.env.E2E_DATA_TEMPLATE;
  if (!opts.dataDir && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const log = createWriteStream(path.join(dataDir, 'server.log'), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Short lock so the lockout test can also see the account usable again.
      LOCK_MINUTES: '0.05',
      LOGIN_RATE_PER_MINUTE: '1000',
      ...opts.env,
    },
  });
  child.stderr?.pipe(log);
  child.stdout?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${dataDir}/server.log`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready in 150 s; see ${dataDir}/server.log`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The worker fixture that starts a server (fresh database with the demo data) and stops it. */
function serverFixture(): [
  (fixtures: object, use: (server: E2eServer) => Promise<void>) => Promise<void>,
  { scope: 'worker'; timeout: number },
] {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ];
}

/**
 * Every e2e test runs against a server of its worker's own (fresh database with the demo data),
 * so spec files run in parallel workers without sharing accounts or state. `baseURL` points at it.
 */
export const test = base.extend<object, { server: E2eServer }>({
  server: serverFixture(),
  baseURL: async ({ server }, use) => use(server.url),
});

/**
 * `test` with a server no other spec file shares: for a file whose tests leave state other files
 * would meet (a candidate signed in, a demo test started). Each call registers a new worker
 * fixture, so Playwright gives the file a worker (and a server) of its own.
 */
export function testOnOwnServer() {
  return test.extend<object, { server: E2eServer }>({ server: serverFixture() });
}
