// Studies: create, read, search, filters, sorts, updates with version checks, delete rules.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Study } from '@trialdesk/shared';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  expectError,
  issuesOf,
  newContact,
  newDocument,
  newReference,
  newStudy,
  persona,
  useProject,
  type Persona,
} from './helpers.js';

useProject('studies');
let editor: Persona;
let admin: Persona;

beforeAll(async () => {
  [editor, admin] = await Promise.all([persona('editor'), persona('admin')]);
});

describe('studies-create / get', () => {
  it('stores the record with meta, search tokens and sort key, returns only public fields, audits the creation', async () => {
    const contact = await newContact(editor);
    const study = await newStudy(editor, {
      title: '  Réadaptation cardiaque  ',
      contactId: contact.id,
      startDate: '2024-01-10',
      endDate: '2024-12-31',
      conditions: ['Infarctus', 'Angine'],
      summary: 'Short',
    });
    expect(study).toMatchObject({
      title: 'Réadaptation cardiaque',
      contactId: contact.id,
      startDate: '2024-01-10',
      endDate: '2024-12-31',
      conditions: ['Infarctus', 'Angine'],
      inclusionCriteria: '',
      exclusionCriteria: '',
      details: '',
      summary: 'Short',
      specialty: 'Cardiology',
      status: 'Recruiting',
      referenceCount: 0,
      version: 1,
      createdBy: editor.uid,
      updatedBy: editor.uid,
    });
    expect(new Date(study.createdAt).toISOString()).toBe(study.createdAt);
    expect(study.updatedAt).toBe(study.createdAt);
    expect(study).not.toHaveProperty('searchTokens');
    expect(study).not.toHaveProperty('titleSort');

    const stored = (await db().collection('studies').doc(study.id).get()).data()!;
    expect(stored.titleSort).toBe('réadaptation cardiaque');
    expect(stored.searchTokens).toEqual(expect.arrayContaining(['r', 'readapt', 'cardiaque', 'readaptation card']));
    expect(stored.createdAt.constructor.name).toBe('Timestamp');

    expect(await call('studies-get', { id: study.id }, editor)).toEqual(study);

    const [entry] = await auditOf(study.id);
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'studies',
      entityId: study.id,
      actorUid: editor.uid,
      actorEmail: editor.email,
      changes: {
        title: { from: null, to: 'Réadaptation cardiaque' },
        contactId: { from: null, to: contact.id },
        status: { from: null, to: 'Recruiting' },
      },
    });
    expect(entry.at.toMillis()).toBe(stored.createdAt.toMillis());
  });

  it('refuses a contact that does not exist (invalid contactId) and writes nothing', async () => {
    const before = (await db().collection('studies').count().get()).data().count;
    const error = await callError(
      'studies-create',
      { title: 'Orphan', specialty: 'Other', status: 'Unknown', contactId: 'nope' },
      editor,
    );
    expect(issuesOf(error)).toEqual([expect.objectContaining({ path: 'contactId', key: 'validation.invalid' })]);
    expect((await db().collection('studies').count().get()).data().count).toBe(before);
  });

  it('get of a missing study is not-found', async () => {
    await expectError(callError('studies-get', { id: 'missing' }, editor), 'not-found', 'errors.notFound');
  });
});

describe('studies-update', () => {
  it('changes only the fields sent, bumps the version, audits only what changed', async () => {
    const study = await newStudy(editor, { summary: 'Before' });
    const updated = await call(
      'studies-update',
      { id: study.id, version: 1, title: 'Sleep apnea study', summary: 'Before' },
      admin,
    );
    expect(updated).toMatchObject({
      title: 'Sleep apnea study',
      summary: 'Before',
      version: 2,
      updatedBy: admin.uid,
      createdBy: editor.uid,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(study.updatedAt));
    const entries = await auditOf(study.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1].changes).toEqual({
      title: { from: 'Cardiac rehabilitation after infarction', to: 'Sleep apnea study' },
    });
    const stored = (await db().collection('studies').doc(study.id).get()).data()!;
    expect(stored.searchTokens).toContain('apnea');
    expect(stored.searchTokens).not.toContain('cardiac');
  });

  it('a stale version fails and changes nothing', async () => {
    const study = await newStudy(editor);
    await call('studies-update', { id: study.id, version: 1, status: 'Completed' }, editor);
    await expectError(
      callError('studies-update', { id: study.id, version: 1, status: 'Withdrawn' }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    const now = await call('studies-get', { id: study.id }, editor);
    expect(now).toMatchObject({ status: 'Completed', version: 2 });
    expect(await auditOf(study.id)).toHaveLength(2);
  });

  it('checks the end date against the stored start date', async () => {
    const study = await newStudy(editor, { startDate: '2024-06-01' });
    const error = await callError('studies-update', { id: study.id, version: 1, endDate: '2024-01-01' }, editor);
    expect(issuesOf(error)).toEqual([expect.objectContaining({ path: 'endDate', key: 'validation.endBeforeStart' })]);
  });

  it('an update that changes nothing writes nothing', async () => {
    const study = await newStudy(editor);
    const same = await call('studies-update', { id: study.id, version: 1, title: study.title }, editor);
    expect(same.version).toBe(1);
    expect(await auditOf(study.id)).toHaveLength(1);
  });

  it('refuses a missing contact and a missing study', async () => {
    const study = await newStudy(editor);
    const error = await callError('studies-update', { id: study.id, version: 1, contactId: 'gone' }, editor);
    expect(issuesOf(error)[0].path).toBe('contactId');
    await expectError(
      callError('studies-update', { id: 'gone', version: 1, title: 'New title' }, editor),
      'not-found',
      'errors.notFound',
    );
  });
});

describe('studies-delete', () => {
  it('refuses a study with references (count in params), deletes it once they are gone, audits it', async () => {
    const study = await newStudy(editor);
    const r1 = await newReference(editor, study.id);
    await newReference(editor, study.id);
    await expectError(
      callError('studies-delete', { id: study.id, version: 1 }, admin),
      'failed-precondition',
      'errors.studyHasReferences',
      { count: 2 },
    );
    const error = await callError('studies-delete', { id: study.id, version: 1 }, admin);
    expect(error.message).toBe('This study still has 2 references. Move or delete them before deleting the study.');
    const refs = await db().collection('references').where('studyId', '==', study.id).get();
    for (const doc of refs.docs) await call('references-delete', { id: doc.id, version: doc.get('version') }, admin);
    expect((await call('studies-get', { id: study.id }, editor)).referenceCount).toBe(0);
    expect(r1.studyId).toBe(study.id);
    await expectError(
      callError('studies-delete', { id: study.id, version: 2 }, admin),
      'failed-precondition',
      'errors.staleVersion',
    );
    expect(await call('studies-delete', { id: study.id, version: 1 }, admin)).toEqual({ id: study.id });
    expect((await db().collection('studies').doc(study.id).get()).exists).toBe(false);
    const last = (await auditOf(study.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'delete', actorUid: admin.uid });
    expect(last.changes.title).toEqual({ from: study.title, to: null });
    await expectError(callError('studies-delete', { id: study.id, version: 1 }, admin), 'not-found', 'errors.notFound');
  });

  it('refuses a study whose document library holds documents (count in params), deletes it once they are gone', async () => {
    const study = await newStudy(editor);
    const doc = await newDocument(editor, { studyId: study.id });
    await newDocument(editor, { studyId: null });
    const error = await callError('studies-delete', { id: study.id, version: 1 }, admin);
    await expectError(Promise.resolve(error), 'failed-precondition', 'errors.studyHasDocuments', { count: 1 });
    expect(error.message).toBe(
      'This study still has 1 documents. Delete them in its document library before deleting the study.',
    );
    expect((await db().collection('studies').doc(study.id).get()).exists).toBe(true);
    await call('documents-delete', { id: doc.id, version: doc.version }, admin);
    expect(await call('studies-delete', { id: study.id, version: 1 }, admin)).toEqual({ id: study.id });
  });
});

describe('studies-list', () => {
  const titles = [
    'Cardiac rehabilitation phase 2',
    'Réadaptation cardiaque à domicile',
    'Pediatric asthma registry',
    'Cardiology imaging cohort',
    'Sleep and cardiac rhythm',
    'Oncology immunotherapy trial',
  ];
  let created: Study[];
  beforeAll(async () => {
    await Promise.all((await db().collection('studies').listDocuments()).map((d) => d.delete()));
    created = [];
    for (const [i, title] of titles.entries()) {
      created.push(
        await newStudy(editor, {
          title: `${title} LST`,
          status: i % 2 ? 'Completed' : 'Recruiting',
          specialty: i === 2 ? 'Pediatrics' : i === 5 ? 'Oncology' : 'Cardiology',
          startDate: `2024-0${i + 1}-01`,
        }),
      );
    }
  });

  const list = (q: Record<string, unknown>) => call('studies-list', { page: 1, pageSize: 10, ...q }, editor);
  const titlesOf = (items: Study[]) => items.map((s) => s.title.replace(/ LST$/, ''));

  it('defaults to the most recently updated first, with the total', async () => {
    const page = await list({});
    expect(page.total).toBe(6);
    expect(page.items.map((s) => s.id)).toEqual(created.map((s) => s.id).reverse());
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    // The list reads only the fields it returns (not the search tokens): each item is still the whole record.
    expect(page.items).toEqual([...created].reverse());
  });

  it('searches by word prefix, case and accent insensitive, multi-word, with totals', async () => {
    expect(titlesOf((await list({ search: 'card' })).items).sort()).toEqual(
      [
        'Cardiac rehabilitation phase 2',
        'Cardiology imaging cohort',
        'Réadaptation cardiaque à domicile',
        'Sleep and cardiac rhythm',
      ].sort(),
    );
    expect((await list({ search: 'card' })).total).toBe(4);
    expect(titlesOf((await list({ search: 'READAPT' })).items)).toEqual(['Réadaptation cardiaque à domicile']);
    expect(titlesOf((await list({ search: 'réadaptation card' })).items)).toEqual([
      'Réadaptation cardiaque à domicile',
    ]);
    expect(titlesOf((await list({ search: 'cardiac rh' })).items)).toEqual(['Sleep and cardiac rhythm']);
    expect((await list({ search: 'ardiac' })).total).toBe(0);
    expect((await list({ search: '  ' })).total).toBe(6);
  });

  it('filters by status and specialty, alone and with search', async () => {
    expect((await list({ status: 'Completed' })).total).toBe(3);
    expect(titlesOf((await list({ specialty: 'Pediatrics' })).items)).toEqual(['Pediatric asthma registry']);
    expect(titlesOf((await list({ search: 'card', status: 'Recruiting', sort: 'title:asc' })).items)).toEqual([
      'Cardiac rehabilitation phase 2',
      'Sleep and cardiac rhythm',
    ]);
    const all = await list({ search: 'c', status: 'Completed', specialty: 'Cardiology', sort: 'startDate:asc' });
    expect(titlesOf(all.items)).toEqual(['Réadaptation cardiaque à domicile', 'Cardiology imaging cohort']);
  });

  it('sorts by title and start date both ways', async () => {
    const byTitle = titlesOf((await list({ sort: 'title:asc' })).items);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    expect(titlesOf((await list({ sort: 'title:desc' })).items)).toEqual([...byTitle].reverse());
    expect((await list({ sort: 'startDate:desc' })).items.map((s) => s.startDate)).toEqual([
      '2024-06-01',
      '2024-05-01',
      '2024-04-01',
      '2024-03-01',
      '2024-02-01',
      '2024-01-01',
    ]);
    expect((await list({ sort: 'updatedAt:asc' })).items.map((s) => s.id)).toEqual(created.map((s) => s.id));
  });

  it('pages with offset and limit, the total unchanged', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const result = await call('studies-list', { page, pageSize: 10, sort: 'title:asc' }, editor);
      expect(result.total).toBe(6);
      seen.push(...result.items.map((s) => s.id));
    }
    expect(new Set(seen).size).toBe(6);
    const small = await call('studies-list', { page: 2, pageSize: 10, search: 'card' }, editor);
    expect(small).toMatchObject({ items: [], total: 4, page: 2 });
  });
});
