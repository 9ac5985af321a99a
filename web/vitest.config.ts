import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // Firebase is configured for the demo project; no test reaches a backend.
    env: { VITE_USE_EMULATORS: 'true' },
  },
});
