// Vitest configuration of the emulator workspace: unit and conformance tests, conformance global setup.
import { defineConfig } from 'vitest/config';
import { cliTestTimeout } from './test/conformance/cli';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/conformance/global-setup.ts'],
    // Room for one start of the emulator's CLI on a busy machine; tests that start it more often say so.
    testTimeout: cliTestTimeout(1),
    hookTimeout: cliTestTimeout(1),
  },
});
