// Moving around as a coordinator does: a study opened from page 2 of a filtered list and the way back to it (Back,
// the back arrow), triage's way back to the study's references, the menu's entry selected on each page, the tab's
// title.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  chooseOption,
  listTotal,
  newPage,
  screenshot,
  shown,
  signIn,
  tableRows,
  textBecomes,
  useBrowser,
} from '../src/harness.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await newPage(browser());
  await signIn(page, ADMIN);
});

/** Where the page is: its path and query. */
const here = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const title = () => page.title();
const sideMenu = () => page.getByRole('navigation', { name: 'app' });
/** The side menu's selected entries, by their text. */
const selectedEntries = async () =>
  (await sideMenu().locator('.ant-menu-item-selected').allTextContents()).map((text) => text.trim());

/** The first row's text once no list is loading. */
const firstRow = async () => {
  await expect.poll(() => page.locator('[data-testid="list-table"] .ant-spin-spinning').count()).toBe(0);
  return tableRows(page).first().textContent();
};

/** Goes to page 2 and waits for its rows (the table keeps page 1's while page 2 loads). */
async function pageTwoShown() {
  const before = await firstRow();
  await page.locator('.ant-pagination-item-2').click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await textBecomes(listTotal(page), /^Showing 21 to \d+ of \d+ entries$/);
  await expect.poll(firstRow).not.toBe(before);
}

describe('a study opened from page 2 of a filtered list', () => {
  let list = '';

  it('Back once returns to that list page, filter included', async () => {
    await page.goto('/app/studies');
    await shown(tableRows(page));
    await expect.poll(title).toBe('Studies · TrialDesk');
    await chooseOption(page, page.getByTestId('filter-status'), 'Recruiting');
    await page.waitForURL((url) => url.searchParams.get('status') === 'Recruiting');
    await textBecomes(listTotal(page), /^Showing 1 to 20 of \d+ entries$/);
    await pageTwoShown();
    list = here();
    expect(new URLSearchParams(list.split('?')[1]).get('status')).toBe('Recruiting');

    const link = tableRows(page).first().getByRole('link');
    const name = ((await link.textContent()) ?? '').trim();
    await link.click();
    await shown(page.getByTestId('form-submit'));
    await expect.poll(title).toBe(`Study: ${name} · TrialDesk`);
    await page.goBack();
    await expect.poll(here).toBe(list);
    await textBecomes(listTotal(page), /^Showing 21 to \d+ of \d+ entries$/);
  });

  it("the back arrow returns to that list page and filter, not the list's first page", async () => {
    await firstRow();
    await tableRows(page).nth(1).getByRole('link').click();
    await shown(page.getByTestId('form-submit'));
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(here).toBe(list);
    await textBecomes(page.locator('.ant-pagination-item-active'), '2');
    await textBecomes(page.getByTestId('filter-status'), /Recruiting/);
    await textBecomes(listTotal(page), /^Showing 21 to \d+ of \d+ entries$/);
  });
});

describe('triage', () => {
  it("Back to references keeps the study triaged as the list's filter", async () => {
    await page.goto('/app/studies?status=Recruiting');
    const link = tableRows(page).first().getByRole('link');
    await shown(link);
    const study = ((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '';
    const name = ((await link.textContent()) ?? '').trim();
    await page.goto(`/app/references/triage?study=${study}`);
    await expect.poll(title).toBe('Triage references · TrialDesk');
    await page.getByRole('link', { name: 'Back to references' }).first().click();
    await expect.poll(here).toBe(`/app/references?studyId=${study}`);
    await expect.poll(async () => page.getByTestId('filter-study').textContent()).toContain(name);
    await shown(tableRows(page));
    const studies = await tableRows(page).locator('td:nth-child(2)').allTextContents();
    expect(new Set(studies)).toEqual(new Set([name]));
    // And the list's Triage link goes back to the same study's queue.
    await page.getByTestId('list-triage').click();
    await expect.poll(here).toBe(`/app/references/triage?study=${study}`);
  });
});

describe('the menu', () => {
  it('the recruitment dashboard comes first in the app group, selected on its page', async () => {
    await page.goto('/app/dashboard');
    await shown(page.getByRole('heading', { name: 'Recruitment dashboard', level: 1 }));
    const appGroup = sideMenu().locator('.ant-menu-item-group').first();
    await textBecomes(appGroup.locator('.ant-menu-item').first(), 'Dashboard');
    await expect.poll(selectedEntries).toEqual(['Dashboard']);
    await expect.poll(title).toBe('Recruitment dashboard · TrialDesk');
    await shown(page.getByTestId('triage-link'));
    await screenshot(page, 'navigation-dashboard-menu');
  });

  it('the file manager selects its entry, its group opened', async () => {
    await page.goto('/apps/file-manager');
    await shown(page.getByRole('heading', { name: 'File manager', level: 1 }));
    await expect.poll(selectedEntries).toEqual(['File manager']);
    await shown(sideMenu().locator('.ant-menu-item-selected'));
    await expect.poll(title).toBe('File manager · TrialDesk');
  });

  it("Settings selects its entry in the user's menu, none in the side menu", async () => {
    await page.goto('/app/settings');
    await shown(page.getByRole('heading', { name: 'Settings', level: 1 }));
    await expect.poll(selectedEntries).toEqual([]);
    await expect.poll(title).toBe('Settings · TrialDesk');
    await page.getByTestId('user-menu').click();
    const settings = page.locator('.ant-dropdown-menu-item', { has: page.getByTestId('user-menu-settings') });
    await shown(settings);
    await expect.poll(() => settings.getAttribute('class')).toContain('ant-dropdown-menu-item-selected');
    await page.keyboard.press('Escape');
  });
});
