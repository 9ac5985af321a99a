// References over HTTP: the raw patient identifier goes in, only its masked form and a pseudonym come back; the
// study's reference count follows every change.
import { describe, expect, it } from 'vitest';
import { as, expectError, uniqueWord } from './helpers.js';

describe('references over HTTP', () => {
  it('creates, finds by patient ID, detects a duplicate, moves, updates and deletes references', async () => {
    const editor = await as('editor');
    const admin = await as('admin');
    const [first, second] = await Promise.all(
      ['alpha', 'beta'].map((name) =>
        editor.call('studies-create', {
          title: `${uniqueWord(name)} referral study`,
          specialty: 'Oncology',
          status: 'Recruiting',
        }),
      ),
    );
    const patientId = `TREM ${Date.now().toString().slice(-8)}`;
    const reference = await editor.call('references-create', {
      studyId: first.id,
      patientId,
      referer: 'Dre Julie Côté, CHUM',
      status: 'Pending',
    });
    expect(reference.patientIdMasked).toMatch(/^\*+\d{4}$/);
    expect(reference.patientIdMasked.endsWith(patientId.slice(-4))).toBe(true);
    expect(JSON.stringify(reference)).not.toContain(patientId.replace(' ', ''));
    expect(reference).toMatchObject({
      studyId: first.id,
      studyTitle: first.title,
      status: 'Pending',
      duplicateOf: null,
    });
    expect((await editor.call('studies-get', { id: first.id })).referenceCount).toBe(1);

    // The same patient typed differently, same study: a duplicate of the first.
    const duplicate = await editor.call('references-create', {
      studyId: first.id,
      patientId: patientId.toLowerCase().replace(' ', '-'),
    });
    expect(duplicate).toMatchObject({
      status: 'Duplicate',
      duplicateOf: reference.id,
      productPatientId: reference.productPatientId,
    });

    const byPatient = await editor.call('references-list', { patientId, page: 1, pageSize: 10 });
    expect(byPatient.total).toBe(2);
    expect(new Set(byPatient.items.map((r) => r.id))).toEqual(new Set([reference.id, duplicate.id]));
    const pendingOfStudy = await editor.call('references-list', {
      studyId: first.id,
      status: 'Pending',
      page: 1,
      pageSize: 10,
    });
    expect(pendingOfStudy.items.map((r) => r.id)).toEqual([reference.id]);

    // Moving the duplicate to the other study: no longer a duplicate, both counts follow.
    const moved = await editor.call('references-update', {
      id: duplicate.id,
      version: duplicate.version,
      studyId: second.id,
    });
    expect(moved).toMatchObject({
      studyId: second.id,
      duplicateOf: null,
      status: 'Pending',
      version: duplicate.version + 1,
    });
    expect((await editor.call('studies-get', { id: first.id })).referenceCount).toBe(1);
    expect((await editor.call('studies-get', { id: second.id })).referenceCount).toBe(1);

    const accepted = await editor.call('references-update', { id: reference.id, version: 1, status: 'Accepted' });
    expect(accepted).toMatchObject({ status: 'Accepted', version: 2 });

    // A study with references cannot go; its references can (Admin only), and then the study.
    await expectError(admin.call('studies-delete', { id: first.id, version: first.version }), 'failed-precondition');
    await expectError(editor.call('references-delete', { id: reference.id, version: 2 }), 'permission-denied');
    await admin.call('references-delete', { id: reference.id, version: 2 });
    await admin.call('references-delete', { id: moved.id, version: moved.version });
    expect((await editor.call('studies-get', { id: first.id })).referenceCount).toBe(0);
    expect((await editor.call('references-list', { patientId, page: 1, pageSize: 10 })).total).toBe(0);
    await admin.call('studies-delete', { id: first.id, version: first.version });
  });

  it('refuses a reference to a study that does not exist', async () => {
    const editor = await as('editor');
    await expectError(
      editor.call('references-create', { studyId: 'no-such-study', patientId: 'ABCD 1234 5678' }),
      'not-found',
    );
  });
});
