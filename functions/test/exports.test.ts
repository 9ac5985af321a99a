// CSV exports: every matching row (more than one read page), the list's totals for several filters, the file as a
// spreadsheet reads it (BOM, header in the person's language, formulas neutralised, patient IDs masked only), the
// readable format (labels, the team's clock, names, the language's separator, triage answers) and the machine one
// (codes, UTC, ids, commas), the access log, no read through Storage, and the removal after a day.
import { initializeTestEnvironment, assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mapLimit } from '@trialdesk/scripts/client';
import {
  EXPORT_COLUMNS,
  maskPatientId,
  type CallableName,
  type ExportFormat,
  type ExportResponse,
} from '@trialdesk/shared';
import { bucket, db } from '../src/common/firebase.js';
import { csvLine, zonedTime } from '../src/common/csv.js';
import { removeExpiredExports } from '../src/common/exports.js';
import {
  call,
  callError,
  issuesOf,
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

/** The headers of a kind's export in a language and format, in order. */
const headersOf = (resource: keyof typeof EXPORT_COLUMNS, language: 'en' | 'fr', format: ExportFormat) =>
  Object.values(EXPORT_COLUMNS[resource])
    .filter((column) => (column.only ?? format) === format)
    .map((column) => column[language]);

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

  it("write UTF-8 with a BOM, the header in the person's language, the team's times, formulas neutralised", async () => {
    const result = await call('studies-export', { language: 'fr', search: 'hyperlink' }, people.editor);
    const csv = await fileOf(result);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = linesOf(csv);
    expect(header).toBe(headersOf('studies', 'fr', 'readable').join(';'));
    expect(header).toContain('Date de début');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(row).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[45]:00;/);
    const others = await fileOf(await call('studies-export', { language: 'en', search: 'sum' }, people.editor));
    expect(linesOf(others)[1]).toContain(",'@SUM(1+1),");
    const plus = await fileOf(await call('studies-export', { language: 'en', search: 'calc' }, people.editor));
    expect(linesOf(plus)[1]).toContain(",'+1+cmd|calc,");
    expect(linesOf(plus)[0]).toBe(headersOf('studies', 'en', 'readable').join(','));
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
        count: 1,
        export: { resource: 'references', filters: { patientId: maskPatientId(patientIds[0]) } },
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

/** A CSV's cells, quotes undone (a quoted cell may hold the separator, quotes and line breaks). */
function cellsOf(csv: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted || (char !== separator && char !== '\r')) cell += char;
    else if (char === separator) endCell();
    else {
      // CRLF ends the row.
      endCell();
      rows.push(row);
      row = [];
      i++;
    }
  }
  return rows;
}

/** The rows of a CSV as records by header. */
function recordsOf(csv: string, separator: string): Record<string, string>[] {
  const [header, ...rows] = cellsOf(csv, separator);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

describe('the readable and machine formats', () => {
  const CRITERIA = { inclusionCriteria: '- Adults 18 to 75\n- Signed consent', exclusionCriteria: '1. Pregnancy' };
  const NOTE = 'Called twice; moved away, no address';
  let studyId: string;
  let studyTitle: string;
  let contactId: string;
  const masked: Record<'accepted' | 'rejected', string> = { accepted: '', rejected: '' };
  const ids: Record<'accepted' | 'rejected' | 'duplicate', string> = { accepted: '', rejected: '', duplicate: '' };

  beforeAll(async () => {
    const { editor } = people;
    const contact = await newContact(editor, { firstName: 'Jeanne', lastName: 'Tremblay', displayName: '' });
    contactId = contact.id;
    const study = await newStudy(editor, {
      title: 'Formats, readable; and machine',
      specialty: 'Pediatrics',
      contactId,
      ...CRITERIA,
    });
    studyId = study.id;
    studyTitle = study.title;
    const accepted = await newReference(editor, study.id, { patientId: 'QC-810001' });
    const rejected = await newReference(editor, study.id, { patientId: 'QC-810002' });
    const answers = (...list: string[]) => list.map((answer, i) => ({ answer, note: i === 0 ? 'Age 64' : '' }));
    const decide = (reference: typeof accepted, over: Record<string, unknown>) =>
      call(
        'references-triage',
        {
          id: reference.id,
          version: reference.version,
          studyVersion: study.version,
          inclusion: answers('met', 'unknown'),
          exclusion: answers('notMet'),
          ...over,
        },
        editor,
      );
    await decide(accepted, { decision: 'Accepted' });
    await decide(rejected, { decision: 'Rejected', reason: 'other', reasonNote: NOTE });
    // The same patient referred again: recorded as a duplicate of the first referral.
    const duplicate = await newReference(editor, study.id, { patientId: 'QC-810001' });
    expect(duplicate.duplicateOf).toBe(accepted.id);
    Object.assign(ids, { accepted: accepted.id, rejected: rejected.id, duplicate: duplicate.id });
    Object.assign(masked, { accepted: accepted.patientIdMasked, rejected: rejected.patientIdMasked });
  });

  /** The export of this block's study's references, its records by header and its raw text. */
  async function references(language: 'en' | 'fr', format?: ExportFormat) {
    const request = { language, studyId, ...(format ? { format } : {}) };
    const result = await call('references-export', request, people.editor);
    const csv = await fileOf(result);
    const separator = language === 'fr' && format !== 'machine' ? ';' : ',';
    const records = recordsOf(csv, separator);
    const byId = Object.fromEntries(records.map((record) => [record.ID, record]));
    return { csv, result, records, byId, header: linesOf(csv)[0] };
  }

  /** A readable time back as the instant it names: the local clock and its offset. */
  const instantOf = (local: string) => new Date(local.replace(' ', 'T').replace(' ', '')).toISOString();

  it('writes the team’s clock with its offset, standard and daylight time', () => {
    expect(zonedTime('2026-11-25T12:29:49.063Z', 'America/Toronto')).toBe('2026-11-25 07:29:49 -05:00');
    expect(zonedTime('2026-07-01T02:00:00.000Z', 'America/Toronto')).toBe('2026-06-30 22:00:00 -04:00');
    expect(zonedTime('2026-07-01T02:00:00.000Z', 'UTC')).toBe('2026-07-01 02:00:00 +00:00');
    expect(zonedTime('2026-07-01T02:00:00.000Z', 'Asia/Kolkata')).toBe('2026-07-01 07:30:00 +05:30');
  });

  it('refuses a format it does not know, translated, writing nothing', async () => {
    const files = async () => (await bucket().getFiles({ prefix: `exports/${people.editor.uid}/` }))[0].length;
    const before = await files();
    const error = await callError('references-export', { language: 'fr', studyId, format: 'xlsx' }, people.editor);
    expect(issuesOf(error)).toMatchObject([{ path: 'format' }]);
    expect(await files()).toBe(before);
  });

  it('quotes a value holding the separator in use, and only then', () => {
    expect(csvLine(['a;b', 'c,d', 'e'], ';')).toBe('"a;b";c,d;e\r\n');
    expect(csvLine(['a;b', 'c,d', 'e'], ',')).toBe('a;b,"c,d",e\r\n');
    expect(csvLine(['say "hi"', 'x\ny'], ';')).toBe('"say ""hi""";"x\ny"\r\n');
  });

  it('in French by default: semicolons, French values, Toronto times with their offset, names, triage answers', async () => {
    const { csv, header, records, byId, result } = await references('fr');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(result.fileName).toMatch(/^references-\d{4}-/);
    expect(header).toBe(headersOf('references', 'fr', 'readable').join(';'));
    expect(header).not.toContain('(ID)');
    expect(records).toHaveLength(3);

    const accepted = byId[ids.accepted];
    expect(accepted['Statut']).toBe('Acceptée');
    expect(accepted['Étude']).toBe(studyTitle);
    expect(accepted['Critères d’inclusion']).toBe(
      'Adults 18 to 75\u00a0: Rempli (Age 64); Signed consent\u00a0: Inconnu',
    );
    expect(accepted['Critères d’exclusion']).toBe('Pregnancy\u00a0: Non rempli (Age 64)');
    expect(accepted['Décidée par']).toBe('Test editor');
    const stored = await call('references-get', { id: ids.accepted }, people.editor);
    expect(accepted['Décidée le']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[45]:00$/);
    expect(instantOf(accepted['Décidée le'])).toBe(stored.decidedAt!.replace(/\.\d+Z$/, '.000Z'));
    expect(instantOf(accepted['Créé le'])).toBe(stored.createdAt.replace(/\.\d+Z$/, '.000Z'));

    const rejected = byId[ids.rejected];
    expect(rejected['Statut']).toBe('Refusée');
    expect(rejected['Motif du refus']).toBe('Autre');
    expect(rejected['Note du refus']).toBe(NOTE);
    expect(csv).toContain(`;"${NOTE}";`);
    expect(csv).toContain(`;"${studyTitle}";`);

    const duplicate = byId[ids.duplicate];
    expect(duplicate['Statut']).toBe('Doublon');
    expect(duplicate['Doublon de']).toBe(`${masked.accepted} (${studyTitle})`);
    // Names and masked identifiers, never the ids they stand for.
    for (const id of [ids.accepted, people.editor.uid, studyId]) {
      expect(csv.split('\r\n').slice(1).join('')).not.toContain(`;${id};`);
    }
    expect(csv).not.toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
  });

  it('in English: commas and English values', async () => {
    const { header, byId } = await references('en', 'readable');
    expect(header).toBe(headersOf('references', 'en', 'readable').join(','));
    expect(byId[ids.accepted]['Status']).toBe('Accepted');
    expect(byId[ids.accepted]['Inclusion criteria']).toBe('Adults 18 to 75: Met (Age 64); Signed consent: Unknown');
    expect(byId[ids.accepted]['Decided by']).toBe('Test editor');
    expect(byId[ids.rejected]['Rejection reason']).toBe('Other');
    expect(byId[ids.duplicate]['Duplicate of']).toBe(`${masked.accepted} (${studyTitle})`);
  });

  it('for programs, in either language: codes, UTC, ids and commas', async () => {
    for (const language of ['fr', 'en'] as const) {
      const { header, byId, records, result } = await references(language, 'machine');
      expect(result.fileName).toMatch(/^references-machine-/);
      expect(header).toBe(headersOf('references', language, 'machine').join(','));
      expect(records).toHaveLength(3);
      const stored = await call('references-get', { id: ids.accepted }, people.editor);
      const [accepted, rejected, duplicate] = [ids.accepted, ids.rejected, ids.duplicate].map((id) =>
        Object.values(byId[id]),
      );
      const column = (name: string) => headersOf('references', language, 'machine').indexOf(name);
      const names = language === 'fr' ? FR_MACHINE : EN_MACHINE;
      expect(accepted[column(names.status)]).toBe('Accepted');
      expect(accepted[column(names.decidedBy)]).toBe(people.editor.uid);
      expect(accepted[column(names.decidedAt)]).toBe(stored.decidedAt);
      expect(accepted[column(names.studyId)]).toBe(studyId);
      expect(JSON.parse(accepted[column(names.inclusion)])).toEqual([
        { criterion: 'Adults 18 to 75', answer: 'met', note: 'Age 64' },
        { criterion: 'Signed consent', answer: 'unknown', note: '' },
      ]);
      expect(rejected[column(names.reason)]).toBe('other');
      expect(duplicate[column(names.status)]).toBe('Duplicate');
      expect(duplicate[column(names.duplicateOf)]).toBe(ids.accepted);
    }
  });

  it('name the study contact, label enumerations and booleans, in studies, contacts and users', async () => {
    const studies = recordsOf(
      await fileOf(await call('studies-export', { language: 'fr', search: 'formats' }, people.editor)),
      ';',
    );
    expect(studies).toHaveLength(1);
    expect(studies[0]).toMatchObject({ 'Contact d’étude': 'Jeanne Tremblay', Spécialité: 'Pédiatrie' });
    expect(studies[0]['Statut']).toBe('Recrutement');
    const machine = recordsOf(
      await fileOf(
        await call('studies-export', { language: 'fr', search: 'formats', format: 'machine' }, people.editor),
      ),
      ',',
    );
    expect(machine[0]).toMatchObject({
      'ID du contact d’étude': contactId,
      Spécialité: 'Pediatrics',
      Statut: 'Recruiting',
    });

    const contacts = recordsOf(
      await fileOf(await call('studyContacts-export', { language: 'fr', isTrialContact: true }, people.editor)),
      ';',
    );
    expect(new Set(contacts.map((contact) => contact['Contact de l’essai']))).toEqual(new Set(['Oui']));
    const users = recordsOf(
      await fileOf(await call('users-export', { language: 'en', approval: 'pending' }, people.admin)),
      ',',
    );
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(user['Role approved']).toBe('No');
      expect(user['Status']).toMatch(/^Pending (user|editor|admin)$/);
    }
  });
});

const EN_MACHINE = {
  status: 'Status',
  decidedBy: 'Decided by (ID)',
  decidedAt: 'Decided',
  studyId: 'Study ID',
  inclusion: 'Inclusion criteria',
  reason: 'Rejection reason',
  duplicateOf: 'Duplicate of (ID)',
};
const FR_MACHINE: typeof EN_MACHINE = {
  status: 'Statut',
  decidedBy: 'Décidée par (ID)',
  decidedAt: 'Décidée le',
  studyId: 'ID de l’étude',
  inclusion: 'Critères d’inclusion',
  reason: 'Motif du refus',
  duplicateOf: 'Doublon de (ID)',
};
