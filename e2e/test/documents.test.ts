// The document library and pictures through the UI as the Admin: upload with its progress, download, a second
// version, delete through the confirmation; a picture changed in Settings shows in the top bar; axe-core.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPicture } from '@trialdesk/scripts/seed-documents';
import {
  ADMIN,
  axeSerious,
  useBrowser,
  EDITOR,
  newPage,
  PENDING,
  screenshot,
  shown,
  signIn,
  textBecomes,
  UI_WAIT_MS,
  uniqueWord,
  userRow,
} from '../src/harness.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  // bypassCSP: axe-core is injected as a script (the app's policy allows only its own).
  page = await newPage(browser(), { acceptDownloads: true, bypassCSP: true });
  await signIn(page, ADMIN);
});

/** A PDF of about `size` bytes (the server reads the %PDF- signature; the rest is a comment). */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.alloc(size, 0x41), Buffer.from('\n%%EOF\n')]);

const row = (name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });

async function moreAction(name: string, action: string) {
  await row(name)
    .getByRole('button', { name: `Actions: ${name}` })
    .click();
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

describe('file manager', () => {
  it('uploads with progress, downloads, adds a second version and deletes after the confirmation', async () => {
    await page.goto('/apps/file-manager');
    await shown(page.getByRole('heading', { name: 'File manager' }));
    await page.getByRole('link', { name: 'Open General' }).click();
    await page.waitForURL(/folder=general/);
    await shown(page.getByText('SOP referral triage'));
    expect(await axeSerious(page, 'file manager (General)')).toEqual([]);

    const name = uniqueWord('Delegation log');
    // A slow link, so the progress bar is there to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 50 * 1024 * 1024,
      uploadThroughput: 400 * 1024,
    });
    await page
      .getByTestId('document-drop')
      .locator('input[type=file]')
      .setInputFiles([{ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(1_500_000) }]);
    await shown(page.getByRole('progressbar', { name: `Uploading ${name}.pdf` }));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await shown(page.getByText(`${name} added`));
    await textBecomes(row(name).locator('td').nth(3), '1');
    await screenshot(page, 'file-manager-general');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row(name)
        .getByRole('button', { name: `Download ${name}` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name}.pdf`);

    await moreAction(name, 'New version');
    await page.getByTestId('document-version-input').setInputFiles({
      name: 'amended.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(2_000),
    });
    await shown(page.getByText(`Version 2 of ${name} added`));
    await textBecomes(row(name).locator('td').nth(3), '2');
    await moreAction(name, 'Versions');
    const drawer = page.locator('.ant-drawer:visible');
    await shown(drawer.getByText('Version 2'));
    await shown(drawer.getByText('Version 1'));
    await drawer.getByRole('button', { name: 'Close' }).click();

    await moreAction(name, 'Delete');
    await page.getByTestId('confirm-delete').click();
    await shown(page.getByText(`${name} deleted`));
    await expect.poll(() => row(name).count(), { timeout: UI_WAIT_MS }).toBe(0);
  });

  it("shows a study's documents on its edit screen", async () => {
    await page.goto('/app/studies?status=Recruiting');
    await page.locator('[data-testid="list-table"] tbody tr.ant-table-row').first().getByRole('link').first().click();
    await page.waitForURL(/\/app\/studies\/[\w-]+$/);
    const card = page.locator('.ant-card').filter({ has: page.locator('#study-documents') });
    await shown(card.getByTestId('document-drop'));
    await shown(card.getByRole('status').filter({ hasText: /\d+ documents?/ }));
    await screenshot(page, 'study-edit-documents');
  });

  it('in French and dark, at 800 px: the folders, then General in the grid view', async () => {
    const narrow = await newPage(browser(), { viewport: { width: 800, height: 900 }, bypassCSP: true });
    await narrow.addInitScript(() => {
      localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: 'dark', primaryColor: '#3e5eff' }));
    });
    await signIn(narrow, EDITOR);
    await narrow.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await narrow.goto('/apps/file-manager');
    await shown(narrow.getByRole('link', { name: 'Ouvrir Général' }));
    await screenshot(narrow, 'file-manager-folders-800-dark-fr');
    await narrow.getByRole('link', { name: 'Ouvrir Général' }).click();
    await shown(narrow.getByText('SOP referral triage').first());
    await narrow.getByText('Grille', { exact: true }).click();
    await shown(narrow.getByRole('listitem').first());
    await screenshot(narrow, 'file-manager-general-grid-800-dark-fr');
    expect((await axeSerious(narrow, 'file manager (fr, dark, grid)')).map((v) => `${v.impact} ${v.id}`)).toEqual([]);
    await narrow.context().close();
  });
});

/**
 * Saves the crop dialog's picture once its image is drawn: a Save before that (a busy machine's first seconds) would
 * crop nothing.
 */
async function saveCrop(target: Page): Promise<void> {
  const crop = target.locator('.ant-modal:visible');
  await shown(crop.getByText('Crop the picture'));
  const image = crop.locator('img').first();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: UI_WAIT_MS,
    })
    .toBe(true);
  await crop.getByRole('button', { name: 'Save' }).click();
}

describe('pictures', () => {
  it('a picture chosen and cropped in Settings becomes the avatar in the top bar', async () => {
    await page.goto('/app/settings');
    await shown(page.getByTestId('picture-field'));
    const chooser = page.getByTestId('picture-field').locator('input[type=file]');
    await chooser.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(demoPicture([20, 120, 200], [200, 40, 90])),
    });
    await saveCrop(page);
    await shown(page.getByText('Picture saved'));
    const avatar = page.getByTestId('user-menu').locator('img');
    await expect.poll(() => avatar.getAttribute('src'), { timeout: UI_WAIT_MS }).toMatch(/pictures%2F/);
    await screenshot(page, 'settings-picture');
  });

  it("an Admin sets another person's picture in the user form; the users list shows it", async () => {
    const row = await userRow(page, 'pending', PENDING);
    const edit = await row.locator('a[href^="/app/users/"]').first().getAttribute('href');
    await page.goto(edit!);
    await shown(page.getByTestId('picture-field'));
    await page
      .getByTestId('picture-field')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'p.png',
        mimeType: 'image/png',
        buffer: Buffer.from(demoPicture([90, 160, 60], [20, 60, 140])),
      });
    await saveCrop(page);
    await shown(page.getByText('Picture saved'));
    await screenshot(page, 'user-form-picture');
    const listed = await userRow(page, 'pending', PENDING);
    await expect
      .poll(() => listed.locator('img').first().getAttribute('src'), { timeout: UI_WAIT_MS })
      .toMatch(/pictures%2F/);
  });
});
