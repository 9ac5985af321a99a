// Dialogs and the keyboard in the browser: a dialog opens on its first field (Rename: the name), Enter there saves,
// and a confirmation of a deletion opens on Cancel (an Enter out of habit deletes nothing); never on the close button.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPage, shown, signIn, useBrowser } from '../src/harness.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await newPage(browser());
  await signIn(page, ADMIN);
});
afterAll(async () => {
  await page.context().close();
});

/** What has the keyboard focus: its tag, type or role, label and test id. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      id: el?.id ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      inFooter: !!el?.closest('.ant-modal-footer, .ant-modal-confirm-btns'),
      isClose: !!el?.closest('.ant-modal-close'),
    };
  });

const row = (name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });

async function menuAction(name: string, action: string) {
  await row(name)
    .getByRole('button', { name: `Actions: ${name}` })
    .click();
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

/** Renames `from` to `to` with the keyboard only: the dialog opens on the name, Enter saves. */
async function renameByKeyboard(from: string, to: string) {
  await menuAction(from, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename or recategorise' });
  await shown(dialog);
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
  expect((await focused()).isClose).toBe(false);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  await shown(page.locator('.ant-message-notice').filter({ hasText: 'Document saved' }));
  await dialog.waitFor({ state: 'hidden' });
  await shown(row(to));
}

describe('dialogs', () => {
  it('Rename opens on the name and saves on Enter', async () => {
    await page.goto('/apps/file-manager?folder=general');
    await shown(row('SOP referral triage'));
    await renameByKeyboard('SOP referral triage', 'SOP referral triage (keyboard)');
    // Back as the seed named it, the same way.
    await renameByKeyboard('SOP referral triage (keyboard)', 'SOP referral triage');
  });

  it("a deletion's confirmation opens on Cancel, and Enter there deletes nothing", async () => {
    await page.goto('/apps/file-manager?folder=general');
    await shown(row('SOP referral triage'));
    await menuAction('SOP referral triage', 'Delete');
    await shown(page.getByTestId('confirm-delete'));
    await expect.poll(async () => (await focused()).label).toBe('Cancel');
    expect((await focused()).inFooter).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-delete').waitFor({ state: 'hidden' });
    await shown(row('SOP referral triage'));
  });

  it("the showcase's form dialog opens on its field and sends once on Enter", async () => {
    await page.goto('/ui/components/modal');
    await page.getByRole('button', { name: 'Invite a study contact' }).click();
    const dialog = page.getByRole('dialog');
    await shown(dialog);
    const email = dialog.getByRole('textbox');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('ana@example.org');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const sent = page.locator('.ant-message-notice').filter({ hasText: 'ana@example.org' });
    await shown(sent);
    expect(await sent.count()).toBe(1);
  });
});
