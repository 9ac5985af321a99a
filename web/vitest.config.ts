// Vitest settings of the web unit tests: jsdom, the setup file, long timeouts, emulator mode.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // Screens with antd tables and dialogs take seconds each in jsdom on a busy two-core machine.
    testTimeout: 60_000,
    // Firebase is configured for the demo project; no test reaches a backend.
    env: { VITE_USE_EMULATORS: 'true' },
  },
});
