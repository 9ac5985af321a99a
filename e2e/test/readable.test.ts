// What a French reader and a screen reader get on the studies list: a study without dates says so, and a dropdown's
// options are named by their translated labels alone (the accessibility tree, axe-core).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_STATUSES } from '@trialdesk/shared';
import { signedInClient, type Client } from '@trialdesk/scripts/client';
import {
  ADMIN,
  DEMO_PASSWORD,
  axeSerious,
  env,
  newPage,
  screenshot,
  shown,
  signIn,
  tableRows,
  textBecomes,
  uniqueWord,
  useBrowser,
} from '../src/harness.js';

const browser = useBrowser();
let page: Page;
let client: Client;
const word = uniqueWord('Sansdates');

beforeAll(async () => {
  // axe-core goes in as an inline script, which the app's Content-Security-Policy rightly refuses.
  page = await newPage(browser(), { bypassCSP: true });
  await signIn(page, ADMIN);
  client = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
  await client.call('studies-create', { title: `${word} one`, specialty: 'Cardiology', status: 'Recruiting' });
  await client.call('studies-create', {
    title: `${word} two`,
    specialty: 'Cardiology',
    status: 'Recruiting',
    startDate: '2025-03-01',
  });
  // French from here on: the saved choice wins over the browser's language.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
});
afterAll(async () => {
  await client?.close();
});

describe('the studies list in French', () => {
  it('says "Aucune date" for a study without dates and "À partir du" for one with a start only', async () => {
    await page.goto(`/app/studies?search=${word}&sort=title:asc`);
    await shown(page.getByRole('heading', { name: 'Études', level: 1 }));
    await textBecomes(tableRows(page).first(), new RegExp(`${word} one.*Aucune date`));
    await textBecomes(tableRows(page).nth(1), new RegExp(`${word} two.*À partir du 2025-03-01`));
    expect(await tableRows(page).allTextContents()).not.toContainEqual(expect.stringContaining('—'));
  });

  it('names each option of a dropdown by its French label, never by its stored value', async () => {
    const filter = page.getByTestId('filter-status');
    await filter.click();
    const listbox = page.getByRole('listbox');
    await shown(listbox);
    const snapshot = await listbox.ariaSnapshot();
    expect(snapshot).toContain('option "Recrutement"');
    expect(snapshot).toContain('option "Terminée"');
    for (const value of STUDY_STATUSES) expect(snapshot).not.toContain(value);
    expect(await page.getByRole('option').count()).toBe(STUDY_STATUSES.length);
    expect(await axeSerious(page, 'studies status filter open (fr)')).toEqual([]);
    await screenshot(page, 'studies-status-filter-fr');
    await page.getByRole('option', { name: 'Recrutement' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'Recruiting');
  });
});
