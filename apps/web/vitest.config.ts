import { defineConfig } from 'vitest/config';
import { mockingTests } from '../../vitest.mocking.ts';
import { aliases } from './aliases.ts';

// The browser's module variants (ESM, not the CommonJS wrappers Node would pick), all inlined so
// React resolves to Preact everywhere, as in the built app.
const conditions = ['module', 'browser', 'development'];

/**
 * Test files that replace a module (vi.mock, found by reading them): they get a module registry
 * of their own. The others share their worker's jsdom and module cache (isolate off, ADR 0243):
 * setting up jsdom and importing the app once per worker instead of once per file took the web
 * tests from about 100 s to about 30 s. vitest.setup.ts leaves an empty page and storage after every test.
 */
const MOCKING = mockingTests(import.meta.dirname, ['src']);

export const webConfig = (name: string, isolated: boolean) =>
  defineConfig({
    resolve: { alias: aliases, conditions, mainFields: ['module', 'browser', 'main'] },
    ssr: { resolve: { conditions, externalConditions: conditions, mainFields: ['module', 'browser', 'main'] } },
    test: {
      name,
      include: isolated ? MOCKING : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : MOCKING,
      environment: 'jsdom',
      isolate: isolated,
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 30_000,
      server: { deps: { inline: true } },
    },
  });

export default webConfig('web', false);
