// What the logs' readers see, in French at 1440 px: a reference created, triaged and changed reads in its history as
// sentences naming the people (the decider too), the checklist's answers in words, no JSON and no ids; the
// dashboard's recent activity names the decision and tells the events of a document later deleted; the access log
// says what each person did with masked patient IDs and no callable names, its What column wrapping in full view.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reference, Study } from '@trialdesk/shared';
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
  tableRows,
  uniqueWord,
  useBrowser,
  UI_WAIT_MS,
} from '../src/harness.js';

const browser = useBrowser();
let page: Page;
let admin: Client;
let editor: Client;
let study: Study;
let reference: Reference;
let documentName: string;

/** A small real PDF (what the upload's signature check reads). */
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  admin = await signedInClient(env.urls, env.projectId, ADMIN, DEMO_PASSWORD);
  editor = await signedInClient(env.urls, env.projectId, EDITOR, DEMO_PASSWORD);
  study = await admin.call('studies-create', {
    title: uniqueWord('Étude historique '),
    specialty: 'Cardiology',
    status: 'Recruiting',
    inclusionCriteria: '- Adults 18 to 75',
    exclusionCriteria: '- Unstable angina',
  });
  // The Editor refers a patient, rejects the referral with its checklist answered, then changes its referrer.
  const created = await editor.call('references-create', {
    studyId: study.id,
    patientId: 'HIST-420017',
    referer: 'Dr Roy',
  });
  const decided = await editor.call('references-triage', {
    id: created.id,
    version: created.version,
    studyVersion: study.version,
    decision: 'Rejected',
    inclusion: [{ answer: 'met', note: '' }],
    exclusion: [{ answer: 'unknown', note: 'à vérifier' }],
    reason: 'declined',
  });
  reference = await editor.call('references-update', {
    id: decided.id,
    version: decided.version,
    referer: 'Dr Gagnon',
  });
  await editor.call('references-export', { language: 'fr', studyId: study.id });
  // The Admin adds a document, renames it and deletes it: the latest activity.
  const doc = await admin.call('documents-create', {
    uploadPath: await admin.upload(PDF, 'application/pdf', 'pdf'),
    studyId: study.id,
    name: 'Consentement.pdf',
    category: 'ConsentForm',
  });
  documentName = 'Consentement v2.pdf';
  const renamed = await admin.call('documents-update', { id: doc.id, version: doc.version, name: documentName });
  await admin.call('documents-delete', { id: doc.id, version: renamed.version });

  page = await newPage(browser(), {
    viewport: { width: 1440, height: 1000 },
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  await signIn(page, ADMIN);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
});

afterAll(async () => {
  await page?.context().close();
});

/** The page's text holds none of the ids (the records', the people's) nor a JSON brace. */
function expectNoIds(text: string) {
  for (const id of [reference.id, study.id, reference.createdBy, reference.decidedBy]) {
    expect(id).toBeTruthy();
    expect(text).not.toContain(id);
  }
  expect(text).not.toMatch(/[{}]/);
}

describe('history', () => {
  it('reads as sentences in French: the people by name, the decision and its answers in words', async () => {
    await page.goto(`/app/references/${reference.id}`);
    const history = page.getByTestId('history');
    const sentences = history.getByTestId('history-sentence');
    await expect
      .poll(() => sentences.allTextContents(), { timeout: UI_WAIT_MS })
      .toEqual([
        'Mathieu Lavoie a modifié cette référence',
        'Mathieu Lavoie a refusé cette référence',
        'Mathieu Lavoie a créé cette référence',
      ]);
    const triage = history.getByTestId('history-triage');
    await expect
      .poll(() => triage.textContent(), { timeout: UI_WAIT_MS })
      .toBe(
        'Décision\u00a0: RefuséeCritères d’inclusionAdults 18 to 75\u00a0: RempliCritères d’exclusion' +
          'Unstable angina\u00a0: Inconnu (à vérifier)Motif\u00a0: Le patient a refusé',
      );
    // The decider by name, in the decision's row of changes.
    const decided = history.locator('.ant-timeline-item').nth(1);
    await shown(decided.locator('td', { hasText: /^Mathieu Lavoie$/ }));
    await shown(history.getByText(study.title).first());
    expectNoIds((await history.textContent()) ?? '');
    await screenshot(page, 'history-fr-1440');
  });
});

describe('recent activity', () => {
  it('names the decision and tells each event of the document deleted since', async () => {
    await page.goto('/app/dashboard');
    const lines = page.getByTestId('activity').locator('tr.ant-table-row td:nth-child(2)');
    const gone = `le document ${documentName} (n’existe plus)`;
    await expect
      .poll(async () => (await lines.allTextContents()).slice(0, 6), { timeout: UI_WAIT_MS })
      .toEqual([
        `Isabelle Bouchard a supprimé ${gone}`,
        `Isabelle Bouchard a modifié ${gone}`,
        `Isabelle Bouchard a créé ${gone}`,
        `Mathieu Lavoie a modifié la référence ${reference.patientIdMasked}`,
        `Mathieu Lavoie a refusé la référence ${reference.patientIdMasked}`,
        `Mathieu Lavoie a créé la référence ${reference.patientIdMasked}`,
      ]);
    await screenshot(page, 'activity-fr-1440');
  });
});

describe('access log', () => {
  it('says in French what each person did, with masked IDs, no callables, and its What column wraps in view', async () => {
    await page.goto(`/app/access-log?actorUid=${reference.createdBy}`);
    const what = tableRows(page).locator('td:nth-child(3)');
    const masked = reference.patientIdMasked;
    const saved = `Enregistrement de la référence ${masked}.`;
    const searched = `Recherche de l’ID patient ${masked}\u00a0; résultat\u00a0: 0 référence.`;
    // The creation's two entries are written together, in either order: compared sorted.
    const latest = async () => {
      const texts = await what.allTextContents();
      return [...texts.slice(0, 3), ...texts.slice(3, 5).sort()];
    };
    await expect
      .poll(latest, { timeout: UI_WAIT_MS })
      .toEqual([
        `Exportation de la liste Références\u00a0: 1 ligne.Filtres\u00a0: Étude\u00a0: ${study.title}`,
        saved,
        saved,
        ...[saved, searched].sort(),
      ]);
    const who = await tableRows(page).first().locator('td:nth-child(2)').textContent();
    expect(who).toBe('Mathieu Lavoieeditor@trialdesk.test');
    const table = (await page.getByTestId('list-table').textContent()) ?? '';
    expect(table).not.toMatch(/references-\w+|studies-\w+|audit-list/);
    expectNoIds(table);
    // Nothing of a line is cut off: the table needs no sideways scroll and each line fits its cell.
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector('[data-testid="list-table"] .ant-table-content');
      const lines = Array.from(document.querySelectorAll('[data-testid="access-line"]'));
      return {
        table: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
        lines: lines.filter((line) => line.scrollWidth > line.clientWidth).length,
      };
    });
    expect(overflow).toEqual({ table: 0, lines: 0 });
    await screenshot(page, 'access-log-fr-1440');
  });
});
