// The study team's side of a portal referral, in the browser against the whole stack: the demo referrer refers a
// patient through referrals-create; an Editor reads the Referrer panel on the reference screen, triages it with the
// referrer's answers beside each criterion and accepts with a message, which the decided reference then shows; an
// Admin finds the referral's and the decision's messages in the mail queue. Each screen is screenshotted at 800 and
// 1440 px, light in English and dark in French.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criteriaLines, type Referral, type ReferralStudy } from '@trialdesk/shared';
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
  textBecomes,
  UI_WAIT_MS,
  uniqueWord,
  useBrowser,
} from '../src/harness.js';

/** The demo referring clinician (role User, approved): the referral portal's account. */
const REFERRER = 'user@trialdesk.test';
const MESSAGE = 'Thank you: she fits the study.\nOur coordinator will call her this week.';

const browser = useBrowser();
let referrer: Client;
let study: ReferralStudy;
let referral: Referral;

type Mode = 'light' | 'dark';
type Language = 'en' | 'fr';

/** A page of `email` as wide as `width`, in the theme and language asked for (as the toggle and the switch store them). */
async function pageAs(email: string, width: number, mode: Mode, language: Language): Promise<Page> {
  // bypassCSP: axe-core is injected as a script (the app's policy allows only its own).
  const page = await newPage(browser(), { viewport: { width, height: 900 }, bypassCSP: true });
  await page.addInitScript((chosen) => {
    localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: chosen, primaryColor: '#3e5eff' }));
  }, mode);
  // Signed in in English (the login form's labels), the language chosen for the pages opened next.
  await signIn(page, email);
  await page.evaluate((chosen) => localStorage.setItem('i18nextLng', chosen), language);
  return page;
}

const VIEWS = [
  [800, 'light', 'en'],
  [800, 'dark', 'fr'],
  [1440, 'light', 'en'],
  [1440, 'dark', 'fr'],
] as const;

beforeAll(async () => {
  referrer = await signedInClient(env.urls, env.projectId, REFERRER, DEMO_PASSWORD);
  const studies = await referrer.call('referrals-studies', { page: 1, pageSize: 100 });
  const fits = studies.items.find(
    (item) => criteriaLines(item.inclusionCriteria).length >= 2 && criteriaLines(item.exclusionCriteria).length >= 1,
  );
  if (!fits) throw new Error('no recruiting study with inclusion and exclusion criteria among the demo data');
  study = fits;
  const inclusion = criteriaLines(study.inclusionCriteria).slice(0, 200);
  const exclusion = criteriaLines(study.exclusionCriteria).slice(0, 200);
  referral = await referrer.call('referrals-create', {
    studyId: study.id,
    patientId: uniqueWord('PT').toUpperCase(),
    birthYear: 1961,
    sex: 'female',
    // What the referrer knew: the first inclusion met, the rest unknown; no exclusion applies.
    checklist: {
      inclusion: inclusion.map((_, i) => (i === 0 ? 'met' : 'unknown')),
      exclusion: exclusion.map(() => 'notMet'),
    },
    note: 'Diagnosed in March.\nPrefers morning calls.',
    consentToContact: true,
    phone: '514 555-0199',
  });
});

afterAll(async () => {
  await referrer?.close();
});

describe("a portal referral on the study team's screens", () => {
  it('the reference screen shows the referrer: facts, contact links and their answers', async () => {
    const page = await pageAs(EDITOR, 1440, 'light', 'en');
    await page.goto(`/app/references/${referral.id}`);
    const panel = page.getByTestId('reference-referrer');
    await shown(panel);
    await shown(panel.getByTestId('portal-tag'));
    expect(await panel.getByRole('link', { name: '514 555-0199' }).getAttribute('href')).toBe('tel:5145550199');
    expect(await panel.getByRole('link', { name: REFERRER }).getAttribute('href')).toBe(`mailto:${REFERRER}`);
    await shown(panel.getByText('Female'));
    await shown(panel.getByText('The patient agreed to be contacted by the study team'));
    await shown(panel.getByTestId('referrer-inclusion'));
    expect(await axeSerious(page, 'reference screen, portal referral')).toEqual([]);
    await page.context().close();
  });

  it.each(VIEWS)('the reference screen at %i px, %s, %s', async (width, mode, language) => {
    const page = await pageAs(EDITOR, width, mode, language);
    await page.goto(`/app/references/${referral.id}`);
    await shown(page.getByTestId('reference-referrer'));
    await shown(page.getByTestId('referrer-exclusion'));
    await shown(page.getByTestId('history-sentence').first());
    await screenshot(page, `referral-reference-${width}-${mode}-${language}`);
    await page.context().close();
  });

  it.each(VIEWS)('triage with the referrer’s answers at %i px, %s, %s', async (width, mode, language) => {
    const page = await pageAs(EDITOR, width, mode, language);
    await openInTriage(page);
    await shown(page.getByTestId('use-referrer-answers'));
    await screenshot(page, `referral-triage-${width}-${mode}-${language}`);
    await page.context().close();
  });

  it('triage: the referrer’s answers beside the criteria, taken over, and Accept with a message to the referrer', async () => {
    const page = await pageAs(EDITOR, 1440, 'light', 'en');
    await openInTriage(page);
    const facts = page.getByTestId('triage-facts');
    await shown(facts.getByTestId('portal-tag'));
    await textBecomes(page.getByTestId('criterion-inclusion-0').getByTestId('referrer-answer'), 'Referrer:Met');
    await textBecomes(page.getByTestId('criterion-exclusion-0').getByTestId('referrer-answer'), 'Referrer:Not met');
    await page.getByTestId('use-referrer-answers').click();
    expect(await axeSerious(page, 'triage, portal referral')).toEqual([]);
    await page.getByTestId('triage-accept').click();
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByTestId('decision-message'));
    await dialog.getByTestId('decision-message').fill(MESSAGE);
    await screenshot(page, 'referral-accept-dialog-1440-light-en');
    expect(await axeSerious(page, 'accept dialog with a message')).toEqual([]);
    await dialog.getByTestId('accept-submit').click();
    await shown(page.getByText(`Reference ${referral.patientIdMasked} accepted`));

    await page.goto(`/app/references/${referral.id}`);
    const decision = page.getByTestId('reference-decision');
    await textBecomes(decision.getByTestId('decision-message'), MESSAGE);
    await shown(decision.getByRole('columnheader', { name: 'Referrer’s answer' }).first());
    await shown(page.getByTestId('history-triage'));
    await screenshot(page, 'referral-decided-1440-light-en');
    await page.context().close();
  });

  it.each(VIEWS)('the mail queue at %i px, %s, %s', async (width, mode, language) => {
    const page = await pageAs(ADMIN, width, mode, language);
    await page.goto('/app/mail');
    const subject = new RegExp(referral.patientIdMasked.replace(/\*/g, '\\*'));
    // The referral's message to the study's contact (and followers), and the decision's to the referrer.
    await shown(page.getByText(subject).first());
    await screenshot(page, `referral-mail-${width}-${mode}-${language}`);
    if (width === 1440 && language === 'en') expect(await axeSerious(page, 'mail queue')).toEqual([]);
    await page.context().close();
  });
});

/** The study's triage queue, skipped along until this test's referral is the one open. */
async function openInTriage(page: Page): Promise<void> {
  await page.goto(`/app/references/triage?${new URLSearchParams({ study: study.id })}`);
  for (let skips = 0; skips < 100; skips += 1) {
    await shown(page.getByTestId('criterion-inclusion-0'));
    const shownNow = (await page.getByTestId('triage-facts').textContent()) ?? '';
    if (shownNow.includes(referral.patientIdMasked)) return;
    await page.getByTestId('triage-skip').click();
    // The next referral is open once its facts differ.
    await expect.poll(() => page.getByTestId('triage-facts').textContent(), { timeout: UI_WAIT_MS }).not.toBe(shownNow);
  }
  throw new Error(`the referral ${referral.patientIdMasked} never opened in triage`);
}
