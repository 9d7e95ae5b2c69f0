import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.ts';

// The browser's module variants (ESM, not the CommonJS wrappers Node would pick), all inlined so
// React resolves to Preact everywhere, as in the built app.
const conditions = ['module', 'browser', 'development'];

export default defineConfig({
  resolve: { alias: aliases, conditions, mainFields: ['module', 'browser', 'main'] },
  ssr: { resolve: { conditions, externalConditions: conditions, mainFields: ['module', 'browser', 'main'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    testTimeout: 30_000,
    server: { deps: { inline: true } },
  },
});
