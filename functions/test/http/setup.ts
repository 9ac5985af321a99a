// Builds the functions, starts one local stack on free ports with a temporary data folder (no Hosting, App Check
// enforced), and makes the demo accounts (through the callables, as `npm start` does). Every HTTP test file uses it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seed } from '@trialdesk/scripts/seed';
import { ROOT, startStack, type StackUrls } from '@trialdesk/scripts/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { urls: StackUrls; projectId: string };
  }
}

export default async function setup(project: TestProject) {
  // The Functions emulator runs functions/lib: build it from the sources under test.
  execFileSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'functions'), stdio: 'inherit' });
  const dataDir = await mkdtemp(join(tmpdir(), 'trialdesk-http-'));
  // App Check enforced, as deployed: the clients send the stack's tokens as the web app does (test/http/appCheck.test.ts).
  const stack = await startStack({ ports: 'free', dataDir, hosting: false, enforceAppCheck: true });
  try {
    await seed(stack, { records: false });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  project.provide('stack', { urls: stack.urls, projectId: stack.projectId });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
