import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sandbox',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The attack suite starts many boxes; files run one at a time on the 2-core machine.
    fileParallelism: false,
  },
});
