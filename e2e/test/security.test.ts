// Sessions and the access log: the idle timeout across tabs (shortened), ending that session on the server too, a
// revoked account signed out at its next call, and the Admins' access log with its filters.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appCheckHeader, signedInClient } from '@trialdesk/scripts/client';
import { STEPS_TEST_MS } from '@trialdesk/scripts/limits';
import {
  ADMIN,
  chooseOption,
  useBrowser,
  DEMO_PASSWORD,
  env,
  listTotal,
  newContext,
  newPage,
  screenshot,
  shown,
  signedInApplicant,
  signIn,
  submitLogin,
  tableRows,
  textBecomes,
  UI_WAIT_MS,
  uniqueWord,
  userRow,
} from '../src/harness.js';

/** The timeout the app honours from this key in an emulator build (only ever shorter than the real one). */
const IDLE_OVERRIDE_KEY = 'trialdesk.idleTimeoutMs';
/** Long enough to sign in and open two tabs on a busy machine; the warning shows in its second half. */
const IDLE_MS = 30_000;
const IDLE_MESSAGE = 'You were signed out after 30 minutes without activity.';

interface SessionTokens {
  idToken: string;
  refreshToken: string;
}

/** The tokens of the page's Firebase session, as the SDK keeps them in IndexedDB: what someone could copy. */
function sessionTokens(page: Page): Promise<SessionTokens> {
  return page.evaluate(
    () =>
      new Promise<SessionTokens>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
          read.onsuccess = () => {
            const entries = read.result as { fbase_key: string; value: { stsTokenManager: Record<string, string> } }[];
            const user = entries.find((entry) => entry.fbase_key.startsWith('firebase:authUser:'));
            if (!user) return reject(new Error('no signed-in user in IndexedDB'));
            const { accessToken, refreshToken } = user.value.stsTokenManager;
            resolve({ idToken: accessToken, refreshToken });
          };
        };
      }),
  );
}

const signInSecond = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { auth_time: number }).auth_time;

/** What `users-me` answers a copied ID token, through the callable protocol: 'served', or the error's key. */
async function meWith(idToken: string): Promise<string | undefined> {
  const response = await fetch(`${env.functionsUrl}/${env.projectId}/northamerica-northeast1/users-me`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${idToken}`,
      'content-type': 'application/json',
      ...(await appCheckHeader(env.urls, env.projectId)),
    },
    body: JSON.stringify({ data: {} }),
  });
  if (response.ok) return 'served';
  return ((await response.json()) as { error?: { details?: { key?: string } } }).error?.details?.key;
}

/** A new ID token from a copied refresh token, as the SDK refreshes one (Auth's secure token endpoint). */
async function refreshed(refreshToken: string): Promise<string> {
  const response = await fetch(`${env.authUrl}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return ((await response.json()) as { id_token: string }).id_token;
}

const browser = useBrowser();

const loginNotice = (page: Page) => page.getByTestId('login-notice').locator('.ant-alert-title');

async function onLoginPage(page: Page, redirectTo: string, timeout = UI_WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/auth/login', { timeout });
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(redirectTo);
}

describe('idle timeout', () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it(
    'warns in every tab, "Stay signed in" in one answers for all, then every tab is signed out, and the session ends',
    async () => {
      // Another session of the same person (another device), signed in first, in an earlier second: sessions are
      // told apart by their sign-in second. Its call also readies users-me before the idle clock starts.
      const elsewhere = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
      await elsewhere.call('users-me', {});
      const elsewhereToken = await elsewhere.auth.currentUser!.getIdToken();
      const nextSecond = (signInSecond(elsewhereToken) + 1) * 1000 - Date.now();
      if (nextSecond > 0) await new Promise((done) => setTimeout(done, nextSecond));

      context = await newContext(browser());
      await context.addInitScript(
        ([key, ms]) => {
          // Not on about:blank, which has no storage.
          if (location.protocol.startsWith('http')) localStorage.setItem(key as string, String(ms));
        },
        [IDLE_OVERRIDE_KEY, IDLE_MS],
      );
      const first = await context.newPage();
      await signIn(first, ADMIN);
      // The shell is enough: the clock does not wait for the lists (which a cold Functions emulator may delay).
      await first.goto('/app/references?status=Pending');
      await shown(first.getByTestId('user-menu'));
      // A second tab of the same browser: the same session, the same clock.
      const second = await context.newPage();
      await second.goto('/app/studies');
      await shown(second.getByTestId('user-menu'));

      // The tokens someone could copy from this browser.
      const copied = await sessionTokens(first);
      expect(signInSecond(copied.idToken)).toBeGreaterThan(signInSecond(elsewhereToken));
      expect(await meWith(copied.idToken)).toBe('served');

      const tabs = [first, second];
      const warnings = tabs.map((page) => page.getByTestId('idle-warning'));
      const waitAll = (state: 'visible' | 'hidden') =>
        Promise.all(warnings.map((warning) => warning.waitFor({ state, timeout: IDLE_MS + UI_WAIT_MS })));
      await waitAll('visible');
      for (const warning of warnings) {
        expect((await warning.textContent())?.trim()).toMatch(
          /^Without activity, you will be signed out in \d+ seconds?\.$/,
        );
      }
      await first.getByTestId('idle-stay').click();
      await waitAll('hidden');

      // Nobody touches anything: both warn again, then both end.
      await waitAll('visible');
      await screenshot(second, 'idle-warning-light');
      await onLoginPage(first, '/app/references?status=Pending', IDLE_MS + UI_WAIT_MS);
      await onLoginPage(second, '/app/studies', IDLE_MS + UI_WAIT_MS);
      for (const page of tabs) await textBecomes(loginNotice(page), IDLE_MESSAGE);
      await screenshot(first, 'idle-signed-out-light');

      // Signed out for real: Firebase too, so a protected page sends the tab back to the login page.
      await second.goto('/app/study-contacts');
      await onLoginPage(second, '/app/study-contacts');
      // And on the server: the copied token is refused from then on, and so is one refreshed from it; the person's
      // other session goes on.
      // Still an Admin: the refusal says to sign in again.
      await expect.poll(() => meWith(copied.idToken), { timeout: UI_WAIT_MS }).toBe('errors.sessionEnded');
      expect(await meWith(await refreshed(copied.refreshToken))).toBe('errors.sessionEnded');
      await expect(elsewhere.call('users-me', {})).resolves.toMatchObject({ email: ADMIN });
      await elsewhere.close();
    },
    STEPS_TEST_MS + 3 * IDLE_MS,
  );
});

describe('access withdrawn', () => {
  it('an account revoked while signed in is signed out at its next call, with the reason', async () => {
    const word = uniqueWord('revoked');
    const email = `${word}@trialdesk.test`;
    const password = 'e2e-password-2';
    const person = await signedInApplicant(browser(), email, password, 'Ré Voqué');
    await person.getByTestId('request-access').click();
    await shown(person.getByTestId('request-sent'));

    const admin = await newPage(browser());
    await signIn(admin, ADMIN);
    const row = await userRow(admin, word, email);
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve anyway' }).click();
    await shown(admin.getByText('User approved'));

    await person.goto('/auth/login');
    await submitLogin(person, email, password);
    await person.waitForURL((url) => url.pathname === '/');
    await shown(tableRows(person));

    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revoke' }).click();
    await shown(admin.getByText('Access revoked'));
    await admin.context().close();

    // Its ID token still carries the approval; the server checks the account as it stands now.
    await person.locator('nav').getByText('Study contacts', { exact: true }).click();
    await onLoginPage(person, '/app/study-contacts');
    await textBecomes(
      loginNotice(person),
      'Your access to TrialDesk was withdrawn. Ask an Admin if you still need it.',
    );
    await person.goto('/app/studies');
    await onLoginPage(person, '/app/studies');
    await person.context().close();
  });
});

describe('access log', () => {
  it('shows the reference just read, filtered by action, person and day, with a link to the reference', async () => {
    const page = await newPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/app/references');
    await tableRows(page).first().getByRole('link').click();
    await page.waitForURL(/\/app\/references\/[\w-]+$/);
    const referencePath = new URL(page.url()).pathname;
    await shown(page.getByTestId('form-submit'));

    await page.locator('nav').getByText('Access log', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/access-log');
    await textBecomes(page.getByRole('heading', { level: 1 }), 'Access log');
    await chooseOption(page, page.getByTestId('filter-action'), 'Reference read');
    await page.waitForURL((url) => url.searchParams.get('action') === 'readReference');
    await textBecomes(listTotal(page), /^Showing 1 to \d+ of \d+ entries$/);
    // Each line a sentence: the reference by its masked patient ID, never the callable.
    const actions = () => tableRows(page).locator('td:nth-child(3)').allTextContents();
    await expect
      .poll(async () => (await actions()).every((text) => /^Opened the reference \*+\w+\.$/.test(text)), {
        timeout: UI_WAIT_MS,
      })
      .toBe(true);
    // Newest first: the read just made.
    const first = tableRows(page).first();
    const cells = (await first.locator('td').allTextContents()).map((text) => text.trim());
    expect(cells.slice(1, 4)).toEqual([
      'Isabelle Bouchardadmin@trialdesk.test',
      expect.stringMatching(/^Opened the reference \*+\w+\.$/),
      'Allowed',
    ]);
    expect(await first.getByRole('link').getAttribute('href')).toBe(referencePath);

    // The person filter: the Admin, found by a search.
    const person = page.getByTestId('filter-actor');
    await person.click();
    await person.locator('input').pressSequentially('admin@');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'admin@trialdesk.test' })
      .click();
    await page.waitForURL((url) => url.searchParams.has('actorUid'));
    // The rows of the unfiltered list stay until the filtered ones arrive: wait for those.
    const people = () => tableRows(page).locator('td:nth-child(2)').allTextContents();
    await expect
      .poll(async () => new Set(await people()), { timeout: UI_WAIT_MS })
      .toEqual(new Set(['Isabelle Bouchardadmin@trialdesk.test']));

    // Days typed in the range picker: today finds the read, a day long past finds nothing.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const from = page.getByLabel('From', { exact: true });
    await from.click();
    await from.fill(today);
    await from.press('Enter');
    const to = page.getByLabel('To', { exact: true });
    await to.fill(today);
    await to.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today);
    await textBecomes(listTotal(page), /^Showing 1 to \d+ of \d+ entries$/);
    await page.goto(`/app/access-log?action=readReference&from=2001-01-01&to=2001-01-02`);
    await shown(page.getByText('No records match.'));
    expect(await tableRows(page).count()).toBe(0);
    await page.context().close();
  });
});
