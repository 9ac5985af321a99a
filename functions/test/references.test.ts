// References: patient-ID privacy, duplicates, reference counts, related studies, search, logs.
import { LOGGED } from './logCapture.js';
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  COLLECTIONS,
  contentsOf,
  expectError,
  newReference,
  newStudy,
  persona,
  useProject,
  type Persona,
} from './helpers.js';

useProject('references');
let editor: Persona;
let admin: Persona;
// Every raw patient identifier sent in this file: none may appear in any stored document.
const RAW_IDS: string[] = [];
const raw = (id: string) => (RAW_IDS.push(id), id);

beforeAll(async () => {
  [editor, admin] = await Promise.all([persona('editor'), persona('admin')]);
});

const studyCount = async (id: string) => (await call('studies-get', { id }, editor)).referenceCount;

describe('references-create', () => {
  it('stores the masked id, the keyed hash and the product id, never the raw id; counts and audits', async () => {
    const study = await newStudy(editor, { title: 'Heart failure registry' });
    const ref = await call(
      'references-create',
      {
        studyId: study.id,
        patientId: raw('qc-2024-557812'),
        referer: 'Dr Roy',
        title: 'A paper',
        authors: ['A. Author'],
        year: 2020,
        url: 'https://example.org/p',
        doi: '10.1000/xyz123',
      },
      editor,
    );
    const expectedHash = createHmac('sha256', 'trialdesk-local-development-secret')
      .update('QC2024557812')
      .digest('hex');
    expect(ref).toMatchObject({
      studyId: study.id,
      studyTitle: 'Heart failure registry',
      patientIdMasked: '********7812',
      productPatientId: `TD-${expectedHash.slice(0, 10).toUpperCase()}`,
      status: 'Pending',
      duplicateOf: null,
      referer: 'Dr Roy',
      authors: ['A. Author'],
      year: 2020,
      version: 1,
      studyIds: [],
    });
    expect(ref).not.toHaveProperty('patientIdHash');
    expect(ref).not.toHaveProperty('patientId');
    const stored = (await db().collection('references').doc(ref.id).get()).data()!;
    expect(stored.patientIdHash).toBe(expectedHash);
    expect(await studyCount(study.id)).toBe(1);
    const [entry] = await auditOf(ref.id);
    expect(entry.changes.patientIdMasked).toEqual({ from: null, to: '********7812' });
    expect(entry.changes).not.toHaveProperty('patientIdHash');
    expect(await call('references-get', { id: ref.id }, editor)).toEqual(ref);
  });

  it('marks a second reference of the same patient in the same study as a duplicate of the earliest', async () => {
    const study = await newStudy(editor);
    const other = await newStudy(editor);
    const first = await newReference(editor, study.id, { patientId: raw('DUP-0001') });
    const second = await newReference(editor, study.id, { patientId: raw('dup 0001'), status: 'Accepted' });
    const third = await newReference(editor, study.id, { patientId: raw('dup-0001') });
    const elsewhere = await newReference(editor, other.id, { patientId: raw('DUP0001') });
    expect(first).toMatchObject({ status: 'Pending', duplicateOf: null });
    expect(second).toMatchObject({
      status: 'Duplicate',
      duplicateOf: first.id,
      productPatientId: first.productPatientId,
    });
    expect(third).toMatchObject({ status: 'Duplicate', duplicateOf: first.id });
    expect(elsewhere).toMatchObject({ status: 'Pending', duplicateOf: null, productPatientId: first.productPatientId });
    expect(await studyCount(study.id)).toBe(3);
  });

  it('refuses a study that does not exist (not-found studyNotFound) and writes nothing', async () => {
    const before = await contentsOf();
    await expectError(
      callError('references-create', { studyId: 'no-such-study', patientId: raw('NF-123456') }, editor),
      'not-found',
      'errors.studyNotFound',
    );
    expect(await contentsOf()).toEqual(before);
  });
});

describe('related studies', () => {
  it('must exist, on create and on update, and a refusal writes nothing', async () => {
    const study = await newStudy(editor);
    const related = await newStudy(editor);
    const before = await contentsOf();
    const error = await expectError(
      callError(
        'references-create',
        { studyId: study.id, patientId: raw('REL-0001'), studyIds: [related.id, 'no-such-study'] },
        editor,
      ),
      'invalid-argument',
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'studyIds.1', key: 'validation.invalid' })]);
    expect(await contentsOf()).toEqual(before);
    const reference = await newReference(editor, study.id, { patientId: raw('REL-0002'), studyIds: [related.id] });
    expect(reference.studyIds).toEqual([related.id]);
    await expectError(
      callError('references-update', { id: reference.id, version: 1, studyIds: ['gone'] }, editor),
      'invalid-argument',
    );
    expect((await call('references-get', { id: reference.id }, editor)).studyIds).toEqual([related.id]);
  });
});

describe('references-update / delete', () => {
  it('moves a reference between studies, both counts in step, duplicate state recomputed', async () => {
    const a = await newStudy(editor, { title: 'Study A' });
    const b = await newStudy(editor, { title: 'Study B' });
    const inB = await newReference(editor, b.id, { patientId: raw('MOVE-1111') });
    const ref = await newReference(editor, a.id, { patientId: raw('MOVE-1111') });
    expect(ref.status).toBe('Pending');
    const moved = await call('references-update', { id: ref.id, version: 1, studyId: b.id }, editor);
    expect(moved).toMatchObject({
      studyId: b.id,
      studyTitle: 'Study B',
      status: 'Duplicate',
      duplicateOf: inB.id,
      version: 2,
    });
    expect(await studyCount(a.id)).toBe(0);
    expect(await studyCount(b.id)).toBe(2);
    const back = await call('references-update', { id: ref.id, version: 2, studyId: a.id }, editor);
    expect(back).toMatchObject({ studyId: a.id, status: 'Pending', duplicateOf: null });
    expect(await studyCount(a.id)).toBe(1);
    expect(await studyCount(b.id)).toBe(1);
    const changes = (await auditOf(ref.id)).map((e) => e.changes);
    expect(changes[1].studyId).toEqual({ from: a.id, to: b.id });
    expect(changes[1].status).toEqual({ from: 'Pending', to: 'Duplicate' });
  });

  it('a move to a missing study fails with studyNotFound and changes nothing', async () => {
    const a = await newStudy(editor);
    const ref = await newReference(editor, a.id);
    await expectError(
      callError('references-update', { id: ref.id, version: 1, studyId: 'missing-study' }, editor),
      'not-found',
      'errors.studyNotFound',
    );
    expect(await call('references-get', { id: ref.id }, editor)).toMatchObject({ studyId: a.id, version: 1 });
    expect(await studyCount(a.id)).toBe(1);
  });

  it('replacing the patient id re-masks, re-hashes and audits only the masked forms', async () => {
    const a = await newStudy(editor);
    const ref = await newReference(editor, a.id, { patientId: raw('OLD-9999') });
    const updated = await call('references-update', { id: ref.id, version: 1, patientId: raw('NEW-77665544') }, editor);
    expect(updated.patientIdMasked).toBe('*******5544');
    expect(updated.productPatientId).not.toBe(ref.productPatientId);
    const last = (await auditOf(ref.id)).at(-1)!;
    expect(last.changes.patientIdMasked).toEqual({ from: '******999', to: '*******5544' });
  });

  it('stale versions fail; delete decrements the count and is audited', async () => {
    const a = await newStudy(editor);
    const ref = await newReference(editor, a.id);
    await call('references-update', { id: ref.id, version: 1, status: 'Accepted' }, editor);
    await expectError(
      callError('references-update', { id: ref.id, version: 1, status: 'Rejected' }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    await expectError(
      callError('references-delete', { id: ref.id, version: 1 }, admin),
      'failed-precondition',
      'errors.staleVersion',
    );
    expect(await call('references-delete', { id: ref.id, version: 2 }, admin)).toEqual({ id: ref.id });
    expect(await studyCount(a.id)).toBe(0);
    expect((await auditOf(ref.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    await expectError(callError('references-get', { id: ref.id }, editor), 'not-found', 'errors.notFound');
  });
});

describe('references-list', () => {
  let s1: string;
  let s2: string;
  beforeAll(async () => {
    s1 = (await newStudy(editor, { title: 'List study one' })).id;
    s2 = (await newStudy(editor, { title: 'List study two' })).id;
    for (let i = 0; i < 7; i++) {
      await newReference(editor, i < 5 ? s1 : s2, {
        patientId: raw(`LIST-${i % 3}00${i}`),
        status: i % 2 ? 'Accepted' : 'Pending',
      });
    }
    await newReference(editor, s2, { patientId: raw('LIST-0000') });
  });
  const list = (q: Record<string, unknown>) => call('references-list', { page: 1, pageSize: 10, ...q }, editor);

  it('filters by study, status and exact patient id (through the hash), with study titles and totals', async () => {
    const inS1 = await list({ studyId: s1 });
    expect(inS1.total).toBe(5);
    expect(inS1.items.every((r) => r.studyTitle === 'List study one')).toBe(true);
    expect((await list({ studyId: s1, status: 'Accepted' })).total).toBe(2);
    const patient = await list({ patientId: 'list-0000' });
    expect(patient.total).toBe(2);
    expect(new Set(patient.items.map((r) => r.studyTitle))).toEqual(new Set(['List study one', 'List study two']));
    expect((await list({ patientId: 'LIST 0000', studyId: s2 })).items).toHaveLength(1);
    expect((await list({ patientId: 'LIST-0000', studyId: s2, status: 'Pending', sort: 'createdAt:asc' })).total).toBe(
      1,
    );
  });

  it('sorts by creation both ways and by last update, and pages', async () => {
    const desc = await list({ studyId: s1 });
    const asc = await list({ studyId: s1, sort: 'createdAt:asc' });
    expect(asc.items.map((r) => r.id)).toEqual(desc.items.map((r) => r.id).reverse());
    const touched = desc.items[4];
    await call('references-update', { id: touched.id, version: touched.version, referer: 'Dr Touched' }, editor);
    expect((await list({ studyId: s1, sort: 'updatedAt:desc' })).items[0].id).toBe(touched.id);
    const p1 = await call('references-list', { page: 1, pageSize: 10, studyId: s1 }, editor);
    const p2 = await call('references-list', { page: 2, pageSize: 10, studyId: s1 }, editor);
    expect([p1.items.length, p2.items.length, p2.total]).toEqual([5, 0, 5]);
  });
});

describe('privacy', () => {
  it('a call that fails unexpectedly logs the failure, never the patient identifier it carried', async () => {
    const [study, other] = [await newStudy(editor), await newStudy(editor)];
    const reference = await newReference(editor, study.id, { patientId: raw('LOG-9081726') });
    // A reference damaged outside the product: its study is no longer an id, so a move cannot uncount it.
    await db().collection('references').doc(reference.id).update({ studyId: 42 });
    const logged = LOGGED.length;
    await expectError(
      callError(
        'references-update',
        { id: reference.id, version: 1, studyId: other.id, patientId: raw('LOG-5566778') },
        editor,
      ),
      'internal',
      'errors.internal',
    );
    expect(LOGGED.slice(logged).join('\n')).toContain('references-update failed');
  });

  it('no raw patient identifier appears in any stored document, audit or access-log entry, or log line', async () => {
    expect(RAW_IDS.length).toBeGreaterThan(15);
    const collections = [...COLLECTIONS, 'accessLog'];
    const docs = (await Promise.all(collections.map((c) => db().collection(c).get()))).flatMap((s) => s.docs);
    const stored = docs.map((d) => JSON.stringify(d.data())).join('\n');
    const logged = LOGGED.join('\n');
    for (const text of [stored.toUpperCase(), logged.toUpperCase()]) {
      for (const id of RAW_IDS) {
        expect(text).not.toContain(id.toUpperCase());
        expect(text).not.toContain(id.toUpperCase().replace(/[\s-]/g, ''));
      }
    }
    expect(docs.filter((d) => d.ref.parent.id === 'auditLog').length).toBeGreaterThan(20);
    // The searches and reads of this file were recorded, with masked identifiers only.
    expect(docs.filter((d) => d.get('action') === 'searchPatientId').length).toBeGreaterThan(0);
    expect(logged).toContain('references-update failed');
  });
});
