// Vitest settings of the web unit tests: jsdom, the setup file, long timeouts, emulator mode.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { demoWebEnv } from './build/deploymentSettings';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // Limits for a busy two-core machine: a test waits for its screens (each wait up to the setup's 60 s), none on
    // a clock.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Firebase is configured for the demo project; no test reaches a backend. The settings are the local stack's.
    env: { VITE_USE_EMULATORS: 'true', ...demoWebEnv() },
  },
});
