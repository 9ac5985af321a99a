// Every main screen, light and dark: the lists, the create and edit form of every resource, the access log, the 403
// of an unapproved account: axe-core finds no serious or critical violation, and a screenshot of it is written to
// e2e/test-output/ (what the run found is printed as it goes); a hovered default button keeps AA contrast.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  animationsEnded,
  axeSerious,
  useBrowser,
  newPage,
  PENDING,
  screenshot,
  shown,
  signIn,
  submitLogin,
  tableRows,
} from '../src/harness.js';

interface Screen {
  name: string;
  /** Opens the screen and resolves once its content is shown. */
  open: (page: Page) => Promise<void>;
}

const list = (path: string) => async (page: Page) => {
  await page.goto(path);
  await shown(page.getByTestId('pagination-total'));
};

const firstRecord = (path: string) => async (page: Page) => {
  await list(path)(page);
  await tableRows(page).first().getByRole('link').click();
  await shown(page.getByTestId('form-submit'));
  await shown(page.getByTestId('history').locator('.ant-timeline, .ant-empty'));
};

const form = (path: string) => async (page: Page) => {
  await page.goto(path);
  await shown(page.getByTestId('form-submit'));
};

const PUBLIC_SCREENS: Screen[] = [
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/auth/login');
      await shown(page.getByTestId('form-submit'));
    },
  },
  {
    name: 'support',
    open: async (page) => {
      await page.goto('/support');
      await shown(page.getByRole('heading', { level: 1 }));
    },
  },
  {
    name: 'data-deletion',
    open: async (page) => {
      await page.goto('/data-deletion-request');
      await shown(page.getByRole('heading', { level: 1 }));
    },
  },
  {
    // The 403: a signed-in account without access, offered "Request access" (last: it stays signed in).
    name: 'access-refused',
    open: async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, PENDING);
      await shown(page.getByTestId('access-refused'));
    },
  },
];

const APP_SCREENS: Screen[] = [
  { name: 'studies-list', open: list('/app/studies') },
  { name: 'study-create', open: form('/app/studies/create') },
  { name: 'study-edit', open: firstRecord('/app/studies') },
  { name: 'references-list', open: list('/app/references') },
  { name: 'reference-create', open: form('/app/references/create') },
  { name: 'reference-edit', open: firstRecord('/app/references') },
  { name: 'users-list', open: list('/app/users') },
  { name: 'user-create', open: form('/app/users/create') },
  { name: 'user-edit', open: firstRecord('/app/users') },
  { name: 'study-contacts-list', open: list('/app/study-contacts') },
  { name: 'study-contact-create', open: form('/app/study-contacts/create') },
  { name: 'study-contact-edit', open: firstRecord('/app/study-contacts') },
  { name: 'access-log', open: list('/app/access-log') },
  {
    name: 'settings',
    open: async (page) => {
      await page.goto('/app/settings');
      await shown(page.getByText('admin@trialdesk.test'));
    },
  },
];

/** Lets loading indicators and transitions finish so the check and the picture show the settled screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready);
}

const browser = useBrowser();

describe.each(['light', 'dark'] as const)('%s theme', (mode) => {
  let publicPage: Page;
  let appPage: Page;

  beforeAll(async () => {
    const preparePage = async () => {
      // axe-core goes in as an inline script, which the app's Content-Security-Policy rightly refuses: only these
      // pages bypass it (every other test file runs under the production CSP).
      const page = await newPage(browser(), { bypassCSP: true });
      // The persisted theme the app starts from (what the theme toggle stores).
      await page.addInitScript((chosen) => {
        localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: chosen, primaryColor: '#3e5eff' }));
      }, mode);
      return page;
    };
    publicPage = await preparePage();
    appPage = await preparePage();
    await signIn(appPage, ADMIN);
  });
  afterAll(async () => {
    await publicPage?.context().close();
    await appPage?.context().close();
  });

  const check = async (page: Page, screen: Screen) => {
    await screen.open(page);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
    await screenshot(page, `${screen.name}-${mode}`);
    const serious = await axeSerious(page, `${screen.name} (${mode})`);
    expect(serious.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
  };

  it.each(PUBLIC_SCREENS)('$name', (screen) => check(publicPage, screen));
  it.each(APP_SCREENS)('$name', (screen) => check(appPage, screen));

  // axe judges pages at rest (axeSerious): a hovered control's colours are checked here.
  it('a hovered default button keeps its text at AA contrast (4.5:1)', async () => {
    await list('/app/studies')(appPage);
    await settle(appPage);
    const button = appPage.locator('button.ant-btn-default').first();
    await button.hover();
    // The hover colour once its transition has ended.
    await animationsEnded(appPage);
    const { color, background } = await button.evaluate((element) => ({
      color: getComputedStyle(element).color,
      background: getComputedStyle(element).backgroundColor,
    }));
    expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    await appPage.mouse.move(0, 0);
  });
});

/** WCAG's contrast ratio of two opaque CSS colours in the rgb() form browsers compute. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
