import { defineConfig } from 'vitest/config';
import { mockingTests } from '../../vitest.mocking.ts';

/**
 * Suites that replace a module (vi.mock, found by reading them) get a module registry of their own;
 * the others share their worker's (isolate off, ADR 0243), so the app is imported once per worker,
 * not per file.
 */
const MOCKING = mockingTests(import.meta.dirname, ['test', 'src']);

export const apiConfig = (name: string, isolated: boolean) =>
  defineConfig({
    test: {
      name,
      include: isolated ? MOCKING : ['test/**/*.test.ts', 'src/**/*.test.ts'],
      exclude: isolated ? [] : MOCKING,
      isolate: isolated,
      // One migrated and seeded PGlite per run, which each suite opens instead of seeding its own.
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 30_000,
      // Set-up (PGlite migrations, the seed, sandbox warm-up) can take a minute on a busy 2-core
      // machine; a hook timeout is a safety net, not a speed check (those live in bench/).
      hookTimeout: 180_000,
    },
  });

export default apiConfig('api', false);
