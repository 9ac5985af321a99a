// The clinical workflow through the UI: the recruitment dashboard with its charts, a triage session with the
// keyboard (accept with a checklist answer after confirming the unanswered ones, undo, reject with a reason, duplicate
// of the patient's earlier referral, skip), a CSV export downloaded, and a repeat referral told it is a duplicate.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPatientId, type Reference, type Study } from '@trialdesk/shared';
import { signedInClient, type Client } from '@trialdesk/scripts/client';
import {
  ADMIN,
  DEMO_PASSWORD,
  EDITOR,
  axeSerious,
  chooseOption,
  useBrowser,
  env,
  listTotal,
  newPage,
  screenshot,
  shown,
  signIn,
  textBecomes,
  uniqueWord,
  UI_WAIT_MS,
} from '../src/harness.js';
import { OUTPUT_DIR } from '../src/config.js';

const browser = useBrowser();
let page: Page;
let client: Client;
let study: Study;
/** The study's referrals, oldest first: the triage queue's order. */
const referrals: Reference[] = [];
/** The third is the first patient again: created a duplicate, then reopened (pending) for triage to decide. */
const patientIds = ['TRI-100201', 'TRI-100202', 'TRI-100201', 'TRI-100204'];

beforeAll(async () => {
  // Reduced motion: the charts draw at once (no animation), so screenshots show them whole.
  page = await newPage(browser(), { acceptDownloads: true, bypassCSP: true, reducedMotion: 'reduce' });
  await signIn(page, EDITOR);
  // A study of this file's own, so the queue holds exactly its referrals whatever other files do.
  client = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
  study = await client.call('studies-create', {
    title: uniqueWord('Triage study '),
    specialty: 'Cardiology',
    status: 'Recruiting',
    inclusionCriteria: '- Adults 18 to 75\n- Infarction within 12 weeks',
    exclusionCriteria: '- Unstable angina',
  });
  for (const patientId of patientIds) {
    const created = await client.call('references-create', { studyId: study.id, patientId, referer: 'Dr Roy' });
    referrals.push(
      created.status === 'Duplicate'
        ? await client.call('references-update', { id: created.id, version: created.version, status: 'Pending' })
        : created,
    );
  }
});
afterAll(async () => {
  await client?.close();
});

const current = () => page.getByTestId('triage-current');
const count = (value: number) => new Intl.NumberFormat('en-CA').format(value);

describe('dashboard', () => {
  it("shows the references' numbers as the lists count them, its charts, and links the backlog to triage", async () => {
    const [all, pending] = await Promise.all([
      client.call('references-list', { page: 1, pageSize: 10 }),
      client.call('references-list', { page: 1, pageSize: 10, status: 'Pending' }),
    ]);
    await page.goto('/app/dashboard');
    await shown(page.getByRole('heading', { name: 'Recruitment dashboard', level: 1 }));
    await textBecomes(page.getByTestId('kpi-references-value'), count(all.total));
    await textBecomes(page.getByTestId('kpi-pending-value'), count(pending.total));
    for (const chart of ['weekly', 'references-by-status', 'studies-by-status']) {
      await shown(page.getByTestId(chart).locator('svg.apexcharts-svg').first());
    }
    await shown(page.getByTestId('top-studies').locator('tr.ant-table-row').first());
    await shown(page.getByTestId('activity').locator('tr.ant-table-row').first());
    expect(await axeSerious(page, 'dashboard')).toEqual([]);
    await screenshot(page, 'dashboard');

    // One study: its own numbers, and its backlog links to its triage queue.
    await page.goto(`/app/dashboard?study=${study.id}`);
    await textBecomes(page.getByTestId('kpi-references-value'), count(referrals.length));
    await textBecomes(page.getByTestId('kpi-pending-value'), count(referrals.length));
    await page.getByTestId('triage-link').click();
    await page.waitForURL(new RegExp(`/app/references/triage\\?study=${study.id}`));
  });

  it('in French and dark, at 800 px', async () => {
    const narrow = await newPage(browser(), {
      viewport: { width: 800, height: 900 },
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    await narrow.addInitScript(() => {
      localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: 'dark', primaryColor: '#3e5eff' }));
    });
    await signIn(narrow, ADMIN);
    await narrow.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await narrow.goto('/app/dashboard');
    await shown(narrow.getByRole('heading', { name: 'Tableau de bord du recrutement', level: 1 }));
    for (const chart of ['weekly', 'references-by-status', 'studies-by-status']) {
      await shown(narrow.getByTestId(chart).locator('svg.apexcharts-svg').first());
    }
    await shown(narrow.getByTestId('access-requests'));
    await screenshot(narrow, 'dashboard-800-dark-fr');
    expect((await axeSerious(narrow, 'dashboard (fr, dark)')).map((v) => `${v.impact} ${v.id}`)).toEqual([]);
    await narrow.context().close();
  });
});
const reference = (id: string) => client.call('references-get', { id });

describe('triage', () => {
  it('decides referrals with the keyboard: accept, reject with a reason, duplicate, skip', async () => {
    await page.goto(`/app/references/triage?study=${study.id}`);
    await shown(page.getByRole('heading', { name: 'Triage references' }));
    await textBecomes(page.getByTestId('triage-count'), '4 pending');
    await shown(current().getByText(maskPatientId(patientIds[0])));
    await shown(page.getByTestId('criterion-inclusion-1').getByText('Infarction within 12 weeks'));
    expect(await axeSerious(page, 'triage')).toEqual([]);
    await screenshot(page, 'triage');

    // Accept, the first criterion answered "Met" with a note.
    await page.getByTestId('criterion-inclusion-0').getByText('Met', { exact: true }).click();
    await page.getByTestId('criterion-inclusion-0').getByRole('textbox').fill('Age 58');
    await page.getByRole('heading', { name: 'Triage references' }).click();
    // Two criteria are still unknown: A asks once, naming how many.
    await page.keyboard.press('a');
    await textBecomes(page.getByTestId('triage-confirm-accept'), /^2 criteria are still unknown\./);
    await screenshot(page, 'triage-confirm-unanswered');
    await page.getByRole('button', { name: 'Accept anyway' }).click();
    const decided = page.getByTestId('triage-decided');
    await textBecomes(decided, `Reference ${maskPatientId(patientIds[0])} accepted Undo (U)`);
    await shown(current().getByText(maskPatientId(patientIds[1])));

    // Undo from the decision's message: the referral is pending again and opens again, first in the queue.
    await decided.getByTestId('triage-undo').click();
    await shown(page.getByText(`Decision on reference ${maskPatientId(patientIds[0])} undone: it is pending again`));
    await shown(current().getByText(maskPatientId(patientIds[0])));
    await textBecomes(page.getByTestId('triage-count'), '4 pending');
    expect(await reference(referrals[0].id)).toMatchObject({ status: 'Pending', triage: null, decidedAt: null });

    // Decided again, every criterion answered this time: A accepts at once.
    for (const item of ['criterion-inclusion-0', 'criterion-inclusion-1']) {
      await page.getByTestId(item).getByText('Met', { exact: true }).click();
    }
    await page.getByTestId('criterion-inclusion-0').getByRole('textbox').fill('Age 58');
    await page.getByTestId('criterion-exclusion-0').getByText('Not met', { exact: true }).click();
    await page.getByRole('heading', { name: 'Triage references' }).click();
    await page.keyboard.press('a');
    await textBecomes(decided, `Reference ${maskPatientId(patientIds[0])} accepted Undo (U)`);
    await shown(current().getByText(maskPatientId(patientIds[1])));

    // Reject: the reason is required, then given with a note.
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: 'Reject the reference' });
    await shown(dialog);
    await dialog.getByTestId('reject-submit').click();
    await shown(dialog.getByText('This field is required'));
    await chooseOption(page, dialog.getByTestId('reject-reason'), 'The patient declined');
    await dialog.getByTestId('reject-note').fill('Prefers to wait until spring');
    await dialog.getByTestId('reject-submit').click();
    await shown(page.getByText(`Reference ${maskPatientId(patientIds[1])} rejected`));
    await shown(current().getByText(maskPatientId(patientIds[2])));

    // Duplicate of the same patient's first referral: the only original offered (not the rejected referral of
    // another patient, nor the later one), and already chosen.
    await page.keyboard.press('d');
    const duplicate = page.getByRole('dialog', { name: 'Duplicate of an earlier reference' });
    await shown(duplicate);
    // It reads "masked ID · date · status".
    await shown(
      duplicate
        .getByTestId('duplicate-select')
        .getByTitle(new RegExp(`^\\*+${patientIds[0].slice(-4)} · .+ · Accepted$`)),
    );
    await duplicate.getByTestId('duplicate-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await shown(options.first());
    expect(await options.count()).toBe(1);
    await screenshot(page, 'triage-duplicate');
    await page.keyboard.press('Escape');
    await duplicate.getByTestId('duplicate-submit').click();
    await shown(page.getByText(`Reference ${maskPatientId(patientIds[2])} marked as a duplicate`));
    await shown(current().getByText(maskPatientId(patientIds[3])));

    // Skip the last one; the keys' list.
    await page.keyboard.press('s');
    await shown(page.getByTestId('triage-all-skipped'));
    await page.keyboard.press('?');
    await shown(page.getByTestId('triage-keys'));
    await page.keyboard.press('Escape');

    const [first, second, third, fourth] = await Promise.all(referrals.map((r) => reference(r.id)));
    expect(first).toMatchObject({ status: 'Accepted', triage: { decision: 'Accepted', confirmed: false } });
    expect(first.triage!.inclusion[0]).toEqual({ criterion: 'Adults 18 to 75', answer: 'met', note: 'Age 58' });
    expect(second).toMatchObject({
      status: 'Rejected',
      triage: { reason: 'declined', reasonNote: 'Prefers to wait until spring' },
    });
    expect(third).toMatchObject({ status: 'Duplicate', duplicateOf: first.id });
    expect(fourth.status).toBe('Pending');

    // The decision shows on the reference's edit screen.
    await page.goto(`/app/references/${first.id}`);
    const decision = page.getByTestId('reference-decision');
    await shown(decision.getByText('Adults 18 to 75'));
    await shown(decision.getByText('Age 58'));
    await screenshot(page, 'reference-decision');
  });
});

describe('triage on a phone', () => {
  it('in French and dark at 390 px: decisions usable, the confirmation names the unknown criteria, U listed', async () => {
    const phone = await newPage(browser(), {
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    await phone.addInitScript(() => {
      localStorage.setItem('trialdesk.theme', JSON.stringify({ mode: 'dark', primaryColor: '#3e5eff' }));
    });
    await signIn(phone, EDITOR);
    await phone.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    // The study's last referral, skipped above, is still pending.
    await phone.goto(`/app/references/triage?study=${study.id}`);
    await shown(phone.getByTestId('triage-current').getByText(maskPatientId(patientIds[3])));
    await shown(phone.getByTestId('criterion-exclusion-0'));
    const accept = phone.getByTestId('triage-accept');
    await expect.poll(() => accept.isEnabled(), { timeout: UI_WAIT_MS }).toBe(true);
    expect((await axeSerious(phone, 'triage (fr, dark, 390)')).map((v) => `${v.impact} ${v.id}`)).toEqual([]);
    await accept.click();
    await textBecomes(
      phone.getByTestId('triage-confirm-accept'),
      '3 critères sont encore inconnus.Accepter quand même cette référence\u00a0?',
    );
    await screenshot(phone, 'triage-confirm-390-dark-fr');
    await phone.getByRole('button', { name: 'Annuler', exact: true }).click();
    await phone.getByTestId('triage-keys-button').click();
    await shown(phone.getByTestId('triage-keys').getByText('Annuler la dernière décision', { exact: false }));
    await screenshot(phone, 'triage-keys-390-dark-fr');
    await phone.context().close();
    expect((await reference(referrals[3].id)).status).toBe('Pending');
  });
});

describe('exports', () => {
  it("downloads the references list's CSV for people, and from its menu for programs: every row, masked IDs only", async () => {
    await page.goto(`/app/references?studyId=${study.id}`);
    await textBecomes(listTotal(page), /of 4 entries/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    await shown(page.getByText('Exported 4 rows'));
    expect(download.suggestedFilename()).toMatch(/^references-.*\.csv$/);
    // The browser runs apart from this process: the file is copied over.
    const file = join(OUTPUT_DIR, 'references-export.csv');
    await download.saveAs(file);
    const csv = await readFile(file, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('Patient ID (masked)');
    for (const id of patientIds) {
      expect(csv).toContain(maskPatientId(id));
      expect(csv).not.toContain(id);
    }
    // For people: labels, the decider's name, the team's clock with its offset, the triage answers.
    expect(lines[0]).toContain('Decided by');
    expect(lines[0]).not.toContain('(ID)');
    expect(csv).toContain('Accepted');
    expect(csv).toContain('Mathieu Lavoie');
    expect(csv).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[45]:00,/);
    expect(csv).toContain('Adults 18 to 75: Met');

    // For programs, from the button's menu: codes, UTC and ids.
    await page.getByTestId('list-export-formats').click();
    await shown(page.getByRole('menuitem', { name: 'CSV for programs (codes, UTC times, IDs, commas)' }));
    await screenshot(page, 'references-export-menu');
    const [machine] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV for programs (codes, UTC times, IDs, commas)' }).click(),
    ]);
    expect(machine.suggestedFilename()).toMatch(/^references-machine-.*\.csv$/);
    const machineFile = join(OUTPUT_DIR, 'references-export-machine.csv');
    await machine.saveAs(machineFile);
    const data = await readFile(machineFile, 'utf8');
    expect(data.split('\r\n')[0]).toContain('Decided by (ID)');
    expect(data).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
    expect(data).not.toContain('Mathieu Lavoie');
    expect(data).toContain(`,${study.id},`);
  });
});

describe('a repeat referral', () => {
  it('is created as a duplicate, and the screen says so with a link to the earlier one', async () => {
    await page.goto('/app/references/create');
    const studySelect = page.getByTestId('study-select');
    await studySelect.click();
    await studySelect.locator('input').pressSequentially(study.title);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: study.title }).click();
    await page.getByLabel('Patient ID', { exact: true }).fill(patientIds[3]);
    await page.getByTestId('form-submit').click();
    const notice = page.getByTestId('created-duplicate');
    await textBecomes(
      notice,
      'This patient was referred to this study before: the new reference is recorded as a duplicate of the earlier one. Open the original reference',
    );
    await screenshot(page, 'reference-created-duplicate');
    await notice.getByRole('link', { name: 'Open the original reference' }).click();
    await page.waitForURL((url) => url.pathname === `/app/references/${referrals[3].id}`);
    await textBecomes(page.getByTestId('patient-id-masked'), maskPatientId(patientIds[3]));
  });
});
