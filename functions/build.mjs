// Bundles the callables into lib/index.js so `firebase deploy` works although they import the `shared` workspace:
// shared and zod are bundled in, firebase-admin, firebase-functions and nodemailer (CommonJS, which requires Node's
// modules) stay external (installed from package.json).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const { outputFiles } = await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*', 'nodemailer'],
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: import.meta.dirname,
  write: false,
});

// Only what changed is written: the Functions emulator of a running stack watches functions/ and reloads its
// functions on any write, which a build of the same sources (another test suite's, say) must not cause.
for (const file of outputFiles) {
  const before = await readFile(file.path).catch(() => null);
  if (before?.equals(file.contents)) continue;
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(file.path, file.contents);
}
