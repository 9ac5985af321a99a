// The access log: patient-level reads and refused calls are recorded (who, what, when, outcome); Admins list them.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_RETENTION_DAYS, maskPatientId } from '@trialdesk/shared';
import { recordAccess } from '../src/common/accessLog.js';
import { db } from '../src/common/firebase.js';
import {
  call,
  callError,
  expectError,
  issuesOf,
  newReference,
  newStudy,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';
import { validPayloads } from './fixtures.js';

useProject('access-log');
let people: Record<PersonaKind, Persona>;
beforeAll(async () => {
  people = await personas();
});

const list = (q: Record<string, unknown>, as: Persona = people.admin) =>
  call('accessLog-list', { page: 1, pageSize: 100, ...q }, as);

describe('what is recorded', () => {
  it('every answer that carries patient-level data: who, which references, how many, a masked identifier', async () => {
    const { editor } = people;
    const study = await newStudy(editor);
    // A pending reference of another study, ready to triage (made before the entries this test reads).
    const triage = (await validPayloads['references-triage'](editor, editor)) as { id: string };
    const since = new Date().toISOString();
    const first = await newReference(editor, study.id, { patientId: 'QC-7788-1234' });
    // The duplicate check is a patient search: it answered with the earlier reference of that patient.
    const second = await newReference(editor, study.id, { patientId: 'QC-7788-1234' });
    await call('references-get', { id: first.id }, editor);
    const searched = await call('references-list', { page: 1, pageSize: 10, patientId: 'qc 7788 1234' }, editor);
    const listed = await call('references-list', { page: 1, pageSize: 10, studyId: study.id }, editor);
    await call('audit-list', { page: 1, pageSize: 10, entity: 'references', entityId: first.id }, editor);
    await call('references-update', { id: first.id, version: first.version, referer: 'Dr. Roy' }, editor);
    const decided = await call('references-triage', triage, editor);
    // The originals a duplicate may name are the same patient's earlier referrals: a patient-level read.
    await call('references-originals', { id: second.id }, editor);
    await call('references-undoTriage', { id: triage.id, version: decided.version }, editor);
    // Not patient-level: nothing recorded.
    await call('studies-list', { page: 1, pageSize: 10 }, editor);
    await call('audit-list', { page: 1, pageSize: 10, entity: 'studies', entityId: study.id }, editor);

    const masked = maskPatientId('QC-7788-1234');
    // Facts, not sentences: the records with their masked IDs, the person's name, a search's masked identifier.
    const entry = (action: string, callable: string, targetIds: string[], searched: string | null = null) => ({
      actorUid: editor.uid,
      actorEmail: editor.email,
      actorName: 'Test editor',
      action,
      callable,
      outcome: 'allowed',
      targetIds,
      targetLabels: targetIds.map((id) => (id === triage.id ? triageMasked : masked)),
      count: targetIds.length,
      patientIdMasked: searched,
      export: null,
      detail: null,
    });
    const triageMasked = (await call('references-get', { id: triage.id }, people.admin)).patientIdMasked;
    const { items } = await list({ actorUid: editor.uid, from: since });
    const recorded = items.map(({ id: _id, at: _at, ...rest }) => rest);
    const expected = [
      entry('writeReference', 'references-create', [first.id]),
      entry('searchPatientId', 'references-create', [], masked),
      entry('writeReference', 'references-create', [second.id]),
      entry('searchPatientId', 'references-create', [first.id], masked),
      entry('readReference', 'references-get', [first.id]),
      entry('searchPatientId', 'references-list', [second.id, first.id], masked),
      entry('listReferences', 'references-list', [second.id, first.id]),
      entry('readReferenceHistory', 'audit-list', [first.id]),
      entry('writeReference', 'references-update', [first.id]),
      entry('writeReference', 'references-triage', [triage.id]),
      entry('listReferences', 'references-originals', [first.id]),
      entry('writeReference', 'references-undoTriage', [triage.id]),
    ];
    // Newest first; the two entries of one create are written together, in either order.
    expect(recorded).toHaveLength(expected.length);
    expect(recorded).toEqual(expect.arrayContaining(expected));
    expect(recorded[0]).toEqual(expected.at(-1));
    expect(JSON.stringify(recorded)).not.toMatch(/7788/);

    // The pseudonymous patient ID answers the search for that patient only.
    expect(searched.items.map((r) => r.productPatientId)).toEqual([first.productPatientId, first.productPatientId]);
    expect(first.productPatientId).toMatch(/^TD-/);
    expect(listed.items.map((r) => r.productPatientId)).toEqual([null, null]);
    expect(listed.items.map((r) => r.patientIdMasked)).toEqual([masked, masked]);

    // Kept for the retention period, then removed by Firestore's TTL policy on expiresAt.
    const stored = (await db().collection('accessLog').doc(items[0].id).get()).data()!;
    const keptDays = (stored.expiresAt.toMillis() - stored.at.toMillis()) / 86_400_000;
    expect(Math.round(keptDays)).toBe(ACCESS_LOG_RETENTION_DAYS);
  });

  it('each refused call, signed out or without the standing it needs', async () => {
    const since = new Date().toISOString();
    await expectError(callError('studies-list', { page: 1, pageSize: 10 }, null), 'unauthenticated');
    await expectError(callError('users-list', { page: 1, pageSize: 10 }, people.editor), 'permission-denied');
    // Named by the e-mail TrialDesk holds, not the one the person set on their account outside TrialDesk.
    const renamed = { ...people.editor, email: 'someone.else@example.com' };
    await expectError(callError('accessLog-list', { page: 1, pageSize: 10 }, renamed), 'permission-denied');
    const { items } = await list({ action: 'refused', from: since });
    expect(items.map((e) => [e.callable, e.actorEmail, e.outcome])).toEqual([
      ['accessLog-list', people.editor.email, 'permission-denied'],
      ['users-list', people.editor.email, 'permission-denied'],
      ['studies-list', null, 'unauthenticated'],
    ]);
  });

  it("a call's entries in one commit: all of them, or none when one cannot be stored", async () => {
    const callable = `test-oneCommit-${Date.now()}`;
    const entry = {
      action: 'readReference' as const,
      targets: [{ id: 'r1', label: null }],
      actorUid: people.editor.uid,
      actorEmail: people.editor.email,
      callable,
      outcome: 'allowed' as const,
    };
    const recorded = async () => (await db().collection('accessLog').where('callable', '==', callable).get()).size;
    // Firestore stores no undefined: the second entry fails, and the first is not recorded without it.
    const unstorable = { ...entry, actorEmail: undefined as unknown as string };
    await expect(recordAccess(entry, unstorable)).rejects.toThrow();
    expect(await recorded()).toBe(0);
    await recordAccess(entry, { ...entry, action: 'searchPatientId' });
    expect(await recorded()).toBe(2);
  });
});

describe('accessLog-list', () => {
  it('filters by person, action and time range, newest first, with totals', async () => {
    const { editor, admin } = people;
    const study = await newStudy(editor);
    const reference = await newReference(editor, study.id);
    const start = new Date().toISOString();
    await call('references-get', { id: reference.id }, editor);
    await call('references-get', { id: reference.id }, admin);
    // Away from both sides of the boundary: an ISO string keeps milliseconds, entries carry microseconds.
    await new Promise((r) => setTimeout(r, 20));
    const middle = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await call('references-get', { id: reference.id }, editor);
    const end = new Date().toISOString();

    const reads = await list({ action: 'readReference', from: start, to: end });
    expect(reads.items.map((e) => e.actorUid)).toEqual([editor.uid, admin.uid, editor.uid]);
    expect((await list({ action: 'readReference', actorUid: editor.uid, from: start })).total).toBe(2);
    expect((await list({ action: 'readReference', from: start, to: middle })).total).toBe(2);
    expect((await list({ actorUid: admin.uid, from: middle })).items).toEqual([]);
    const paged = await call('accessLog-list', { page: 2, pageSize: 10, actorUid: editor.uid }, admin);
    expect(paged.total).toBeGreaterThanOrEqual(paged.items.length);
  });

  it('an export keeps its list and filters as data; an entry from before facts were kept reads as it was', async () => {
    const { editor } = people;
    const since = new Date().toISOString();
    await call('studies-export', { language: 'fr', status: 'Recruiting', search: 'cardio' }, editor);
    // Written as entries were before they kept facts: an English detail, no labels.
    await db().collection('accessLog').add({
      at: new Date(),
      actorUid: editor.uid,
      actorEmail: editor.email,
      action: 'export',
      callable: 'references-export',
      outcome: 'allowed',
      targetIds: [],
      count: 3,
      detail: 'references: 3 rows; status=Pending',
    });
    const { items } = await list({ action: 'export', from: since });
    expect(items.map(({ id: _id, at: _at, ...rest }) => rest)).toEqual([
      {
        actorUid: editor.uid,
        actorEmail: editor.email,
        actorName: 'Test editor',
        action: 'export',
        callable: 'references-export',
        outcome: 'allowed',
        targetIds: [],
        targetLabels: [],
        count: 3,
        patientIdMasked: null,
        export: null,
        detail: 'references: 3 rows; status=Pending',
      },
      {
        actorUid: editor.uid,
        actorEmail: editor.email,
        actorName: 'Test editor',
        action: 'export',
        callable: 'studies-export',
        outcome: 'allowed',
        targetIds: [],
        targetLabels: [],
        count: expect.any(Number),
        patientIdMasked: null,
        export: { resource: 'studies', filters: { status: 'Recruiting', search: 'cardio' } },
        detail: null,
      },
    ]);
  });

  it('refuses a range that ends before it starts, and dates that are not ISO date-times', async () => {
    const error = await callError(
      'accessLog-list',
      { page: 1, pageSize: 10, from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      people.admin,
    );
    expect(issuesOf(error)).toEqual([expect.objectContaining({ path: 'to', key: 'validation.endBeforeStart' })]);
    const bad = await callError('accessLog-list', { page: 1, pageSize: 10, from: 'yesterday' }, people.admin);
    expect(issuesOf(bad)).toEqual([expect.objectContaining({ path: 'from', key: 'validation.date' })]);
  });
});
