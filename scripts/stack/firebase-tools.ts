// The firebase-tools process of a stack (its Auth, Functions and Hosting emulators): starting it in a process group
// of its own with its watchdog, waiting until it serves the functions, and stopping it in order.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import { DEFAULT_BUCKET, PROJECT_ID, ROOT, type StackUrls } from './config.js';
import { FUNCTION_WORKERS } from './workers.js';

/** URL of a callable in the Functions emulator. */
export function callableUrl(urls: StackUrls, name: string): string {
  return `${urls.functions}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function firebaseBin(): string {
  return createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
}

export function requireFunctionsBuild(): void {
  if (!existsSync(join(ROOT, 'functions', 'lib', 'index.js')))
    throw new Error('functions/lib/index.js is missing: run `npm run build -w functions` first');
}

/** What firebase-tools runs with: this stack's built-in emulators, quiet start-up, the workers' bounds. */
function firebaseToolsEnv(urls: StackUrls, projectDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: urls.firestoreHost,
    // firebase-admin/storage in the functions: the Storage emulator of this process, the app's default bucket.
    FIREBASE_STORAGE_EMULATOR_HOST: urls.storageHost,
    STORAGE_EMULATOR_HOST: `http://${urls.storageHost}`,
    STORAGE_BUCKET: DEFAULT_BUCKET,
    // studies-import reads ClinicalTrials.gov from this stack's stand-in (docs/registry.md, "The import").
    REGISTRY_API_URL: urls.registry,
    // firebase-tools finds "its" hub through a file named after the project in the temp folder: a folder of
    // its own keeps parallel stacks (tests, npm start) from exporting through each other's hub.
    TMPDIR: join(projectDir, 'tmp'),
    // No update check, no message-of-the-day fetch, no npm registry look-up of firebase-functions.
    NO_UPDATE_NOTIFIER: '1',
    // No probe of a Google Compute Engine metadata server for credentials (a warning where none answers).
    METADATA_SERVER_DETECTION: 'none',
    // The functions are discovered by a process that writes their manifest to a file and exits, not by one
    // serving it over HTTP, which lingers a few seconds on its keep-alive connection before the start goes on.
    FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
    CI: 'true',
    npm_config_offline: 'true',
    ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
    FUNCTIONS_EMULATOR_PARALLEL: String(FUNCTION_WORKERS.parallel),
    FUNCTIONS_DISCOVERY_TIMEOUT: String(FUNCTION_WORKERS.startSeconds),
    NODE_OPTIONS: [process.env.NODE_OPTIONS, FUNCTION_WORKERS.nodeOptions].filter(Boolean).join(' '),
  };
}

/** Starts firebase-tools' emulators in `projectDir`; with `authDir`, its accounts are imported and exported on exit. */
export function spawnFirebaseTools(projectDir: string, urls: StackUrls, hosting: boolean, authDir?: string) {
  const only = hosting ? 'auth,functions,hosting' : 'auth,functions';
  const preload = pathToFileURL(join(ROOT, 'scripts', 'firebase-tools-preload.mjs')).href;
  const args = ['--import', preload, firebaseBin(), 'emulators:start', '--only', only, '--project', PROJECT_ID];
  args.push('--non-interactive');
  if (authDir) args.push('--import', authDir, '--export-on-exit', authDir);
  return spawn(process.execPath, args, {
    cwd: projectDir,
    // Own process group: a terminal Ctrl-C reaches only the launcher, which stops this group in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: firebaseToolsEnv(urls, projectDir),
  });
}

/** Sends a signal to a detached child's whole process group (its function workers included). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Starts the watchdog of a detached group: the group outlives a launcher killed with SIGKILL (no 'exit' handler
 * runs then), and would keep the ports (docs/architecture.md, "The local stack").
 */
export function guardGroup(group: number, save?: { hub: string; authDir: string }): void {
  const watchdog = join(ROOT, 'scripts', 'watchdog.ts');
  const args = [watchdog, String(process.pid), String(group), ...(save ? [save.hub, save.authDir] : [])];
  spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  }).unref();
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** Stops firebase-tools in order, then whatever is left of its group. */
export async function stopFirebaseTools(child: ChildProcess): Promise<void> {
  // SIGINT lets firebase-tools export the Auth accounts (--export-on-exit) and stop its workers.
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  if (!(await waitForExit(child, 30_000))) {
    signalGroup(child, 'SIGKILL');
    await waitForExit(child, 5_000);
  }
  signalGroup(child, 'SIGKILL');
}

/** Resolves once the callable answers as a function (any status but 404: the functions are loaded). */
async function waitForFunctions(urls: StackUrls, deadline: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('firebase-tools exited');
    try {
      const response = await fetch(callableUrl(urls, 'users-me'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      if (response.status !== 404) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`the Functions emulator did not serve ${callableUrl(urls, 'users-me')} (functions/lib) in time`);
    }
    await sleep(250);
  }
}

/**
 * Resolves once the Auth emulator answers HTTP (firebase-tools starts it before it loads the functions); rejects
 * should firebase-tools exit first.
 */
export async function waitForAuth(urls: StackUrls, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('firebase-tools exited');
    try {
      await fetch(`${urls.auth}/`);
      return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
}

/**
 * Hands every line firebase-tools prints to `onLine` (from now on, for as long as it runs) and resolves once it
 * printed "All emulators ready" and serves the functions, within `waitMs`; rejects should it exit first.
 */
export async function waitForEmulators(
  child: ChildProcess,
  urls: StackUrls,
  onLine: (line: string) => void,
  waitMs: number,
): Promise<void> {
  let ready = false;
  let exited = false;
  const exitPromise = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('All emulators ready')) ready = true;
        onLine(line);
      }
    });
  }
  const deadline = Date.now() + waitMs;
  while (!ready) {
    if (exited) throw new Error('firebase-tools exited before the emulators were ready');
    if (Date.now() > deadline) {
      throw new Error(`firebase-tools did not print "All emulators ready" within ${waitMs / 1000} s`);
    }
    await Promise.race([sleep(100), exitPromise]);
  }
  await waitForFunctions(urls, deadline, () => exited);
}
