// Studies and study contacts over HTTP: the firebase JS SDK as the web app uses it, through the Functions emulator.
import { describe, expect, it } from 'vitest';
import { as, expectError, uniqueWord } from './helpers.js';

describe('study contacts over HTTP', () => {
  it('creates, lists by email search, updates and deletes a contact', async () => {
    const admin = await as('admin');
    const word = uniqueWord('lafleur');
    const created = await admin.call('studyContacts-create', {
      firstName: 'Hélène',
      lastName: 'Lafleur',
      email: `${word}@chum.test`,
      phoneNumber: '514 555-0199',
      isTrialContact: true,
    });
    expect(created).toMatchObject({ displayName: 'Hélène Lafleur', version: 1, isTrialContact: true });

    const found = await admin.call('studyContacts-list', { search: word, page: 1, pageSize: 10 });
    expect(found.total).toBe(1);
    expect(found.items.map((c) => c.id)).toEqual([created.id]);

    const updated = await admin.call('studyContacts-update', {
      id: created.id,
      version: 1,
      phoneNumber: '418 555-0199',
    });
    expect(updated).toMatchObject({ phoneNumber: '418 555-0199', version: 2 });
    await expectError(
      admin.call('studyContacts-update', { id: created.id, version: 1, lastName: 'Stale' }),
      'failed-precondition',
    );

    expect(await admin.call('studyContacts-delete', { id: created.id, version: 2 })).toEqual({ id: created.id });
    await expectError(admin.call('studyContacts-get', { id: created.id }), 'not-found');
    expect((await admin.call('studyContacts-list', { search: word, page: 1, pageSize: 10 })).total).toBe(0);
  });
});

describe('studies over HTTP', () => {
  it('creates, finds by word prefix and status, updates and deletes a study', async () => {
    const editor = await as('editor');
    const admin = await as('admin');
    const word = uniqueWord('cardioprotect');
    const contact = await editor.call('studyContacts-create', {
      firstName: 'Luc',
      lastName: 'Dion',
      email: `${uniqueWord('luc')}@iucpq.test`,
    });
    const study = await editor.call('studies-create', {
      title: `Réadaptation ${word} après infarctus`,
      specialty: 'Cardiology',
      status: 'Recruiting',
      contactId: contact.id,
      startDate: '2026-01-05',
      endDate: '2027-12-31',
      conditions: ['Myocardial infarction'],
      summary: 'Supervised exercise started early after discharge.',
    });
    expect(study).toMatchObject({ version: 1, referenceCount: 0, contactId: contact.id, status: 'Recruiting' });
    expect(study.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Word prefix, case and accents ignored; combined with the status filter.
    const prefix = word.slice(0, 16).toUpperCase();
    const byPrefix = await editor.call('studies-list', { search: prefix, status: 'Recruiting', page: 1, pageSize: 20 });
    expect(byPrefix.items.map((s) => s.id)).toEqual([study.id]);
    expect(byPrefix.total).toBe(1);
    const otherStatus = await editor.call('studies-list', { search: word, status: 'Completed', page: 1, pageSize: 20 });
    expect(otherStatus.total).toBe(0);
    expect(
      (await editor.call('studies-list', { search: 'readaptation', page: 1, pageSize: 10 })).total,
    ).toBeGreaterThan(0);

    const updated = await editor.call('studies-update', {
      id: study.id,
      version: 1,
      status: 'Completed',
      endDate: '2026-06-30',
    });
    expect(updated).toMatchObject({ status: 'Completed', endDate: '2026-06-30', version: 2 });
    expect((await editor.call('studies-get', { id: study.id })).version).toBe(2);
    const afterUpdate = await editor.call('studies-list', { search: word, status: 'Completed', page: 1, pageSize: 20 });
    expect(afterUpdate.items.map((s) => s.id)).toEqual([study.id]);

    // Only an Admin deletes, and only at the version read.
    await expectError(editor.call('studies-delete', { id: study.id, version: 2 }), 'permission-denied');
    await expectError(admin.call('studies-delete', { id: study.id, version: 1 }), 'failed-precondition');
    expect(await admin.call('studies-delete', { id: study.id, version: 2 })).toEqual({ id: study.id });
    await expectError(editor.call('studies-get', { id: study.id }), 'not-found');
  });

  it('pages a list with totals from the count', async () => {
    const admin = await as('admin');
    const word = uniqueWord('pagination');
    for (let i = 0; i < 12; i++) {
      await admin.call('studies-create', { title: `${word} study ${i}`, specialty: 'Other', status: 'Unknown' });
    }
    const page1 = await admin.call('studies-list', { search: word, page: 1, pageSize: 10, sort: 'title:asc' });
    const page2 = await admin.call('studies-list', { search: word, page: 2, pageSize: 10, sort: 'title:asc' });
    expect([page1.total, page2.total]).toEqual([12, 12]);
    expect(page1.items).toHaveLength(10);
    expect(page2.items).toHaveLength(2);
    const titles = [...page1.items, ...page2.items].map((s) => s.title);
    expect(titles).toEqual([...titles].sort());
    expect(new Set(titles).size).toBe(12);
  });
});
