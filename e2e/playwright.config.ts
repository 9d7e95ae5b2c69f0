import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

/**
 * End to end against the real server (built SPA, fresh embedded database with the demo data),
 * driving Debian's Chromium. Each worker starts a server of its own (`support/server.ts`), so
 * spec files run in parallel without sharing the demo accounts (one session each) or state; much
 * of an e2e run waits on timers (photo checks, the two-minute test), which parallel workers
 * overlap. `E2E_WORKERS` sets how many: 3 by default on the 2-core machine, since the run is
 * mostly waiting (measured: 77 tests in 8.9 min with 3 workers against 11.7 min with 2; the tests'
 * own time grew by 9 %, the longest non-proctoring test to 33 s of its 60 s).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Run output and scratch files live under .artifacts: a spec file there is never part of the run.
  testIgnore: '**/.artifacts/**',
  // A migrated database each fresh server copies instead of running initdb and the migrations.
  globalSetup: './global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // A safety net, not a speed check: on a loaded 2-core CI machine (load 11-15 under three
  // workers) ordinary tests took up to 66 s, three to five times their time alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(root, 'e2e/.artifacts/results'),
  use: {
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
});
