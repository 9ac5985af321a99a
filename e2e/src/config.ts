// Browser-test settings: the output folder, Debian's Chromium and its flags, and the context tests receive.
import type { StackUrls } from '@trialdesk/scripts/stack';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Screenshots and other run output (ignored by git). */
export const OUTPUT_DIR = join(E2E_DIR, 'test-output');
/** The run's emulator output (firebase-tools and its function workers), which a failed wait quotes. */
export const STACK_LOG = join(OUTPUT_DIR, 'stack.log');

/** Debian's Chromium: Playwright's own browser download cannot work offline. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the global setup hands the test files. */
export interface E2eContext {
  /** The Hosting emulator serving the web app, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  authUrl: string;
  functionsUrl: string;
  projectId: string;
  /** Every emulator's address: tests that set up records through the callables (`@trialdesk/scripts/client`). */
  urls: StackUrls;
  /** Chromium launched once for the whole run. */
  wsEndpoint: string;
}
