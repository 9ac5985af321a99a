// What the browser tests share: the run's stack and browser, pages signed in through the login form, antd
// helpers, the axe-core check and screenshots.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '@trialdesk/scripts/seed-data';
import { UI_WAIT_MS } from '@trialdesk/scripts/limits';
import { OUTPUT_DIR, STACK_LOG } from './config.js';

export { DEMO_PASSWORD, UI_WAIT_MS };
export const env = inject('e2e');

export const ADMIN = 'admin@trialdesk.test';
export const EDITOR = 'editor@trialdesk.test';
/** Asked for Editor access, never approved: the login page refuses it (the 403). */
export const PENDING = 'pending@trialdesk.test';

/** A word no seeded record contains, so searches find only what this run made. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * The run's Chromium for this test file: connected before the file's tests and its later hooks, closed after them.
 * At a file's top: `const browser = useBrowser();`, then `newPage(browser())`.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(env.wsEndpoint);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is connected in beforeAll');
    return browser;
  };
}

/** A fresh browser profile (own cookies, storage and Firebase session) on the app, 1280 x 800, English. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: env.baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    ...options,
  });
  context.setDefaultTimeout(UI_WAIT_MS);
  context.on('page', watchPage);
  await context.addInitScript(keepToasts);
  return context;
}

/**
 * Runs in each page: every antd message shown is kept with its time (a toast is gone after three seconds, so a wait
 * that fails later could not see it any more).
 */
function keepToasts(): void {
  const seen: string[] = [];
  Object.assign(window, { __toasts: seen });
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of Array.from(change.addedNodes)) {
        if (!(node instanceof HTMLElement)) continue;
        // A page's first toast arrives inside its new container: look inside what was added too.
        const notices = node.matches('.ant-message-notice') ? [node] : node.querySelectorAll('.ant-message-notice');
        for (const notice of Array.from(notices)) {
          seen.push(`${new Date().toISOString().slice(11, 19)} ${notice.textContent ?? ''}`);
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Each page's console errors and warnings, which a failed wait quotes. */
const consoleOf = new WeakMap<Page, string[]>();

/** Uncaught page errors are printed: they explain a failing step better than a timeout does. */
function watchPage(page: Page): void {
  page.on('pageerror', (error) => console.log(`[page error] ${page.url()}: ${error.message}`));
  const lines: string[] = [];
  consoleOf.set(page, lines);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      lines.push(`${new Date().toISOString().slice(11, 19)} ${message.type()}: ${message.text()}`);
    }
  });
}

/** The last lines the emulators printed, or why they cannot be read. */
function stackTail(lines: number): string {
  try {
    return readFileSync(STACK_LOG, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch (error) {
    return (error as Error).message;
  }
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  return context.newPage();
}

/** Fills the login form and submits it (the page must show it). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('form-submit').click();
}

/** Signs in from /auth/login and waits for the signed-in shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await submitLogin(page, email, password);
  await page.getByTestId('user-menu').waitFor();
}

/** What a failed wait adds to its error: the page's alerts, the toasts and console lines it saw, the emulators' end. */
async function withWhatPageShowed(locator: Locator, wait: () => Promise<void>): Promise<void> {
  try {
    await wait();
  } catch (error) {
    const page = locator.page();
    const alerts = await page.locator('.ant-alert').allTextContents();
    const toasts = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
    (error as Error).message +=
      `\nAt ${new Date().toISOString().slice(11, 19)}: alerts shown: ${JSON.stringify(alerts)}; messages seen: ` +
      `${JSON.stringify(toasts)}; console: ${JSON.stringify(consoleOf.get(page)?.slice(-10) ?? [])}` +
      `\n--- the emulators' last lines ---\n${stackTail(40)}`;
    throw error;
  }
}

/** Resolves once `locator` is shown; fails after the UI timeout, saying what the page showed meanwhile. */
export function shown(locator: Locator): Promise<void> {
  return withWhatPageShowed(locator, () => locator.first().waitFor({ state: 'visible' }));
}

/** Waits until `locator`'s text matches; fails as `shown` does. */
export function textBecomes(locator: Locator, expected: string | RegExp): Promise<void> {
  const read = async () => ((await locator.first().textContent()) ?? '').trim();
  return withWhatPageShowed(locator, async () => {
    if (typeof expected === 'string') await expect.poll(read, { timeout: UI_WAIT_MS }).toBe(expected);
    else await expect.poll(read, { timeout: UI_WAIT_MS }).toMatch(expected);
  });
}

/** Picks an option of an antd Select: opens it, then clicks the option with that exact label. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .click();
}

/** The list footer 'Showing {from} to {to} of {total} entries'. */
export const listTotal = (page: Page) => page.getByTestId('pagination-total');

/** The rows of the list table (not its measuring or placeholder rows). */
export const tableRows = (page: Page) => page.locator('[data-testid="list-table"] tbody tr.ant-table-row');

/** The texts of the list table's column headed `header` in every row shown: found by its header, not its place. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('[data-testid="list-table"] thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column headed "${header}" among ${JSON.stringify(headers)}`);
  return tableRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

/** Creates an email/password account in the Auth emulator with no claims (never approved), as a sign-up would. */
async function createAuthAccount(email: string, password: string, displayName: string): Promise<void> {
  const response = await fetch(`${env.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** A new sign-up (never approved), signed in on a page of its own: it sees the access-refused screen. */
export async function signedInApplicant(
  browser: Browser,
  email: string,
  password: string,
  displayName: string,
): Promise<Page> {
  await createAuthAccount(email, password, displayName);
  const page = await newPage(browser);
  await page.goto('/auth/login');
  await submitLogin(page, email, password);
  return page;
}

/** On an Admin's page: the users list searched for `word`, and the row of `email` once shown. */
export async function userRow(admin: Page, word: string, email: string): Promise<Locator> {
  await admin.goto('/app/users');
  await admin.getByTestId('list-search').locator('input').fill(word);
  const row = tableRows(admin).filter({ hasText: email });
  await shown(row);
  return row;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Resolves once the page's finite animations and transitions have ended (spinners run forever and are left alone). */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe-core on the page, prints every violation, returns the serious and critical ones. */
export async function axeSerious(page: Page, screen: string): Promise<AxeViolation[]> {
  // The page at rest: a pointer left where the last click put it hovers that control, and whether axe then caught
  // its hover colour, or a point of the colour's transition, depended on the machine's load.
  await page.mouse.move(0, 0);
  await animationsEnded(page);
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  const found = violations as AxeViolation[];
  for (const v of found) {
    const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 3);
    console.log(`[axe] ${screen}: ${v.impact} ${v.id} (${v.help}) x${v.nodes.length}: ${targets.join(' | ')}`);
  }
  if (found.length === 0) console.log(`[axe] ${screen}: no violations`);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Saves a full-page screenshot under e2e/test-output/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Finite animations and transitions (drawer, toasts, fades) are fast-forwarded to their end state.
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
