// The referral portal as a referring clinician sees it: signed up on a phone (390 px), asking for access with their
// organisation, approved by an Admin, referring a patient to a seeded recruiting study and finding the referral in My
// referrals; every screen fits a phone without sideways scrolling and is axe-clean, and is screenshotted at 390 and
// 1440 px, light and dark, English and French. Staff opening the portal, and the referrer opening the back office,
// are each sent to their own.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPatientId } from '@trialdesk/shared';
import { signedInClient, type Client } from '@trialdesk/scripts/client';
import {
  ADMIN,
  axeSerious,
  DEMO_PASSWORD,
  EDITOR,
  env,
  newPage,
  screenshot,
  shown,
  signIn,
  submitLogin,
  textBecomes,
  uniqueWord,
  useBrowser,
} from '../src/harness.js';

const browser = useBrowser();
// bypassCSP: axe-core is injected as a script (the app's policy allows only its own).
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
const WIDE = { viewport: { width: 1440, height: 900 }, bypassCSP: true };

const word = uniqueWord('portal');
const email = `${word}@clinique-des-pins.test`;
const password = 'e2e-portal-1';
/** A seeded recruiting study (scripts/seed-data.ts), found by a word of its title. */
const STUDY = 'Early Cardiac Rehabilitation After Acute Myocardial Infarction (EARLY-REHAB)';
const patientId = `PINS-${String(Date.now()).slice(-9)}`;
const masked = maskPatientId(patientId);

let admin: Client;
beforeAll(async () => {
  admin = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
});
afterAll(async () => {
  await admin?.close();
});

/** The page is no wider than its window: nothing scrolls sideways. */
async function fitsWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page ${page.url()} is ${widths[0]} px wide in a ${widths[1]} px window`).toBeLessThanOrEqual(
    widths[1],
  );
}

/** Checks what a screen must be (fits, axe-clean), then saves it. */
async function capture(page: Page, name: string): Promise<void> {
  await fitsWidth(page);
  expect(await axeSerious(page, name)).toEqual([]);
  await screenshot(page, name);
}

/** Switches the portal's language and theme with its own controls. */
async function switchTo(page: Page, language: 'EN' | 'FR', dark: boolean): Promise<void> {
  await page.getByTestId('language-switch').getByRole('button', { name: language, exact: true }).click();
  const toggle = page.getByTestId('theme-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(String(dark));
}

describe('the referral portal', () => {
  let referrer: Page;

  it('signs up at 390 px and asks to refer patients, with the organisation required', async () => {
    referrer = await newPage(browser(), PHONE);
    await referrer.goto('/refer/login');
    await shown(referrer.getByRole('heading', { name: 'Refer a patient to a study' }));
    await capture(referrer, 'portal-login-390-light-en');
    await referrer.getByTestId('show-signup').click();
    const form = referrer.getByTestId('signup-form');
    await form.getByLabel('Full name').fill('Léa Pinsonneault');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await capture(referrer, 'portal-signup-390-light-en');
    await referrer.getByTestId('signup-submit').click();

    const request = referrer.getByTestId('access-request');
    await shown(request.getByText(email));
    await shown(request.getByText('Léa Pinsonneault'));
    await referrer.getByTestId('request-submit').click();
    await shown(request.getByText('This field is required'));
    await capture(referrer, 'portal-request-390-light-en');
    await request.getByLabel('Organisation (clinic, hospital, practice)').fill('Clinique des Pins');
    await referrer.getByTestId('request-submit').click();
    await shown(referrer.getByTestId('portal-waiting'));
    await capture(referrer, 'portal-waiting-390-light-en');

    // Back later, still pending: the same wait, not the form again.
    await referrer.getByRole('button', { name: 'Back to sign in' }).click();
    await submitLogin(referrer, email, password);
    await shown(referrer.getByTestId('portal-waiting'));
  });

  it('is approved by an Admin, as a referrer with the organisation and language it gave', async () => {
    const { items } = await admin.call('users-list', { search: word, page: 1, pageSize: 20 });
    expect(items.map((user) => [user.email, user.role, user.status, user.organisation, user.language])).toEqual([
      [email, 'User', 'PendingUser', 'Clinique des Pins', 'en'],
    ]);
    await admin.call('users-approve', { id: items[0].id, version: items[0].version });
  });

  it('refers a patient to a recruiting study from the phone, and finds it in My referrals', async () => {
    await referrer.getByRole('button', { name: 'Back to sign in' }).click();
    await submitLogin(referrer, email, password);
    await shown(referrer.getByRole('heading', { level: 1, name: 'Recruiting studies' }));
    await textBecomes(referrer.getByTestId('portal-user'), 'Léa Pinsonneault');
    await referrer.getByLabel('Search the recruiting studies').fill('rehabilitation');
    const card = referrer.getByTestId('study-card').filter({ hasText: STUDY });
    await shown(card);
    await capture(referrer, 'portal-studies-390-light-en');

    await card.getByTestId('refer-patient').click();
    const form = referrer.getByTestId('refer-form');
    await shown(form);
    await referrer.getByTestId('refer-submit').click();
    await shown(form.getByText('Confirm that the patient agreed to be contacted by the study team'));
    await form.getByLabel('Patient identifier').fill(patientId);
    await form.getByLabel('Year of birth').fill('1957');
    await form.getByText('Male', { exact: true }).click();
    await form.getByTestId('checklist-inclusion-0').getByText('Met', { exact: true }).click();
    await form.getByLabel('Note to the study team (optional)').fill('Second infarction ruled out.\nWalks daily.');
    await form.getByLabel('Your phone number').fill('450 555-0188');
    await form.getByTestId('consent').click();
    await capture(referrer, 'portal-refer-390-light-en');
    await referrer.getByTestId('refer-submit').click();
    await textBecomes(
      referrer.getByTestId('referral-sent-text'),
      `The study team received your referral of patient ${masked}. You will see their decision in My referrals.`,
    );
    // The identifier typed is nowhere in the address or what the page keeps.
    expect(referrer.url()).not.toContain(patientId);
    const stored = await referrer.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(patientId);
    await capture(referrer, 'portal-sent-390-light-en');

    await referrer.getByTestId('to-referrals').click();
    const row = referrer.getByTestId('list-card').filter({ hasText: masked });
    await shown(row);
    await textBecomes(row.getByTestId('referral-status'), 'Received');
    await shown(row.getByText(STUDY));
    await capture(referrer, 'portal-referrals-390-light-en');

    // The same screens in the other theme and language.
    await switchTo(referrer, 'FR', true);
    await textBecomes(row.getByTestId('referral-status'), 'Reçue');
    await capture(referrer, 'portal-referrals-390-dark-fr');
    await referrer.goto(`/refer?search=rehabilitation`);
    await shown(referrer.getByRole('heading', { level: 1, name: 'Études qui recrutent' }));
    await shown(referrer.getByTestId('study-card').filter({ hasText: STUDY }));
    await capture(referrer, 'portal-studies-390-dark-fr');
    await referrer.getByTestId('study-card').filter({ hasText: STUDY }).getByTestId('refer-patient').click();
    await shown(referrer.getByTestId('refer-form'));
    await capture(referrer, 'portal-refer-390-dark-fr');
  });

  it('shows the same at 1440 px: the studies side by side, My referrals as a table', async () => {
    const wide = await newPage(browser(), WIDE);
    await wide.goto('/refer/login');
    await submitLogin(wide, email, password);
    await shown(wide.getByTestId('study-card').first());
    await capture(wide, 'portal-studies-1440-light-en');
    await wide.getByTestId('study-card').filter({ hasText: STUDY }).getByTestId('refer-patient').click();
    await shown(wide.getByTestId('refer-form'));
    await capture(wide, 'portal-refer-1440-light-en');
    await wide.getByRole('navigation', { name: 'Referral portal' }).getByRole('link', { name: 'My referrals' }).click();
    const row = wide.locator('[data-testid="list-table"] tbody tr.ant-table-row').filter({ hasText: masked });
    await shown(row);
    await textBecomes(row.getByTestId('referral-status'), 'Received');
    await capture(wide, 'portal-referrals-1440-light-en');

    await switchTo(wide, 'FR', true);
    await textBecomes(row.getByTestId('referral-status'), 'Reçue');
    await capture(wide, 'portal-referrals-1440-dark-fr');
    await wide
      .getByRole('navigation', { name: 'Portail de référence' })
      .getByRole('link', { name: 'Études qui recrutent' })
      .click();
    await shown(wide.getByTestId('study-card').first());
    await capture(wide, 'portal-studies-1440-dark-fr');

    // The back office is the study teams': the referrer is pointed back here.
    await wide.goto('/app/studies');
    await shown(wide.getByTestId('referrer-refused'));
    await capture(wide, 'portal-backoffice-refusal-1440-dark-fr');
    await wide.getByTestId('open-portal').click();
    await shown(wide.getByTestId('study-card').first());
    await wide.context().close();
    await referrer.context().close();
  });

  it('refuses staff with the way to the back office, which opens for them', async () => {
    const editor = await newPage(browser(), PHONE);
    await signIn(editor, EDITOR);
    await editor.goto('/refer');
    await shown(editor.getByTestId('staff-refused'));
    await capture(editor, 'portal-staff-refusal-390-light-en');
    await editor.getByTestId('open-back-office').click();
    await editor.getByTestId('user-menu').waitFor();
    await editor.context().close();
  });
});
