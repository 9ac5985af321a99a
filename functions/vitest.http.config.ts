// HTTP tests: the real firebase JS SDK against the local stack.
import { defineConfig } from 'vitest/config';

// HTTP tests: the real firebase JS SDK against the local stack (built-in Firestore, Auth and Functions emulators)
// started once on free ports by test/http/setup.ts.
export default defineConfig({
  test: {
    include: ['test/http/**/*.test.ts'],
    globalSetup: ['test/http/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file's calls share the one stack and its two function workers at a time: one file at a time on two cores.
    maxWorkers: 1,
  },
});
