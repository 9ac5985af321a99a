// The signed-in shell: what an Editor may not see, language and theme kept across reloads, the narrow-screen drawer;
// the local stack's Content-Security-Policy.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  useBrowser,
  EDITOR,
  env,
  listTotal,
  newPage,
  screenshot,
  shown,
  signIn,
  tableRows,
  textBecomes,
} from '../src/harness.js';

const browser = useBrowser();

/** The back office's entries this file knows, in the menu's order (a kind added later shows beside them). */
const ENTRIES = {
  en: ['Studies', 'Users', 'References', 'Study contacts', 'Access log'],
  fr: ['Études', 'Utilisateurs', 'Références', 'Contacts d’étude', 'Journal des accès'],
};
const menuEntries = async (page: Page, language: keyof typeof ENTRIES = 'en') =>
  (await page.locator('nav .ant-menu-item').allTextContents())
    .map((text) => text.trim())
    .filter((entry) => ENTRIES[language].includes(entry));

/** Opens the first record of a list and waits for its form (and so for its actions) to be shown. */
async function openFirst(page: Page, list: string): Promise<void> {
  await page.goto(list);
  await tableRows(page).first().getByRole('link').click();
  await shown(page.getByTestId('form-submit'));
  await shown(page.getByTestId('history'));
}

describe('Content-Security-Policy', () => {
  it("a local stack's allows the emulators on 127.0.0.1 for images and calls, which the deployed one never does", async () => {
    const policy = (await fetch(env.baseUrl)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain('http://127.0.0.1:*');
    expect(directive('img-src')).toContain('http://127.0.0.1:*');
    // Scripts from the app itself and reCAPTCHA Enterprise (App Check's production provider) only.
    expect(directive('script-src').trim()).toBe(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
  });
});

describe('Editor', () => {
  it('has no delete buttons, no Users or Access log entry, and gets the 403 page on their screens', async () => {
    const page = await newPage(browser());
    await signIn(page, EDITOR);
    await shown(page.locator('nav .ant-menu-item'));
    expect(await menuEntries(page)).toEqual(['Studies', 'References', 'Study contacts']);

    for (const list of ['/app/studies', '/app/references', '/app/study-contacts']) {
      await openFirst(page, list);
      expect(await page.getByTestId('form-delete').count(), list).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count(), list).toBe(0);
    }

    await page.goto('/app/users');
    await shown(page.getByTestId('forbidden'));
    await textBecomes(page.getByRole('heading', { level: 1 }), 'Access denied');
    await shown(page.getByText("You don't have permission to access this page"));
    expect(await tableRows(page).count()).toBe(0);

    await page.goto('/app/access-log');
    await shown(page.getByTestId('forbidden'));
    expect(await tableRows(page).count()).toBe(0);
    await page.context().close();
  });

  it('the Admin, by contrast, sees the Users and Access log entries and the delete button', async () => {
    const page = await newPage(browser());
    await signIn(page, ADMIN);
    await shown(page.locator('nav .ant-menu-item'));
    expect(await menuEntries(page)).toEqual(ENTRIES.en);
    // The Admins' tools sit in a group of their own.
    await shown(page.locator('nav .ant-menu-item-group-title', { hasText: 'Other' }));
    await openFirst(page, '/app/studies');
    await shown(page.getByTestId('form-delete'));
    await page.context().close();
  });
});

describe('preferences', () => {
  it('keeps French across a reload', async () => {
    const page = await newPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/app/studies');
    await textBecomes(listTotal(page), /^Showing 1 to 20 of \d+ entries$/);
    await page.getByTestId('language-switch').getByText('FR', { exact: true }).click();
    await textBecomes(listTotal(page), /^Affichage de 1 à 20 sur \d+ entrées$/);

    await page.reload();
    await shown(page.locator('nav .ant-menu-item'));
    expect(await menuEntries(page, 'fr')).toEqual(ENTRIES.fr);
    await textBecomes(page.getByRole('heading', { level: 1 }), 'Études');
    await textBecomes(listTotal(page), /^Affichage de 1 à 20 sur \d+ entrées$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    await page.context().close();
  });

  it('keeps dark mode across a reload', async () => {
    const page = await newPage(browser());
    await signIn(page, ADMIN);
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor);
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(luminance(await background())).toBeGreaterThan(200);

    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await shown(page.getByTestId('user-menu'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(async () => luminance(await background())).toBeLessThan(40);
    await page.context().close();
  });
});

describe('narrow screen (800 px)', () => {
  it('opens the drawer from the menu button and closes it after navigating', async () => {
    const page = await newPage(browser(), { viewport: { width: 800, height: 900 } });
    await signIn(page, ADMIN);
    await shown(listTotal(page));
    const drawer = page.getByTestId('menu-drawer');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shown(drawer);
    await screenshot(page, 'drawer-800px-light');
    await drawer.getByText('References', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/references');
    await drawer.waitFor({ state: 'hidden' });
    await textBecomes(page.getByRole('heading', { level: 1 }), 'References');
    await page.context().close();
  });
});
