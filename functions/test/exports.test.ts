// CSV exports: every matching row (more than one read page), the list's totals for several filters, the file as a
// spreadsheet reads it (BOM, header in the person's language, formulas neutralised, patient IDs masked only), the
// access log, no read through Storage, and the removal after a day.
import { initializeTestEnvironment, assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mapLimit } from '@trialdesk/scripts/client';
import { EXPORT_COLUMNS, maskPatientId, type CallableName, type ExportResponse } from '@trialdesk/shared';
import { bucket, db } from '../src/common/firebase.js';
import { removeExpiredExports } from '../src/common/exports.js';
import {
  call,
  newContact,
  newReference,
  newStudy,
  newUser,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

const PROJECT = 'exports';
useProject(PROJECT);
let people: Record<PersonaKind, Persona>;
let env: RulesTestEnvironment;
const patientIds: string[] = [];

/** More studies than one read page of the export holds (1 000). */
const MANY_STUDIES = 1_030;

beforeAll(async () => {
  people = await personas();
  const { editor, admin } = people;
  const studies = await mapLimit(
    Array.from({ length: MANY_STUDIES }, (_, i) => i),
    8,
    (i) =>
      newStudy(editor, {
        title: i % 10 === 0 ? `Cardiac study ${i}` : `Oncology cohort ${i}`,
        status: i % 4 === 0 ? 'Completed' : 'Recruiting',
      }),
  );
  // Text a spreadsheet would run as a formula.
  await newStudy(editor, { title: '=HYPERLINK("http://evil.example","Open")' });
  await newStudy(editor, { title: '+1+cmd|calc' });
  await newStudy(editor, { title: '@SUM(1+1)' });
  for (let i = 0; i < 24; i++) {
    const patientId = `QC-${String(700000 + i * 37)}`;
    patientIds.push(patientId);
    await newReference(editor, studies[i % 3].id, {
      patientId,
      referer: i === 0 ? '-2+3' : 'Dr Roy',
      status: i % 3 === 0 ? 'Pending' : 'Accepted',
    });
  }
  for (let i = 0; i < 5; i++) await newContact(editor, { isTrialContact: i % 2 === 0 });
  await newUser(admin, { roleApproved: false });
  const [host, port] = inject('storageHost').split(':');
  const rules = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');
  env = await initializeTestEnvironment({
    projectId: `demo-trialdesk-${PROJECT}`,
    storage: { host, port: Number(port), rules },
  });
}, 300_000);

afterAll(async () => {
  await env?.cleanup();
});

/** The CSV of an export as stored. */
async function fileOf(result: ExportResponse): Promise<string> {
  const [bytes] = await bucket().file(result.path).download();
  return bytes.toString('utf8');
}

/** Rows of a CSV without quoted line breaks (what these exports hold). */
const linesOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

describe('exports', () => {
  it('hold every row the list counts, for several filters and searches, past one read page', async () => {
    const cases: [CallableName, CallableName, Record<string, unknown>, Persona][] = [
      ['studies-export', 'studies-list', {}, people.editor],
      ['studies-export', 'studies-list', { status: 'Completed' }, people.editor],
      ['studies-export', 'studies-list', { search: 'cardiac', sort: 'title:asc' }, people.editor],
      ['references-export', 'references-list', {}, people.editor],
      ['references-export', 'references-list', { status: 'Pending' }, people.editor],
      ['references-export', 'references-list', { patientId: patientIds[4] }, people.editor],
      ['studyContacts-export', 'studyContacts-list', { isTrialContact: true }, people.editor],
      ['users-export', 'users-list', { approval: 'pending' }, people.admin],
    ];
    for (const [exportName, listName, filters, as] of cases) {
      const list = await call(listName, { ...filters, page: 1, pageSize: 10 }, as);
      const result = (await call(exportName, { ...filters, language: 'en' }, as)) as ExportResponse;
      expect(result.rows, `${exportName} ${JSON.stringify(filters)}`).toBe((list as { total: number }).total);
      expect(linesOf(await fileOf(result))).toHaveLength(result.rows + 1);
      expect(result.path.startsWith(`exports/${as.uid}/`)).toBe(true);
    }
    const all = (await call('studies-export', { language: 'en' }, people.editor)) as ExportResponse;
    expect(all.rows).toBe(MANY_STUDIES + 3);
    const ids = linesOf(await fileOf(all))
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(new Set(ids).size).toBe(all.rows);
  });

  it("write UTF-8 with a BOM, the header in the person's language, ISO dates, formulas neutralised", async () => {
    const result = await call('studies-export', { language: 'fr', search: 'hyperlink' }, people.editor);
    const csv = await fileOf(result);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = linesOf(csv);
    expect(header).toBe(
      Object.values(EXPORT_COLUMNS.studies)
        .map((column) => column.fr)
        .join(','),
    );
    expect(header).toContain('Date de début');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
    const others = await fileOf(await call('studies-export', { language: 'en', search: 'sum' }, people.editor));
    expect(linesOf(others)[1]).toContain(",'@SUM(1+1),");
    const plus = await fileOf(await call('studies-export', { language: 'en', search: 'calc' }, people.editor));
    expect(linesOf(plus)[1]).toContain(",'+1+cmd|calc,");
    expect(linesOf(plus)[0]).toBe(
      Object.values(EXPORT_COLUMNS.studies)
        .map((column) => column.en)
        .join(','),
    );
  });

  it('show patient IDs masked only, and record who exported what with how many rows', async () => {
    const result = await call('references-export', { language: 'en', patientId: patientIds[0] }, people.editor);
    const csv = await fileOf(result);
    expect(result.rows).toBe(1);
    expect(csv).toContain(maskPatientId(patientIds[0]));
    expect(csv).toContain(",'-2+3,");
    const everything = await fileOf(await call('references-export', { language: 'en' }, people.editor));
    for (const id of patientIds) {
      expect(everything).not.toContain(id);
      expect(everything).not.toContain(id.replace('-', ''));
    }
    const stored = await db().collection('references').limit(1).get();
    expect(everything).not.toContain(stored.docs[0].get('patientIdHash'));
    expect(everything).not.toContain(stored.docs[0].get('productPatientId'));

    const log = await db().collection('accessLog').where('callable', '==', 'references-export').get();
    const details = log.docs.map((d) => d.data());
    expect(details).toContainEqual(
      expect.objectContaining({
        action: 'export',
        actorUid: people.editor.uid,
        outcome: 'allowed',
        detail: `references: 1 rows; patientId=${maskPatientId(patientIds[0])}`,
      }),
    );
    expect(JSON.stringify(details)).not.toContain(patientIds[0]);
  });

  it('are never read through Storage, even by their owner (files-download serves them), and go after a day', async () => {
    const result = await call('references-export', { language: 'en', status: 'Accepted' }, people.editor);
    const file = (uid: string | null) =>
      (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext())
        .storage(`gs://${bucket().name}`)
        .ref(result.path);
    // A read allowed there would give the file a download token, a link that outlives the owner's access.
    for (const uid of [people.editor.uid, people.admin.uid, null]) await assertFails(file(uid).getMetadata());

    expect(await removeExpiredExports(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    const [kept] = await bucket().file(result.path).exists();
    expect(kept).toBe(true);
    const removed = await removeExpiredExports(new Date(Date.now() + 25 * 3_600_000));
    expect(removed).toBeGreaterThan(0);
    const [gone] = await bucket().getFiles({ prefix: 'exports/' });
    expect(gone).toEqual([]);
  });
});
