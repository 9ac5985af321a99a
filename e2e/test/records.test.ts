// References and study contacts through the UI as the Admin.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
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

beforeAll(async () => {
  page = await newPage(browser());
  await signIn(page, ADMIN);
});

/** A fresh Québec-health-card-like ID ("ABCD 1234 5678"); seeded patients are random letters too. */
function newPatientId(): string {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `${letters} ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

describe('references', () => {
  it('edits the status of a reference: saved, in the history, the patient ID masked and never shown raw', async () => {
    const patientId = newPatientId();
    const compact = patientId.replace(/ /g, '');
    await page.goto('/app/references/create');
    const study = page.getByTestId('study-select');
    await study.click();
    await study.locator('input').pressSequentially('cardiac');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByLabel('Patient ID', { exact: true }).fill(patientId);
    await page.getByLabel('Referrer').fill('Dr E2E Referer');
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Reference created'));
    await page.waitForURL((url) => url.pathname === '/app/references');

    // The exact patient ID finds it (kept out of the URL).
    await page.getByTestId('list-search').locator('input').fill(patientId);
    await textBecomes(listTotal(page), 'Showing 1 to 1 of 1 entries');
    expect(decodeURIComponent(page.url()).replace(/[\s+]/g, '')).not.toContain(compact);
    const row = tableRows(page).first();
    await textBecomes(row.locator('td').nth(4), 'Pending');
    await row.getByRole('link').click();
    await page.waitForURL(/\/app\/references\/[\w-]+$/);
    const referencePath = new URL(page.url()).pathname;

    await textBecomes(page.getByTestId('patient-id-masked'), `********${compact.slice(-4)}`);
    await chooseOption(page, page.getByLabel('Status', { exact: true }), 'Accepted');
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Reference updated'));
    await page.waitForURL((url) => url.pathname === '/app/references');

    await page.goto(referencePath);
    const statusItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('Status', { exact: true }) });
    await textBecomes(statusItem, /Accepted/);
    const history = page.getByTestId('history');
    // Newest first: the first status row is the update's (the creation's goes from none to Pending).
    const change = history
      .locator('tr')
      .filter({ has: page.locator('td', { hasText: /^status$/i }) })
      .first();
    await shown(change);
    const cells = (await change.locator('td').allTextContents()).map((s) => s.trim());
    expect([cells[0].toLowerCase(), ...cells.slice(1)]).toEqual(['status', 'Pending', 'Accepted']);
    // Each entry a sentence naming the person; the change of status from Pending is a decision.
    await shown(history.getByText(/^\S.* created this reference$/).first());
    await shown(history.getByText(/^\S.* accepted this reference$/).first());
    await assertNoRawPatientId(page, patientId);
  });
});

/** Neither the page nor what it keeps in storage holds the raw patient ID, in any spacing. */
async function assertNoRawPatientId(page: Page, patientId: string): Promise<void> {
  const compact = patientId.replace(/ /g, '');
  const html = (await page.content()).replace(/\s+/g, '');
  expect(html).not.toContain(compact);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored.replace(/\s+/g, '')).not.toContain(compact);
}

describe('study contacts', () => {
  it('creates a study contact that the list then finds', async () => {
    const word = uniqueWord('contact');
    const email = `${word}@hospital.test`;
    await page.goto('/app/study-contacts');
    await page.getByTestId('list-create').click();
    await page.waitForURL('**/app/study-contacts/create');
    await page.getByLabel('First name').fill('Élodie');
    await page.getByLabel('Last name').fill('Marchand');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('514 555-0199');
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Study Contact created'));
    await page.waitForURL((url) => url.pathname === '/app/study-contacts');

    await page.getByTestId('list-search').locator('input').fill(word);
    await textBecomes(listTotal(page), 'Showing 1 to 1 of 1 entries');
    const cells = (await tableRows(page).first().locator('td').allTextContents()).map((s) => s.trim());
    expect(cells.slice(0, 3)).toEqual(['Élodie Marchand', email, '514 555-0199']);
  });
});
