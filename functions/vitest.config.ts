// In-process callable tests against the built-in Firestore and the Auth emulator (test/setup/global.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // HTTP tests through the Functions emulator have their own setup (functions/test/http, the local stack's).
    exclude: ['test/http/**', 'node_modules/**'],
    globalSetup: ['test/setup/global.ts'],
    // Limits for a busy two-core machine: each test waits on its calls, none on a clock.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Concurrency tests wait on transaction retries with backoff; two files at a time suit the two cores.
    maxWorkers: 2,
  },
});
