// HTTP tests: the real firebase JS SDK against the local stack.
import { defineConfig } from 'vitest/config';
import { STEPS_TEST_MS } from '../scripts/limits';

// HTTP tests: the real firebase JS SDK against the local stack (built-in Firestore, Auth and Functions emulators)
// started once on free ports by test/http/setup.ts.
export default defineConfig({
  test: {
    include: ['test/http/**/*.test.ts'],
    globalSetup: ['test/http/setup.ts'],
    // A test that starts stacks of its own says how many (stackTestTimeout); the others make calls on the shared one.
    testTimeout: STEPS_TEST_MS,
    hookTimeout: STEPS_TEST_MS,
    pool: 'forks',
    // Each file's calls share the one stack and its two function workers at a time: one file at a time on two cores.
    maxWorkers: 1,
  },
});
