import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.ts';

// The browser's module variants (ESM, not the CommonJS wrappers Node would pick), all inlined so
// React resolves to Preact everywhere, as in the built app.
const conditions = ['module', 'browser', 'development'];

/**
 * Test files that replace a module (vi.mock): they get a module registry of their own. The
 * others share their worker's jsdom and module cache (isolate off, ADR 0243): setting up jsdom
 * and importing the app once per worker instead of once per file took the web tests from about
 * 100 s to about 30 s. vitest.setup.ts leaves an empty page and storage after every test.
 */
export const MOCKING = [
  'src/app/dashboard-preload.test.ts',
  'src/app/test-page.test.tsx',
  'src/features/test-engine/components/report-issue-dialog.test.tsx',
  'src/features/test-engine/views/answer-file.test.tsx',
  'src/features/test-engine/state/submit-pipeline.test.ts',
  'src/features/test-engine/state/test-engine-link.test.ts',
  'src/features/test-engine/state/test-engine.test.ts',
  'src/features/staff/ongoing-tests-area.test.tsx',
  'src/features/dashboard/components/start-test.test.tsx',
  'src/features/dashboard/dashboard-boot.test.tsx',
  'src/lib/recording-uploads/resume-on-load.test.ts',
];

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
