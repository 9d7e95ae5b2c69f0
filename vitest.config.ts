import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts (with a test.name); `npm test` runs them all.
export default defineConfig({
  test: {
    // 2 cores: two test files at a time across all projects.
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'apps/server/vitest.isolated.config.ts',
    ],
  },
});
