// Studies through the UI as the Admin: create (after a validation error), search, filter, paging in the URL,
// edit, a stale edit from a second browser(), delete with its confirmation. The steps share one study.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  columnTexts,
  chooseOption,
  useBrowser,
  listTotal,
  newPage,
  shown,
  signIn,
  tableRows,
  textBecomes,
  uniqueWord,
} from '../src/harness.js';

const browser = useBrowser();
let page: Page;
const word = uniqueWord('Zephyrin');
const title = `${word} cohort of e2e volunteers`;
let studyPath = '';

beforeAll(async () => {
  page = await newPage(browser());
  await signIn(page, ADMIN);
});

async function search(text: string): Promise<void> {
  const box = page.getByTestId('list-search').locator('input');
  await box.fill('');
  // Typed key by key, as a user does: the list follows once typing pauses.
  await box.pressSequentially(text);
}

describe('studies', () => {
  it('shows the required-field error on an empty submit, then creates the study', async () => {
    await page.goto('/app/studies');
    await page.getByTestId('list-create').click();
    await page.waitForURL('**/app/studies/create');
    await page.getByTestId('form-submit').click();
    const titleItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('Title', { exact: true }) });
    await textBecomes(titleItem.locator('.ant-form-item-explain'), 'This field is required');

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Summary').fill('Created by the browser tests.');
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Study created'));
    await page.waitForURL((url) => url.pathname === '/app/studies');
  });

  it('finds the new study by a word prefix', async () => {
    await search(word.slice(0, -3).toLowerCase());
    await textBecomes(listTotal(page), 'Showing 1 to 1 of 1 entries');
    await textBecomes(tableRows(page).first().locator('td').first(), title);
    expect(new URL(page.url()).searchParams.get('search')).toBe(word.slice(0, -3).toLowerCase());
    studyPath = (await tableRows(page).first().getByRole('link').getAttribute('href')) ?? '';
    expect(studyPath).toMatch(/^\/app\/studies\/[\w-]+$/);
  });

  it('filters by status', async () => {
    await page.goto('/app/studies');
    await shown(tableRows(page));
    const all = await listTotal(page).textContent();
    await chooseOption(page, page.getByTestId('filter-status'), 'Completed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'Completed');
    await expect.poll(() => listTotal(page).textContent()).not.toBe(all);
    const statuses = await columnTexts(page, 'Status');
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Completed']));
  });

  it('keeps the page in the URL: page 2, reload, back', async () => {
    await page.goto('/app/studies');
    await textBecomes(listTotal(page), /^Showing 1 to 20 of \d+ entries$/);
    const total = /of (\d+) entries/.exec((await listTotal(page).textContent()) ?? '')![1];
    expect(Number(total)).toBeGreaterThan(40);
    const firstOnPage1 = await tableRows(page).first().locator('td').first().textContent();

    await page.locator('.ant-pagination-item-2').click();
    await textBecomes(listTotal(page), `Showing 21 to 40 of ${total} entries`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => tableRows(page).first().locator('td').first().textContent()).not.toBe(firstOnPage1);
    const firstOnPage2 = await tableRows(page).first().locator('td').first().textContent();

    await page.reload();
    await textBecomes(listTotal(page), `Showing 21 to 40 of ${total} entries`);
    await textBecomes(tableRows(page).first().locator('td').first(), firstOnPage2!);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await textBecomes(listTotal(page), `Showing 1 to 20 of ${total} entries`);
    await textBecomes(tableRows(page).first().locator('td').first(), firstOnPage1!);
  });

  it('edits the study and says so', async () => {
    await page.goto(studyPath);
    const field = page.getByLabel('Title', { exact: true });
    await expect.poll(() => field.inputValue()).toBe(title);
    await field.fill(`${title} (amended)`);
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Study updated'));
    await page.waitForURL((url) => url.pathname === '/app/studies');
    await search(word);
    await textBecomes(tableRows(page).first().locator('td').first(), `${title} (amended)`);
  });

  it('refuses a stale edit and Discard my edits shows the other edit', async () => {
    const other = await newPage(browser());
    await signIn(other, ADMIN);
    await page.goto(studyPath);
    await other.goto(studyPath);
    const summary = (p: Page) => p.getByLabel('Summary');
    await expect.poll(() => summary(page).inputValue()).toBe('Created by the browser tests.');
    await expect.poll(() => summary(other).inputValue()).toBe('Created by the browser tests.');

    await summary(other).fill('Saved first, in the other window.');
    await other.getByTestId('form-submit').click();
    await shown(other.getByText('Study updated'));

    await summary(page).fill('Saved second, from a stale copy.');
    await page.getByTestId('form-submit').click();
    await textBecomes(
      page.getByTestId('conflict').locator('.ant-alert-title'),
      'Someone else saved this record while you were editing',
    );
    await page.getByTestId('conflict-discard').click();
    await expect.poll(() => summary(page).inputValue()).toBe('Saved first, in the other window.');
    await page.getByTestId('conflict').waitFor({ state: 'detached' });
    await other.context().close();
  });

  it('deletes only after the confirmation', async () => {
    await page.goto(studyPath);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} (amended)`);
    const dialog = page.locator('.ant-modal-confirm');

    await page.getByTestId('form-delete').click();
    await textBecomes(dialog.locator('.ant-modal-confirm-title'), 'Delete this record?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(studyPath);
    await page.reload();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} (amended)`);

    await page.getByTestId('form-delete').click();
    await page.getByTestId('confirm-delete').click();
    await shown(page.getByText('Deleted', { exact: true }));
    await page.waitForURL((url) => url.pathname === '/app/studies');
    await search(word);
    await shown(page.getByText('No records match.'));
  });
});
