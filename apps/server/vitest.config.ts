import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated and seeded PGlite per run, which each suite opens instead of seeding its own.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // Set-up (PGlite migrations, the seed, sandbox warm-up) can take a minute on a busy 2-core
    // machine; a hook timeout is a safety net, not a speed check (those live in bench/).
    hookTimeout: 180_000,
  },
});
