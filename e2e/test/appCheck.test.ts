// App Check in Chromium, against this run's stack, which enforces it (src/global-setup.ts): the app's calls carry a
// token its exchange issued and are served; a browser whose attestation fails (its debug token unregistered) gets no
// token, its calls are refused, and it says so in English and in French (docs/operations.md, "App Check").
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, env, newPage, screenshot, shown, signIn, tableRows, textBecomes, useBrowser } from '../src/harness.js';

const browser = useBrowser();

const part = (token: string, index: number) =>
  JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;

/** Whether `token` was signed by this stack's App Check exchange (a key of its JWKS). */
async function issuedByTheStack(token: string): Promise<boolean> {
  const { keys } = (await (await fetch(`${env.urls.appCheck}/v1/jwks`)).json()) as {
    keys: (JsonWebKey & { kid: string })[];
  };
  const key = keys.find((candidate) => candidate.kid === part(token, 0).kid);
  if (!key) return false;
  const [header, payload, signature] = token.split('.');
  const publicKey = createPublicKey({ key, format: 'jwk' });
  return verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
}

/** The App Check header of each call the page makes to the functions (custom headers are among `headers()`). */
function watchCalls(page: Page): { url: string; appCheck: string | undefined }[] {
  const calls: { url: string; appCheck: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().startsWith(env.functionsUrl)) return;
    calls.push({ url: request.url(), appCheck: request.headers()['x-firebase-appcheck'] });
  });
  return calls;
}

/** A page whose App Check debug token the exchange does not know: its attestation fails, as a bot's would. */
async function unattestedPage(): Promise<Page> {
  const page = await newPage(browser());
  await page.route('**/emulators.json', async (route) => {
    const response = await route.fetch();
    const json = { ...((await response.json()) as object), appCheckDebugToken: 'not-a-registered-debug-token' };
    await route.fulfill({ response, json });
  });
  return page;
}

describe('App Check in the browser', () => {
  it("sends the stack's token with every call, and the calls are served", async () => {
    const page = await newPage(browser());
    const calls = watchCalls(page);
    await signIn(page, ADMIN);
    await page.goto('/app/studies');
    await shown(tableRows(page));
    await page.goto('/app/dashboard');
    await shown(page.getByTestId('user-menu'));
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.appCheck, call.url).toBeDefined();
      expect(await issuedByTheStack(call.appCheck!), call.url).toBe(true);
      expect(part(call.appCheck!, 1).sub).toBe('1:000000000000:web:local');
    }
    await page.context().close();
  });

  it('shows why the server refused the calls of a browser without a token, in English and in French', async () => {
    const page = await unattestedPage();
    const calls = watchCalls(page);
    await signIn(page, ADMIN);
    await page.goto('/app/studies');
    const error = page.getByTestId('load-error');
    await textBecomes(
      error.locator('.ant-alert-title'),
      'The server could not verify that this request comes from TrialDesk in this browser, and refused it. ' +
        'Reload the page and try again; if it keeps happening, contact support.',
    );
    expect(await tableRows(page).count()).toBe(0);
    // Refused for want of a token: none was sent.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.appCheck !== undefined)).toEqual([]);
    await screenshot(page, 'app-check-refused-en');

    await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.reload();
    await textBecomes(
      page.getByTestId('load-error').locator('.ant-alert-title'),
      'Le serveur n’a pas pu vérifier que cette demande vient de TrialDesk dans ce navigateur et l’a refusée. ' +
        'Rechargez la page et réessayez\u00a0; si le problème persiste, contactez le soutien.',
    );
    await screenshot(page, 'app-check-refused-fr');
    await page.context().close();
  });
});
