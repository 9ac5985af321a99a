// Bundles the callables into lib/index.js so `firebase deploy` works although they import the `shared` workspace:
// shared and zod are bundled in, firebase-admin and firebase-functions stay external (installed from package.json).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'],
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: import.meta.dirname,
});
