import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts (with a test.name); `npm test` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
