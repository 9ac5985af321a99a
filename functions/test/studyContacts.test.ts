// Study contacts: create, search, update, and a contact still named by studies cannot be deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  expectError,
  newContact,
  newStudy,
  persona,
  useProject,
  type Persona,
} from './helpers.js';

useProject('contacts');
let editor: Persona;
let admin: Persona;

beforeAll(async () => {
  [editor, admin] = await Promise.all([persona('editor'), persona('admin')]);
});

describe('studyContacts', () => {
  it('creates with a default display name, searchable internals hidden, audited', async () => {
    const contact = await call(
      'studyContacts-create',
      { firstName: ' Élise ', lastName: 'Bérubé', email: 'Elise.Berube@CHU.example', phoneNumber: '+1 514 555-0100' },
      editor,
    );
    expect(contact).toMatchObject({
      firstName: 'Élise',
      lastName: 'Bérubé',
      displayName: 'Élise Bérubé',
      email: 'Elise.Berube@CHU.example',
      phoneNumber: '+1 514 555-0100',
      isTrialContact: false,
      version: 1,
    });
    expect(Object.keys(contact).sort()).toEqual([
      'createdAt',
      'createdBy',
      'displayName',
      'email',
      'firstName',
      'id',
      'isTrialContact',
      'lastName',
      'phoneNumber',
      'updatedAt',
      'updatedBy',
      'version',
    ]);
    const stored = (await db().collection('studyContacts').doc(contact.id).get()).data()!;
    expect(stored.emailLower).toBe('elise.berube@chu.example');
    expect((await auditOf(contact.id))[0].changes.displayName).toEqual({ from: null, to: 'Élise Bérubé' });
  });

  it('updates (display name follows when cleared), refuses stale versions, deletes for Admins', async () => {
    const contact = await newContact(editor, { displayName: 'Custom' });
    const updated = await call(
      'studyContacts-update',
      { id: contact.id, version: 1, lastName: 'Côté', displayName: '' },
      editor,
    );
    expect(updated).toMatchObject({ lastName: 'Côté', displayName: 'Jeanne Côté', version: 2 });
    await expectError(
      callError('studyContacts-update', { id: contact.id, version: 1, firstName: 'X' }, editor),
      'failed-precondition',
      'errors.staleVersion',
    );
    await expectError(
      callError('studyContacts-delete', { id: contact.id, version: 2 }, editor),
      'permission-denied',
      'errors.permissionDenied',
    );
    expect(await call('studyContacts-delete', { id: contact.id, version: 2 }, admin)).toEqual({ id: contact.id });
    await expectError(callError('studyContacts-get', { id: contact.id }, editor), 'not-found');
    expect((await auditOf(contact.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a study can name a contact, and the contact cannot be deleted while a study names it', async () => {
    const contact = await newContact(editor);
    const study = await newStudy(editor, { contactId: contact.id });
    expect(study.contactId).toBe(contact.id);
    await expectError(
      callError('studyContacts-delete', { id: contact.id, version: 1 }, admin),
      'failed-precondition',
      'errors.contactInUse',
      { count: 1 },
    );
    expect((await call('studyContacts-get', { id: contact.id }, editor)).id).toBe(contact.id);
    await call('studies-update', { id: study.id, version: study.version, contactId: null }, editor);
    expect(await call('studyContacts-delete', { id: contact.id, version: 1 }, admin)).toEqual({ id: contact.id });
  });

  describe('list', () => {
    beforeAll(async () => {
      await Promise.all((await db().collection('studyContacts').listDocuments()).map((d) => d.delete()));
      await newContact(editor, {
        firstName: 'Ann',
        lastName: 'zimmer',
        email: 'ann.zimmer@hospital.example',
        isTrialContact: true,
      });
      await newContact(editor, { firstName: 'Bob', lastName: 'Adams', email: 'bob@clinic.example' });
      await newContact(editor, {
        firstName: 'Céline',
        lastName: 'Martin',
        email: 'celine.martin@hospital.example',
        isTrialContact: true,
      });
    });
    const list = (q: Record<string, unknown>) => call('studyContacts-list', { page: 1, pageSize: 10, ...q }, editor);

    it('sorts by last name case-insensitively by default, and by email', async () => {
      expect((await list({})).items.map((c) => c.lastName)).toEqual(['Adams', 'Martin', 'zimmer']);
      expect((await list({ sort: 'lastName:desc' })).items.map((c) => c.lastName)).toEqual([
        'zimmer',
        'Martin',
        'Adams',
      ]);
      expect((await list({ sort: 'email:asc' })).items.map((c) => c.firstName)).toEqual(['Ann', 'Bob', 'Céline']);
      expect((await list({ sort: 'email:desc' })).items.map((c) => c.firstName)).toEqual(['Céline', 'Bob', 'Ann']);
      expect((await list({ sort: 'createdAt:desc' })).items.map((c) => c.firstName)).toEqual(['Céline', 'Bob', 'Ann']);
    });

    it('searches email and names by word prefix, filters trial contacts, counts', async () => {
      expect((await list({ search: 'hospital' })).total).toBe(2);
      expect((await list({ search: 'celine.mar' })).items.map((c) => c.firstName)).toEqual(['Céline']);
      expect((await list({ search: 'CÉL' })).total).toBe(1);
      expect((await list({ search: 'bob@clinic.example' })).total).toBe(1);
      expect((await list({ isTrialContact: true })).total).toBe(2);
      expect((await list({ isTrialContact: false, search: 'hosp' })).total).toBe(0);
      expect((await list({ isTrialContact: true, search: 'ann', sort: 'email:desc' })).total).toBe(1);
    });
  });
});
