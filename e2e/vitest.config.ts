// Vitest settings of the browser tests: one shared stack and Chromium, files run one after the other.
import { defineConfig } from 'vitest/config';
import { STEPS_TEST_MS, UI_WAIT_MS } from '../scripts/limits';

// Browser tests: one local stack (free ports, temp data) and one Chromium for the whole run, started by
// src/global-setup.ts; files run one after the other (they share the seeded data and two cores).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    // Each test's screens wait on readiness (UI_WAIT_MS per wait); these are limits for a busy two-core machine.
    testTimeout: STEPS_TEST_MS,
    hookTimeout: STEPS_TEST_MS,
    teardownTimeout: STEPS_TEST_MS,
    // expect.poll waits as long as any other wait on a screen (its own default, 1 s, is a clock a loaded machine misses).
    expect: { poll: { timeout: UI_WAIT_MS } },
  },
});
