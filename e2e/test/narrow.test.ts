// Lists at every width: at 390 px the studies and references show each row's identity, status and the list's
// actions inside the screen (cards, no sideways scrolling); at 800 px the users table keeps the name and the actions
// in view while scrolled to either end; and the lists at 390, 800 and 1440 px, light and dark, English and French,
// are screenshotted under e2e/test-output/ to be looked at.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPage, screenshot, shown, signIn, tableRows, useBrowser } from '../src/harness.js';

const browser = useBrowser();

type Mode = 'light' | 'dark';
type Language = 'en' | 'fr';

/** An Admin's page in the theme and language asked for (as the theme toggle and the language menu store them). */
async function adminPage(mode: Mode, language: Language, width: number): Promise<Page> {
  const page = await newPage(browser(), { viewport: { width, height: 900 } });
  await page.addInitScript((chosen) => {
    localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: chosen, primaryColor: '#3e5eff' }));
  }, mode);
  // Signed in through the English form, then the language chosen for the screens that follow.
  await signIn(page, ADMIN);
  await page.evaluate((chosen) => localStorage.setItem('i18nextLng', chosen), language);
  return page;
}

/** Opens a list and resolves once its rows (cards or table rows) are shown. */
async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await shown(page.getByTestId('pagination-total'));
  await shown(page.locator('[data-testid="list-card"], [data-testid="list-table"] tr.ant-table-row'));
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/** Where `locator` is on the screen, horizontally. */
async function span(locator: Locator): Promise<{ left: number; right: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not shown`);
  return { left: box.x, right: box.x + box.width };
}

/** `locator` lies within [0, width] horizontally. */
async function expectInside(locator: Locator, width: number, what: string): Promise<void> {
  const { left, right } = await span(locator);
  expect({ what, left: left >= 0, right: right <= width }).toEqual({ what, left: true, right: true });
}

/** The value a card gives for a column, found by its label. */
const cardValue = (card: Locator, label: string) =>
  card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('at 390 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await adminPage('light', 'en', 390);
  });
  afterAll(async () => {
    await page.context().close();
  });

  const lists = [
    { path: '/app/studies', label: 'Status', actions: ['list-create'] },
    { path: '/app/references', label: 'Status', actions: ['list-create', 'list-triage'] },
  ];

  it.each(lists)("$path shows each row's identity and status, its actions and page size, on screen", async (list) => {
    await openList(page, list.path);
    // Nothing wider than the screen: no sideways scrolling anywhere on the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('list-table').count()).toBe(0);
    const cards = page.getByTestId('list-card');
    expect(await cards.count()).toBeGreaterThan(2);
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      // The identity: the card's title, a link to the record.
      const identity = card.locator('.ant-card-head').getByRole('link');
      expect((await identity.textContent())?.trim()).not.toBe('');
      await expectInside(identity, 390, `${list.path} card ${i} identity`);
      const status = cardValue(card, list.label).locator('.ant-tag');
      await expectInside(status, 390, `${list.path} card ${i} status`);
    }
    for (const action of [...list.actions, 'cards-page-size']) {
      const button = page.getByTestId(action);
      await button.scrollIntoViewIfNeeded();
      await expectInside(button, 390, `${list.path} ${action}`);
    }
    // A card opens its record.
    const first = cards.first().locator('.ant-card-head').getByRole('link');
    await first.click();
    await page.waitForURL(new RegExp(`${list.path}/[\\w-]+$`));
  });
});

describe('at 800 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await adminPage('dark', 'fr', 800);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('the users table keeps the name and the actions in view, scrolled to either end', async () => {
    await openList(page, '/app/users');
    const scroller = page.locator('[data-testid="list-table"] .ant-table-content');
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    // The table is wider than its place: it does scroll sideways.
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const row = tableRows(page).first();
    const name = row.locator('td').first();
    const approve = row.getByRole('button', { name: 'Approuver' });
    const revoke = row.getByRole('button', { name: 'Révoquer' });
    const view = await span(scroller);
    for (const end of ['start', 'end'] as const) {
      await scroller.evaluate((el, to) => el.scrollTo({ left: to === 'end' ? el.scrollWidth : 0 }), end);
      await expect
        .poll(() => scroller.evaluate((el) => Math.round(el.scrollLeft)))
        .toBe(end === 'end' ? sizes.scroll - sizes.client : 0);
      for (const [what, cell] of [
        ['name', name],
        ['Approve', approve],
        ['Revoke', revoke],
      ] as const) {
        const { left, right } = await span(cell);
        expect({ what, end, inside: left >= view.left - 1 && right <= view.right + 1 }).toEqual({
          what,
          end,
          inside: true,
        });
      }
    }
    await screenshot(page, 'narrow-users-800-dark-fr-scrolled');
  });
});

describe('screenshots', () => {
  const combos: [Mode, Language][] = [
    ['light', 'en'],
    ['dark', 'fr'],
    ['light', 'fr'],
    ['dark', 'en'],
  ];
  it.each(combos)('%s, %s: studies, references, users and folders at 390, 800 and 1440 px', async (mode, language) => {
    const page = await adminPage(mode, language, 1440);
    for (const width of [390, 800, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const list of ['studies', 'references', 'users']) {
        await openList(page, `/app/${list}`);
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `narrow-${list}-${width}-${mode}-${language}`);
      }
      // The file manager's folders: whole names, each with its count.
      await page.goto('/apps/file-manager');
      await shown(page.getByTestId('folder-count').filter({ hasText: /\d/ }));
      await screenshot(page, `narrow-folders-${width}-${mode}-${language}`);
    }
    await page.context().close();
  });
});
