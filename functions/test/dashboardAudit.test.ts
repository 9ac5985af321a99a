// The dashboard counts and the audit log read back.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callError,
  expectError,
  newContact,
  newReference,
  newStudy,
  newUser,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('dashboard-audit');
let people: Record<PersonaKind, Persona>;

beforeAll(async () => {
  people = await personas();
});

describe('dashboard-stats', () => {
  it('counts by status; users only for Admins', async () => {
    const { editor, admin } = people;
    const s1 = await newStudy(editor, { status: 'Recruiting' });
    await newStudy(editor, { status: 'Recruiting' });
    await newStudy(editor, { status: 'Completed' });
    await newReference(editor, s1.id, { status: 'Accepted' });
    await newReference(editor, s1.id, { patientId: 'SAME-1234' });
    await newReference(editor, s1.id, { patientId: 'SAME-1234' });
    await newContact(editor);
    await newUser(admin, { roleApproved: false });
    await newUser(admin, { roleApproved: true });

    const asEditor = await call('dashboard-stats', null, editor);
    expect(asEditor).toEqual({
      studies: { total: 3, byStatus: { Unknown: 0, Withdrawn: 0, Completed: 1, Recruiting: 2 } },
      references: { total: 3, byStatus: { Unknown: 0, Rejected: 0, Duplicate: 1, Pending: 1, Accepted: 1 } },
      studyContacts: { total: 1 },
      users: null,
    });
    const asAdmin = await call('dashboard-stats', {}, admin);
    // The file's four personas with a role have records too (one of them pending), beside the two made here.
    expect(asAdmin.users).toEqual({ total: 6, pending: 2 });
    expect(asAdmin.studies).toEqual(asEditor.studies);
  });
});

describe('audit-list', () => {
  it('lists a record history newest first, per entity, with paging and totals', async () => {
    const { editor } = people;
    const study = await newStudy(editor, { title: 'Audited study' });
    let version = 1;
    for (const status of ['Completed', 'Withdrawn', 'Unknown'] as const) {
      version = (await call('studies-update', { id: study.id, version, status }, editor)).version;
    }
    const history = await call('audit-list', { page: 1, pageSize: 10, entity: 'studies', entityId: study.id }, editor);
    expect(history.total).toBe(4);
    expect(history.items.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(history.items[0]).toMatchObject({
      entity: 'studies',
      entityId: study.id,
      actorUid: editor.uid,
      actorEmail: editor.email,
      changes: { status: { from: 'Withdrawn', to: 'Unknown' } },
    });
    const times = history.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const all = await call('audit-list', { page: 1, pageSize: 10, entity: 'studies' }, editor);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items.every((e) => e.entity === 'studies')).toBe(true);
    const page2 = await call('audit-list', { page: 2, pageSize: 10, entity: 'studies', entityId: study.id }, editor);
    expect(page2).toMatchObject({ items: [], total: 4 });
  });

  it("the users' history is for Admins only", async () => {
    const { editor, admin } = people;
    const user = await newUser(admin);
    await expectError(
      callError('audit-list', { page: 1, pageSize: 10, entity: 'users', entityId: user.id }, editor),
      'permission-denied',
      'errors.permissionDenied',
    );
    const history = await call('audit-list', { page: 1, pageSize: 10, entity: 'users', entityId: user.id }, admin);
    expect(history.items.map((e) => e.action)).toEqual(['create']);
    expect(history.items[0].actorUid).toBe(admin.uid);
  });
});
