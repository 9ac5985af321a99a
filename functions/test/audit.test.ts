// The audit log read back.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callError,
  expectError,
  newStudy,
  newUser,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';
import { validPayloads } from './fixtures.js';

useProject('audit');
let people: Record<PersonaKind, Persona>;

beforeAll(async () => {
  people = await personas();
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

describe('the people a history names', () => {
  it('the actors and the decider by their names', async () => {
    const { editor, admin } = people;
    const triage = (await validPayloads['references-triage'](editor, editor)) as { id: string };
    await call('references-triage', triage, admin);
    const history = await call(
      'audit-list',
      { page: 1, pageSize: 10, entity: 'references', entityId: triage.id },
      editor,
    );
    expect(history.items.map((e) => [e.action, e.actorName, e.people])).toEqual([
      ['update', 'Test admin', { [admin.uid]: 'Test admin' }],
      ['create', 'Test editor', {}],
    ]);
    expect(history.items[0].changes.decidedBy).toEqual({ from: null, to: admin.uid });
  });
});

describe('who the logs name', () => {
  it('the e-mail TrialDesk holds, not the one the person set on their own account', async () => {
    const { editor } = people;
    // The person changed the e-mail of their account outside TrialDesk: their tokens now carry that one.
    const renamed = { ...editor, email: 'someone.else@example.com' };
    const study = await newStudy(renamed, { title: 'Made after a change of e-mail' });
    const history = await call('audit-list', { page: 1, pageSize: 10, entity: 'studies', entityId: study.id }, editor);
    expect(history.items[0]).toMatchObject({ actorUid: editor.uid, actorEmail: editor.email });
  });
});
