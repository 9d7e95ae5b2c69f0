import { execSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// A free port chosen once in the runner (workers re-read this file and inherit the env), so
// several e2e runs on one machine do not collide.
process.env.E2E_PORT ??= execSync(
  `node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
  { encoding: 'utf8' },
).trim();
const port = Number(process.env.E2E_PORT);
const root = path.resolve(import.meta.dirname, '..');
// Fixed once in the runner and inherited by its workers (which re-read this file).
process.env.E2E_DATA_DIR ??= path.join(root, 'e2e/.artifacts', `data-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

/**
 * End to end against the real server (built SPA, fresh embedded database with the demo data),
 * driving Debian's Chromium. One worker: the demo accounts allow one session each.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(root, 'e2e/.artifacts/results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node --import tsx apps/server/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Short lock so the lockout test can also see the account usable again.
      LOCK_MINUTES: '0.05',
      LOGIN_RATE_PER_MINUTE: '1000',
    },
  },
});
