// Vitest configuration of the emulator workspace: unit and conformance tests, conformance global setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/conformance/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
