// Studies from ClinicalTrials.gov through the UI, against the stack's registry stand-in (real recorded records,
// emulator/registry/records): an Editor imports a study by its NCT number after reviewing it, the study screen links
// to the registry and shows its status; a title edited here comes back through "Refresh from the registry" with
// the review marking Title changed; a pasted list with an unknown and a malformed number imports the others, and
// one stopped midway imports the rest when asked. The review and the study screen are screenshotted at 800 px, light
// in English and dark in French.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  axeSerious,
  EDITOR,
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
/** Recorded, never seeded: UNKNOWN on the registry, a central contact with an e-mail, a Catalan sponsor. */
const NCT = 'NCT03475563';
const TITLE = 'BiOSS Study (BiOSS LIM C Stent Registry in Bifurcated Lesions)';
let studyPath = '';

const dialog = (on: Page) => on.getByRole('dialog');
const reviewRow = (on: Page, field: string) => on.getByTestId(`review-${field}`);
/** The study form's Title (its label is the form item's; the list's column is labelled Title too). */
const titleField = (on: Page) => on.locator('input#title');

/** Opens the list's import dialog and reviews `nctId` typed in it. */
async function reviewNumber(on: Page, nctId: string): Promise<void> {
  await on.goto('/app/studies');
  await on.getByTestId('studies-import').click();
  await on.getByTestId('import-nct').fill(nctId);
  await on.getByTestId('import-review-start').click();
  await shown(on.getByTestId('import-review'));
}

beforeAll(async () => {
  // bypassCSP: axe-core is injected as a script (the app's policy allows only its own).
  page = await newPage(browser(), { bypassCSP: true });
  await signIn(page, EDITOR);
});

describe('import from ClinicalTrials.gov', () => {
  it('imports a study by its NCT number after its review; its screen links to the registry', async () => {
    await page.goto('/app/studies');
    await page.getByTestId('studies-import').click();
    await shown(dialog(page));
    // Checked as it is typed, nothing sent.
    await page.getByTestId('import-nct').fill('NCT0347556');
    await shown(dialog(page).getByText('Enter an NCT number: NCT followed by 8 digits, such as NCT01234567'));
    await page.getByTestId('import-nct').fill(NCT.toLowerCase());
    await page.getByTestId('import-review-start').click();

    await shown(page.getByTestId('import-review'));
    await shown(dialog(page).getByText(`A new study will be created from ${NCT}.`));
    await textBecomes(reviewRow(page, 'title').locator('td').nth(1), TITLE);
    await textBecomes(reviewRow(page, 'registryStatus').locator('td').nth(1), 'Unknown status');
    await textBecomes(reviewRow(page, 'status').locator('td').nth(1), 'Unknown');
    await textBecomes(
      reviewRow(page, 'contactId').locator('td').nth(1),
      /<iotaegui@vhebron\.net> \((new|existing) contact\)$/,
    );
    expect(await reviewRow(page, 'inclusionCriteria').getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('review-changed').count()).toBe(0);
    expect(await axeSerious(page, 'registry review (new study)')).toEqual([]);

    await page.getByTestId('import-save').click();
    await shown(page.getByText(`Study ${NCT} imported.`));
    await page.waitForURL(/\/app\/studies\/[\w-]+$/);
    studyPath = new URL(page.url()).pathname;
    const panel = page.getByTestId('registry-panel');
    await shown(panel);
    const link = panel.getByRole('link', { name: `${NCT} on ClinicalTrials.gov (opens in a new tab)` });
    expect(await link.getAttribute('href')).toBe(`https://clinicaltrials.gov/study/${NCT}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await textBecomes(panel.getByTestId('registry-status'), 'Unknown status');
    await shown(panel.getByText('November 2019'));
    await expect.poll(() => titleField(page).inputValue()).toBe(TITLE);
  });

  it('refreshes an edited study from the registry: the review marks Title changed, the save brings it back', async () => {
    await titleField(page).fill(`${TITLE} (edited here)`);
    await page.getByTestId('form-submit').click();
    await shown(page.getByText('Study updated'));
    await page.waitForURL((url) => url.pathname === '/app/studies');
    await page.goto(studyPath);
    await expect.poll(() => titleField(page).inputValue()).toBe(`${TITLE} (edited here)`);

    await page.getByTestId('registry-refresh').click();
    await shown(page.getByTestId('import-review'));
    await shown(dialog(page).getByText('This study was imported before: 1 field differs from the registry.'));
    const title = reviewRow(page, 'title');
    expect(await title.getAttribute('data-changed')).toBe('true');
    await textBecomes(title.locator('td').first(), 'TitleChanged');
    await textBecomes(title.locator('td').nth(1), `${TITLE} (edited here)`);
    await textBecomes(title.locator('td').nth(2), TITLE);
    expect(await page.getByTestId('review-changed').count()).toBe(1);
    // Tall enough for the whole dialog (it scrolls with the window, not with the page).
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'registry-refresh-review');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('import-save').click();
    await shown(page.getByText(`Study ${NCT} updated from the registry.`));
    // The screen stays, and shows the study as saved.
    expect(new URL(page.url()).pathname).toBe(studyPath);
    await expect.poll(() => titleField(page).inputValue()).toBe(TITLE);
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it('imports a pasted list in turn: progress to the end, a result per line, an unknown and a malformed number apart', async () => {
    await page.goto('/app/studies');
    await page.getByTestId('studies-import').click();
    await dialog(page).getByRole('tab', { name: 'Paste a list' }).click();
    // Recorded (two never imported, one seeded by import), recorded nowhere, malformed, and a duplicate.
    await page.getByTestId('batch-text').fill('NCT05594173, NCT03934567\nNCT03281889 NCT00000000\nNCT123 nct05594173');
    await shown(dialog(page).getByText('4 numbers to import'));
    await textBecomes(page.getByTestId('batch-malformed'), /NCT123$/);
    await page.getByTestId('batch-import-all').click();

    await textBecomes(
      page.getByTestId('batch-summary'),
      /^Imported 4 of 4 · 2 created, \d updated, \d unchanged, 1 failed$/,
    );
    await expect.poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const line = (nctId: string) => page.getByTestId(`batch-line-${nctId}`);
    for (const nctId of ['NCT05594173', 'NCT03934567']) await shown(line(nctId).getByRole('link', { name: 'Created' }));
    await textBecomes(line('NCT03281889'), /^NCT03281889\s*(Unchanged|Updated: \d+ fields? changed)$/);
    await textBecomes(
      line('NCT00000000'),
      'NCT00000000 ClinicalTrials.gov has no study NCT00000000. Check the NCT number.',
    );
    await shown(page.getByTestId('batch-retry'));
    expect(await page.locator('[data-testid^="batch-line-"]').count()).toBe(4);

    // The list behind found them: searched by NCT number.
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('list-search').locator('input').fill('NCT03934567');
    await textBecomes(listTotal(page), 'Showing 1 to 1 of 1 entries');
    await textBecomes(tableRows(page).first().locator('td').first(), /Abexinostat/);
  });

  it('stops a pasted list after the number being imported, and imports the rest when asked', async () => {
    await page.goto('/app/studies');
    await page.getByTestId('studies-import').click();
    await dialog(page).getByRole('tab', { name: 'Paste a list' }).click();
    // Numbers the registry has no study for: each is one call to the end, and a fast one.
    const numbers = Array.from({ length: 50 }, (_, i) => `NCT0000${String(1000 + i)}`);
    await page.getByTestId('batch-text').fill(numbers.join(' '));
    await page.getByTestId('batch-import-all').click();
    await expect
      .poll(() => page.getByTestId(`batch-line-${numbers[0]}`).getAttribute('data-state'))
      .not.toBe('waiting');
    await page.getByTestId('batch-stop').click();

    await textBecomes(page.getByTestId('batch-summary'), /· \d+ not imported \(stopped\)$/);
    const stopped = await page.locator('[data-testid^="batch-line-"][data-state="stopped"]').count();
    expect(stopped).toBeGreaterThan(0);
    expect(await page.locator('[data-testid^="batch-line-"][data-state="failed"]').count()).toBe(50 - stopped);
    await textBecomes(page.getByTestId('batch-continue'), `Import the rest (${stopped})`);

    await page.getByTestId('batch-continue').click();
    await textBecomes(
      page.getByTestId('batch-summary'),
      'Imported 50 of 50 · 0 created, 0 updated, 0 unchanged, 50 failed',
    );
    expect(await page.getByTestId('batch-continue').count()).toBe(0);
  });
});

type Mode = 'light' | 'dark';

/**
 * An Admin's page 800 px wide in the theme and language asked for (as the theme toggle and the language menu store
 * them); tall, so that a screenshot holds the whole dialog (it scrolls with the window, not with the page).
 */
async function narrowPage(mode: Mode, language: 'en' | 'fr'): Promise<Page> {
  const narrow = await newPage(browser(), { viewport: { width: 800, height: 2000 } });
  await narrow.addInitScript((chosen) => {
    localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: chosen, primaryColor: '#3e5eff' }));
  }, mode);
  await signIn(narrow, ADMIN);
  await narrow.evaluate((chosen) => localStorage.setItem('i18nextLng', chosen), language);
  return narrow;
}

describe('the review and the study screen at 800 px', () => {
  it.each([
    ['light', 'en'],
    ['dark', 'fr'],
  ] as const)('%s, %s', async (mode, language) => {
    const narrow = await narrowPage(mode, language);
    // A new study's review (a dry run: nothing is written).
    await reviewNumber(narrow, 'NCT04207047');
    await screenshot(narrow, `registry-review-new-800-${mode}-${language}`);
    // An imported study's screen, then its refresh's review beside it.
    await narrow.goto(studyPath);
    await shown(narrow.getByTestId('registry-panel'));
    await expect.poll(() => titleField(narrow).inputValue()).toBe(TITLE);
    await screenshot(narrow, `registry-study-800-${mode}-${language}`);
    await narrow.getByTestId('registry-refresh').click();
    await shown(narrow.getByTestId('import-review'));
    await screenshot(narrow, `registry-review-refresh-800-${mode}-${language}`);
    await narrow.context().close();
  });
});
