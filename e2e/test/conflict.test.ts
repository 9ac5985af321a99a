// Two tabs of one signed-in Admin edit the same study: the stale save keeps its edits, shows beside Save what
// collides (latest and theirs, readable), saves the choices against the latest version; a deleted study says so.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  chooseOption,
  newContext,
  screenshot,
  shown,
  signIn,
  tableRows,
  textBecomes,
  uniqueWord,
  useBrowser,
} from '../src/harness.js';

const browser = useBrowser();
let context: BrowserContext;
let first: Page;
let second: Page;
const word = uniqueWord('Quillon');
const title = `${word} study edited in two tabs`;
let studyPath = '';

beforeAll(async () => {
  // One browser profile, two tabs: the same person, signed in once.
  context = await newContext(browser());
  first = await context.newPage();
  await signIn(first, ADMIN);
  second = await context.newPage();
});
afterAll(async () => {
  await context?.close();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const row = (name: string) => second.getByTestId(`conflict-row-${name}`);
const toasts = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).join('\n'));

async function openInBoth(): Promise<void> {
  for (const page of [first, second]) {
    await page.goto(studyPath);
    await expect.poll(() => field(page, 'Title').inputValue()).not.toBe('');
  }
}

describe('a save that meets a newer version', () => {
  it('creates the study both tabs will edit', async () => {
    await first.goto('/app/studies/create');
    await field(first, 'Title').fill(title);
    await field(first, 'Summary').fill('Written at creation.');
    await first.getByTestId('form-submit').click();
    await shown(first.getByText('Study created'));
    await first.waitForURL((url) => url.pathname === '/app/studies');
    await first.getByTestId('list-search').locator('input').fill(word);
    await textBecomes(tableRows(first).first().locator('td').first(), title);
    studyPath = (await tableRows(first).first().getByRole('link').getAttribute('href')) ?? '';
    expect(studyPath).toMatch(/^\/app\/studies\/[\w-]+$/);
  });

  it('shows beside Save and as a toast what collides, readable, and keeps the edits until the person chooses', async () => {
    await openInBoth();
    // The first tab changes the title and the status, and saves.
    await field(first, 'Title').fill(`${title} (first tab)`);
    await chooseOption(first, field(first, 'Status'), 'Completed');
    await first.getByTestId('form-submit').click();
    await shown(first.getByText('Study updated'));

    // The second, still on the version it loaded, changes the same two, the summary and the contact.
    await field(second, 'Title').fill(`${title} (second tab)`);
    await chooseOption(second, field(second, 'Status'), 'Withdrawn');
    await field(second, 'Summary').fill('Written in the second tab.');
    const contact = second.getByTestId('study-contact-select');
    await contact.click();
    await contact.locator('input').pressSequentially('Tremblay');
    await second
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Geneviève Tremblay' })
      .first()
      .click();
    await second.getByTestId('form-submit').click();

    const conflict = second.getByTestId('conflict');
    await shown(conflict);
    await expect.poll(() => toasts(second)).toContain('Not saved: someone else changed this record.');
    // Just above the Save button the person pressed, and scrolled into view.
    const box = (await conflict.boundingBox())!;
    const save = (await second.getByTestId('form-submit').boundingBox())!;
    expect(save.y - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    expect(save.y - (box.y + box.height)).toBeLessThan(80);
    const inView = (testId: string) =>
      second.getByTestId(testId).evaluate((node) => {
        const { top, bottom } = node.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await screenshot(second, 'conflict-shown');
    await expect.poll(() => inView('conflict')).toBe(true);
    await expect.poll(() => inView('form-submit')).toBe(true);

    await textBecomes(row('title').locator('td').first(), /^TitleChanged on both sides$/);
    await textBecomes(row('title').locator('td').nth(1), `${title} (first tab)`);
    await textBecomes(row('title').locator('td').nth(2), `${title} (second tab)`);
    await textBecomes(row('status').locator('td').nth(1), 'Completed');
    await textBecomes(row('status').locator('td').nth(2), 'Withdrawn');
    await textBecomes(row('summary').locator('td').first(), /^SummaryChanged by you only$/);
    await textBecomes(row('summary').locator('td').nth(1), 'Written at creation.');
    await textBecomes(row('summary').locator('td').nth(2), 'Written in the second tab.');
    // A linked record by its name, not its id.
    await textBecomes(row('contactId').locator('td').nth(1), '—');
    await textBecomes(row('contactId').locator('td').nth(2), 'Geneviève Tremblay');
    expect(await second.locator('[data-testid^="conflict-row-"]').count()).toBe(4);
    await screenshot(second, 'conflict-choices');

    // The tab's edits stay in the form; fields changed on both sides wait for a choice.
    expect(await field(second, 'Title').inputValue()).toBe(`${title} (second tab)`);
    expect(await field(second, 'Summary').inputValue()).toBe('Written in the second tab.');
    expect(await second.getByTestId('conflict-summary-yours').isChecked()).toBe(true);
    expect(await second.getByTestId('conflict-save').isDisabled()).toBe(true);
    expect(await second.getByTestId('form-submit').isDisabled()).toBe(true);
  });

  it('saves the choices against the latest version: the record holds both tabs’ changes and nothing else', async () => {
    await second.getByTestId('conflict-title-latest').click();
    await second.getByTestId('conflict-status-latest').click();
    await second.getByTestId('conflict-save').click();
    await shown(second.getByText('Study updated'));
    await second.waitForURL((url) => url.pathname === '/app/studies');

    await second.goto(studyPath);
    await expect.poll(() => field(second, 'Title').inputValue()).toBe(`${title} (first tab)`);
    await textBecomes(second.locator('.ant-form-item').filter({ has: field(second, 'Status') }), /Completed/);
    expect(await field(second, 'Summary').inputValue()).toBe('Written in the second tab.');
    await textBecomes(
      second.locator('.ant-form-item').filter({ has: second.getByTestId('study-contact-select') }),
      /Geneviève Tremblay/,
    );
    await textBecomes(second.locator('.ant-form-item').filter({ has: field(second, 'Specialty') }), /Unknown/);
    // The merged save changed the summary and the contact only: the first tab's title and status stand.
    const newest = second.getByTestId('history').locator('.ant-timeline-item').first();
    await textBecomes(newest.locator('tbody tr.ant-table-row td').first(), /.+/);
    const changed = await newest.locator('tbody tr.ant-table-row td:first-child').allTextContents();
    expect(changed.sort()).toEqual(['Study contact', 'Summary']);
  });
});

describe('a save that meets a deleted record', () => {
  it('says so beside Save, keeps the form to copy from, and offers the way back to the list', async () => {
    await openInBoth();
    await first.getByTestId('form-delete').click();
    await first.getByTestId('confirm-delete').click();
    await shown(first.getByText('Deleted', { exact: true }));

    await field(second, 'Summary').fill('Written after it was deleted.');
    await second.getByTestId('form-submit').click();
    await textBecomes(
      second.getByTestId('record-gone').locator('.ant-alert-title'),
      'Someone else deleted this record',
    );
    await expect.poll(() => toasts(second)).toContain('Not saved: this record was deleted.');
    expect(await field(second, 'Summary').inputValue()).toBe('Written after it was deleted.');
    await second.getByTestId('record-gone-back').click();
    await second.waitForURL((url) => url.pathname === '/app/studies');
  });
});
