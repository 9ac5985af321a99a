// Once per run: builds the functions and the web app, starts the local stack on free ports with a temporary data
// folder (Hosting serves the build with this stack's emulators.json; App Check enforced), seeds the demo data and
// launches Chromium.
// Everything stops at the end, and also when the run is interrupted: vitest then exits at once without running
// teardowns, so 'exit' handlers (the stack's own, Playwright's for Chromium, this file's) clean up.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { seed } from '@trialdesk/scripts/seed';
import { ROOT, startStack, type Stack } from '@trialdesk/scripts/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH, OUTPUT_DIR, STACK_LOG, type E2eContext } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now();
  const result = spawnSync('npm', args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error(`npm ${args.join(' ')} failed (${result.signal ?? `exit code ${result.status}`})`);
  }
  console.log(`[e2e] npm ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: the browser tests drive Debian's Chromium. Install it with ` +
        '`sudo apt-get install chromium` (.ci/run does this).',
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-e2e-'));
  // The stack kills its own processes should vitest exit without teardown; the temp folder goes here.
  const onExit = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', onExit);
  let stack: Stack | undefined;
  let browser: BrowserServer | undefined;

  run(['run', 'build', '-w', 'functions']);
  // An emulator build of its own (web/dist stays whatever the developer built). One build serves any ports: it
  // reads /emulators.json, which the stack writes beside its copy.
  const webDist = join(dataDir, 'web-dist');
  run(['run', 'build', '-w', 'web', '--', '--outDir', webDist, '--emptyOutDir'], { VITE_USE_EMULATORS: 'true' });
  await mkdir(OUTPUT_DIR, { recursive: true });
  const teardown = async () => {
    await browser?.close();
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
    process.off('exit', onExit);
  };

  try {
    let started = Date.now();
    writeFileSync(STACK_LOG, '');
    // Hosting's line per file served would drown the calls.
    const log = (line: string) => {
      if (!line.includes(' hosting: '))
        appendFileSync(STACK_LOG, `${new Date().toISOString().slice(11, 19)} ${line}\n`);
    };
    // App Check enforced, as deployed: every call the app makes must carry its token (test/appCheck.test.ts).
    stack = await startStack({
      ports: 'free',
      dataDir: join(dataDir, 'data'),
      hosting: true,
      webDist,
      log,
      enforceAppCheck: true,
    });
    console.log(`[e2e] stack ready at ${stack.urls.hosting}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    await seed(stack);
    console.log(`[e2e] seeded: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('e2e', {
    baseUrl: stack.urls.hosting!,
    authUrl: stack.urls.auth,
    functionsUrl: stack.urls.functions,
    projectId: stack.projectId,
    urls: stack.urls,
    wsEndpoint: browser.wsEndpoint(),
  });
  return teardown;
}
