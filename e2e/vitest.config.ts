// Vitest settings of the browser tests: one shared stack and Chromium, files run one after the other.
import { defineConfig } from 'vitest/config';

// Browser tests: one local stack (free ports, temp data) and one Chromium for the whole run, started by
// src/global-setup.ts; files run one after the other (they share the seeded data and two cores).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The stack and the builds take a while on two cores.
    teardownTimeout: 60_000,
  },
});
