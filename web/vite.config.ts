import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { sizeReport } from './build/sizeReport';

// react-router's package exports always resolve to its development build; production builds take the other one.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command, mode }) => {
  const env = { ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env };
  // Without a Firebase project configuration a build can only target the local emulators (demo-trialdesk).
  const useEmulators = env.VITE_USE_EMULATORS ?? (env.VITE_FIREBASE_PROJECT_ID ? 'false' : 'true');
  return {
    plugins: [react(), sizeReport({ routeModule: /src\/app\/auth\/LoginPage\.tsx$/, loginBudgetKb: 250 })],
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
              { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
            ]
          : [],
    },
    define: { 'import.meta.env.VITE_USE_EMULATORS': JSON.stringify(useEmulators) },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect)[\\/]/,
                priority: 4,
              },
              { name: 'firebase', test: /node_modules[\\/](firebase|@firebase|idb|tslib)[\\/]/, priority: 3 },
              {
                name: 'i18n',
                test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
                priority: 2,
              },
            ],
          },
        },
      },
    },
  };
});
