// A referral from outside the study team, end to end: a clinician signs up on the portal at 390 px and asks to refer
// patients, an Admin approves them on the users list, they refer a patient from their phone; the study's contact
// receives the e-mail (maildev's inbox: the masked identifier, never the raw one); the coordinator accepts it on the
// triage screen with a message; the referrer reads the status and the message in My referrals and by e-mail.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPatientId, normalizePatientId, type Study } from '@trialdesk/shared';
import { signedInClient, type Client } from '@trialdesk/scripts/client';
import {
  ADMIN,
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
  userRow,
} from '../src/harness.js';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const word = uniqueWord('referrer');
const email = `${word}@clinique-du-lac.test`;
const password = 'e2e-referrer-1';
const contactEmail = `${uniqueWord('contact')}@hopital.test`;
/** The identifier as the clinic knows the patient: only its mask may leave the form. */
const patientId = `LACP ${String(Date.now()).slice(-8, -4)} ${String(Date.now()).slice(-4)}`;
const masked = maskPatientId(patientId);
const message = 'Thank you, Dr Lac. We will call the patient on Monday to book the screening visit.';

let admin: Client;
let study: Study;

beforeAll(async () => {
  // A recruiting study of this file's own whose contact's inbox only this file writes to.
  admin = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
  const contact = await admin.call('studyContacts-create', {
    firstName: 'Hélène',
    lastName: 'Lac',
    email: contactEmail,
    phoneNumber: '819 555-0171',
    isTrialContact: true,
  });
  study = await admin.call('studies-create', {
    title: uniqueWord('Portal study '),
    specialty: 'Cardiology',
    status: 'Recruiting',
    contactId: contact.id,
    summary: 'Home-based cardiac rehabilitation after a first infarction.',
    inclusionCriteria: '- Adults 40 to 80\n- First myocardial infarction',
    exclusionCriteria: '- Heart failure NYHA IV',
  });
});
afterAll(async () => {
  await admin?.close();
});

interface InboxMessage {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** What maildev received for `address` (its REST API). */
async function inbox(address: string): Promise<InboxMessage[]> {
  const all = (await (await fetch(`${env.urls.mail}/email`)).json()) as InboxMessage[];
  return all.filter((m) => m.to.some((to) => to.address === address));
}

/** A message's whole text (subject, plain text, HTML), without case or separators: as identifiers are compared. */
const bare = (m: InboxMessage) => normalizePatientId(`${m.subject} ${m.text} ${m.html}`);

/** Signs in on the portal's login page (the shared sign-in form). */
async function portalSignIn(page: Page): Promise<void> {
  await page.goto('/refer/login');
  await submitLogin(page, email, password);
}

describe('a referral from an outside clinician', () => {
  let referrer: Page;

  it('signs up on the portal at 390 px and asks to refer patients', async () => {
    referrer = await newPage(browser(), PHONE);
    await referrer.goto('/refer/login');
    await referrer.getByTestId('show-signup').click();
    const form = referrer.getByTestId('signup-form');
    await form.getByLabel('Full name').fill('Camille Lac');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await screenshot(referrer, 'portal-signup-390');
    await referrer.getByTestId('signup-submit').click();
    const request = referrer.getByTestId('access-request');
    await shown(request.getByText(email));
    await request.getByLabel('Organisation (clinic, hospital, practice)').fill('Clinique du Lac');
    await referrer.getByTestId('request-submit').click();
    await shown(referrer.getByTestId('portal-waiting'));
    await screenshot(referrer, 'portal-waiting-390');
  });

  it('is approved by an Admin on the users list', async () => {
    const page = await newPage(browser());
    await signIn(page, ADMIN);
    const row = await userRow(page, word, email);
    await shown(row.getByText('Clinique du Lac'));
    await row.getByRole('button', { name: 'Approve' }).click();
    // A password account whose address nobody verified: a dialog warns first.
    await page.getByRole('dialog').getByRole('button', { name: 'Approve anyway' }).click();
    await shown(page.getByText('User approved'));
    await page.context().close();
    // The referrer is told by e-mail.
    await expect.poll(async () => (await inbox(email)).length).toBe(1);
  });

  it('refers a patient from a phone; the study’s contact is mailed the masked identifier only', async () => {
    await referrer.getByRole('button', { name: 'Back to sign in' }).click();
    await portalSignIn(referrer);
    await referrer.getByLabel('Search the recruiting studies').fill(study.title.split(' ').at(-1)!);
    const card = referrer.getByTestId('study-card').filter({ hasText: study.title });
    await shown(card);
    await card.getByTestId('refer-patient').click();
    const form = referrer.getByTestId('refer-form');
    await shown(form);
    await form.getByLabel('Patient identifier').fill(patientId);
    await form.getByLabel('Year of birth').fill('1958');
    await form.getByText('Female', { exact: true }).click();
    await form.getByTestId('checklist-inclusion-0').getByText('Met', { exact: true }).click();
    await form.getByTestId('checklist-inclusion-1').getByText('Met', { exact: true }).click();
    await form.getByLabel('Note to the study team (optional)').fill('Discharged last week; walks every day.');
    await form.getByLabel('Your phone number').fill('819 555-0172');
    await form.getByTestId('consent').click();
    await screenshot(referrer, 'portal-refer-390');
    await referrer.getByTestId('refer-submit').click();
    await textBecomes(referrer.getByTestId('referral-sent-text'), new RegExp(masked.replace(/\*/g, '\\*')));
    await screenshot(referrer, 'portal-referral-sent-390');

    await expect.poll(async () => (await inbox(contactEmail)).length).toBe(1);
    const [received] = await inbox(contactEmail);
    expect(received.subject).toContain(masked);
    expect(received.text).toContain(masked);
    expect(bare(received)).not.toContain(normalizePatientId(patientId));
    // It links the contact to the reference's screen in the back office.
    expect(received.text).toMatch(new RegExp(`${env.baseUrl}/app/references/\\w+`));
  });

  it('is accepted with a message on the triage screen', async () => {
    const page = await newPage(browser());
    await signIn(page, EDITOR);
    await page.goto(`/app/references/triage?study=${study.id}`);
    const current = page.getByTestId('triage-current');
    await shown(current.getByText(masked));
    await shown(current.getByText('Clinique du Lac'));
    await page.getByTestId('triage-accept').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('decision-message').fill(message);
    await screenshot(page, 'triage-accept-portal-referral');
    await dialog.getByTestId('accept-submit').click();
    await shown(page.getByText(`Reference ${masked} accepted`));
    await page.context().close();
  });

  it('shows the referrer the status and the message, in My referrals and by e-mail', async () => {
    await referrer.goto('/refer/referrals');
    const row = referrer.getByTestId('list-card').filter({ hasText: masked });
    await shown(row);
    await textBecomes(row.getByTestId('referral-status'), 'Accepted');
    await textBecomes(row.getByTestId('referral-message'), message);
    await screenshot(referrer, 'portal-referrals-390');

    await expect.poll(async () => (await inbox(email)).length).toBe(2);
    const decided = (await inbox(email)).find((m) => m.subject.includes(masked));
    expect(decided?.text).toContain(message);
    expect(bare(decided!)).not.toContain(normalizePatientId(patientId));
    // The contact heard of the referral once.
    expect(await inbox(contactEmail)).toHaveLength(1);
    await referrer.context().close();
  });
});
