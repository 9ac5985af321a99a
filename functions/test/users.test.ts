import { beforeAll, describe, expect, it } from 'vitest';
import { auth, db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  countDocs,
  expectError,
  newStudy,
  newUser,
  persona,
  personas,
  userInput,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('users');
let people: Record<PersonaKind, Persona>;
let admin: Persona;

beforeAll(async () => {
  people = await personas();
  admin = people.admin;
});

// The Auth emulator keeps passwords as `fakeHash:salt=...:password=<password>`: the account got the form's password.
const passwordOf = async (uid: string) =>
  (await auth().listUsers()).users.find((u) => u.uid === uid)?.passwordHash?.replace(/^.*:password=/, '');
const claimsOf = async (uid: string) => (await auth().getUser(uid)).customClaims;

describe('users-create', () => {
  it('makes an Auth account with the password and claims, a derived record and an audit entry', async () => {
    const input = userInput({ role: 'Admin', roleApproved: false, phone: '514-555-0199' });
    const user = await call('users-create', input, admin);
    expect(user).toMatchObject({
      email: input.email,
      role: 'Admin',
      roleApproved: false,
      status: 'PendingAdmin',
      isAdmin: true,
      isUser: false,
      phone: '514-555-0199',
      picture: '',
      version: 1,
      createdBy: admin.uid,
    });
    expect(user).not.toHaveProperty('password');
    const account = await auth().getUser(user.id);
    expect(account.email).toBe(input.email);
    expect(account.customClaims).toEqual({ role: 'Admin', isRoleApproved: false });
    expect(await passwordOf(user.id)).toBe(input.password);
    const stored = JSON.stringify((await db().collection('users').doc(user.id).get()).data());
    expect(stored).not.toContain(input.password);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'users',
      changes: { status: { from: null, to: 'PendingAdmin' } },
    });
    expect(JSON.stringify(entry)).not.toContain(input.password);
  });

  it('an email already in Auth is emailTaken, with nothing written', async () => {
    const before = await countDocs();
    const accounts = (await auth().listUsers()).users.length;
    await expectError(
      callError('users-create', userInput({ email: people.editor.email }), admin),
      'already-exists',
      'errors.emailTaken',
    );
    expect(await countDocs()).toEqual(before);
    expect((await auth().listUsers()).users.length).toBe(accounts);
  });
});

describe('users-update / approve / revoke', () => {
  it('keeps claims, status and record in step; a demotion revokes refresh tokens', async () => {
    await newUser(admin, { role: 'Admin', roleApproved: true });
    const user = await newUser(admin, { role: 'Editor', roleApproved: true });
    const validBefore = Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!);
    await new Promise((r) => setTimeout(r, 1100));
    const promoted = await call(
      'users-update',
      { id: user.id, version: 1, role: 'Admin', firstName: 'Marie-Ève' },
      admin,
    );
    expect(promoted).toMatchObject({
      role: 'Admin',
      status: 'Admin',
      isAdmin: true,
      version: 2,
      firstName: 'Marie-Ève',
    });
    expect(await claimsOf(user.id)).toEqual({ role: 'Admin', isRoleApproved: true });
    expect((await auth().getUser(user.id)).displayName).toBe('Marie-Ève Gagnon');
    expect(Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!)).toBe(validBefore);

    const demoted = await call('users-update', { id: user.id, version: 2, role: 'User' }, admin);
    expect(demoted).toMatchObject({ role: 'User', status: 'User', isAdmin: false, isUser: true });
    expect(await claimsOf(user.id)).toEqual({ role: 'User', isRoleApproved: true });
    expect(Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!)).toBeGreaterThan(validBefore);
    const entries = await auditOf(user.id);
    expect(entries.at(-1)!.changes).toEqual({
      role: { from: 'Admin', to: 'User' },
      status: { from: 'Admin', to: 'User' },
      isAdmin: { from: true, to: false },
      isUser: { from: false, to: true },
    });
  });

  it('changes the account email and password; refuses an email another account has', async () => {
    const user = await newUser(admin);
    const email = `renamed-${user.id.slice(0, 6).toLowerCase()}@trialdesk.test`;
    const updated = await call(
      'users-update',
      { id: user.id, version: 1, email, password: 'new-password-9', confirmPassword: 'new-password-9' },
      admin,
    );
    expect(updated.email).toBe(email);
    expect((await auth().getUser(user.id)).email).toBe(email);
    expect(await passwordOf(user.id)).toBe('new-password-9');
    expect((await auditOf(user.id)).at(-1)!.changes.password).toEqual({ from: null, to: 'reset' });
    await expectError(
      callError('users-update', { id: user.id, version: 2, email: people.editor.email }, admin),
      'already-exists',
      'errors.emailTaken',
    );
    expect((await call('users-get', { id: user.id }, admin)).version).toBe(2);
  });

  it('approve makes the role effective (optionally another role); revoke withdraws it and revokes tokens', async () => {
    const user = await newUser(admin, { role: 'Editor', roleApproved: false });
    expect(user.status).toBe('PendingEditor');
    const approved = await call('users-approve', { id: user.id, version: 1, role: 'Admin' }, admin);
    expect(approved).toMatchObject({ role: 'Admin', roleApproved: true, status: 'Admin' });
    expect(await claimsOf(user.id)).toEqual({ role: 'Admin', isRoleApproved: true });
    const validBefore = Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!);
    await new Promise((r) => setTimeout(r, 1100));
    const revoked = await call('users-revoke', { id: user.id, version: 2 }, admin);
    expect(revoked).toMatchObject({ role: 'Admin', roleApproved: false, status: 'PendingAdmin', version: 3 });
    expect(await claimsOf(user.id)).toEqual({ role: 'Admin', isRoleApproved: false });
    expect(Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!)).toBeGreaterThan(validBefore);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['create', 'approve', 'revoke']);
    await expectError(
      callError('users-approve', { id: user.id, version: 2 }, admin),
      'failed-precondition',
      'errors.staleVersion',
    );
  });
});

describe('users-delete and the last admin', () => {
  it('the last approved Admin cannot be demoted, revoked or deleted; another may', async () => {
    await Promise.all((await db().collection('users').listDocuments()).map((d) => d.delete()));
    const only = await newUser(admin, { role: 'Admin', roleApproved: true });
    await expectError(
      callError('users-update', { id: only.id, version: 1, role: 'Editor' }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
    await expectError(
      callError('users-update', { id: only.id, version: 1, roleApproved: false }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
    await expectError(
      callError('users-revoke', { id: only.id, version: 1 }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
    await expectError(
      callError('users-approve', { id: only.id, version: 1, role: 'User' }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
    await expectError(
      callError('users-delete', { id: only.id, version: 1 }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
    expect(await claimsOf(only.id)).toEqual({ role: 'Admin', isRoleApproved: true });

    const second = await newUser(admin, { role: 'Admin', roleApproved: true });
    expect(await call('users-delete', { id: only.id, version: 1 }, admin)).toEqual({ id: only.id });
    await expect(auth().getUser(only.id)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await db().collection('users').doc(only.id).get()).exists).toBe(false);
    expect((await auditOf(only.id)).at(-1)).toMatchObject({ action: 'delete', changes: { email: { to: null } } });
    await expectError(
      callError('users-revoke', { id: second.id, version: 1 }, admin),
      'failed-precondition',
      'errors.lastAdmin',
    );
  });
});

describe('session checks on user management', () => {
  it('refuses a token issued before a revocation, and disabled accounts', async () => {
    const stale = { ...admin, authTime: Math.floor(Date.now() / 1000) - 3600 };
    await expectError(
      callError('users-list', { page: 1, pageSize: 10 }, stale),
      'unauthenticated',
      'errors.tokenRevoked',
    );
    await expectError(callError('users-me', {}, stale), 'unauthenticated', 'errors.tokenRevoked');
    const other = await persona('admin', '-disabled');
    await call('users-list', { page: 1, pageSize: 10 }, other);
    await auth().updateUser(other.uid, { disabled: true });
    await expectError(
      callError('users-list', { page: 1, pageSize: 10 }, other),
      'unauthenticated',
      'errors.tokenRevoked',
    );
    // Studies are not user management: a signed-in approved Editor token is enough there.
    await call('studies-list', { page: 1, pageSize: 10 }, { ...people.editor, authTime: 1 });
  });
});

describe('users-requestAccess / users-me', () => {
  it('creates a pending Editor record once, never grants and never changes an existing record', async () => {
    const someone = await persona('noClaims', '-req');
    someone.name = 'Luc  Bergeron Roy';
    const meBefore = await call('users-me', null, someone);
    expect(meBefore).toEqual({
      uid: someone.uid,
      email: someone.email,
      claims: { role: null, isRoleApproved: false },
      user: null,
    });
    const first = await call('users-requestAccess', null, someone);
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({
      id: someone.uid,
      email: someone.email,
      firstName: 'Luc',
      lastName: 'Bergeron Roy',
      role: 'Editor',
      roleApproved: false,
      status: 'PendingEditor',
    });
    const again = await call('users-requestAccess', {}, someone);
    expect(again).toEqual({ created: false, user: first.user });
    expect(await claimsOf(someone.uid)).toEqual({});
    expect((await auditOf(someone.uid)).map((e) => e.action)).toEqual(['requestAccess']);

    // An approved user asking again keeps role and approval.
    const approved = await call('users-approve', { id: someone.uid, version: 1, role: 'User' }, admin);
    const third = await call('users-requestAccess', {}, { ...someone, claims: { role: 'User', isRoleApproved: true } });
    expect(third).toEqual({ created: false, user: approved });
    const me = await call('users-me', {}, { ...someone, claims: { role: 'User', isRoleApproved: true } });
    expect(me).toEqual({
      uid: someone.uid,
      email: someone.email,
      claims: { role: 'User', isRoleApproved: true },
      user: approved,
    });
  });
});

describe('users-list', () => {
  it('searches email and names, filters approval and role, sorts by email, counts', async () => {
    await Promise.all((await db().collection('users').listDocuments()).map((d) => d.delete()));
    const tag = `lst${Date.now().toString(36)}`;
    await newUser(admin, { email: `c.${tag}@trialdesk.test`, firstName: 'Chloé', role: 'Admin', roleApproved: true });
    await newUser(admin, { email: `a.${tag}@trialdesk.test`, firstName: 'Amir', role: 'Editor', roleApproved: false });
    await newUser(admin, { email: `b.${tag}@trialdesk.test`, firstName: 'Béa', role: 'Editor', roleApproved: true });
    const list = (q: Record<string, unknown>) => call('users-list', { page: 1, pageSize: 10, ...q }, admin);
    expect((await list({})).items.map((u) => u.firstName)).toEqual(['Amir', 'Béa', 'Chloé']);
    expect((await list({ sort: 'email:desc' })).items.map((u) => u.firstName)).toEqual(['Chloé', 'Béa', 'Amir']);
    expect((await list({ sort: 'createdAt:asc' })).items.map((u) => u.firstName)).toEqual(['Chloé', 'Amir', 'Béa']);
    expect((await list({ sort: 'createdAt:desc' })).items.map((u) => u.firstName)).toEqual(['Béa', 'Amir', 'Chloé']);
    expect((await list({ approval: 'pending' })).items.map((u) => u.firstName)).toEqual(['Amir']);
    expect((await list({ approval: 'approved', role: 'Editor' })).total).toBe(1);
    expect((await list({ search: 'bea' })).items.map((u) => u.firstName)).toEqual(['Béa']);
    expect((await list({ search: `a.${tag}` })).total).toBe(1);
    expect((await list({ search: tag, approval: 'approved', role: 'Admin', sort: 'createdAt:desc' })).total).toBe(1);
    expect((await list({ search: 'trialdesk', role: 'Editor' })).total).toBe(2);
    const page2 = await call('users-list', { page: 2, pageSize: 10 }, admin);
    expect(page2).toMatchObject({ items: [], total: 3 });
  });
});

describe('the account follows the record', () => {
  it('a failed sync says the change was saved; repeating the action mends the account', async () => {
    const user = await newUser(admin, { role: 'Editor', roleApproved: false });
    // The Auth account vanishes (removed in the console, say): the approval is saved, its claims cannot follow.
    await auth().deleteUser(user.id);
    const error = await callError('users-approve', { id: user.id, version: 1 }, admin);
    expect(error.code).toBe('internal');
    expect(error.details).toEqual({ key: 'errors.accountNotSynced' });
    expect(error.message).toMatch(/^The change was saved/);
    const saved = await call('users-get', { id: user.id }, admin);
    expect(saved).toMatchObject({ roleApproved: true, status: 'Editor', version: 2 });

    // The account is back (same uid, no claims): approving again brings it in step with the record.
    await auth().createUser({ uid: user.id, email: user.email });
    const again = await call('users-approve', { id: user.id, version: 2 }, admin);
    expect(again).toMatchObject({ status: 'Editor', version: 3 });
    expect(await claimsOf(user.id)).toEqual({ role: 'Editor', isRoleApproved: true });
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['create', 'approve', 'approve']);
  });

  it('claims that grant more than the record are withdrawn, with tokens revoked, by an update with no change', async () => {
    const user = await newUser(admin, { role: 'User', roleApproved: true });
    // Claims out of step with the record, as a sync cut off before it finished would leave them.
    await auth().setCustomUserClaims(user.id, { role: 'Admin', isRoleApproved: true });
    const validBefore = Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!);
    await new Promise((r) => setTimeout(r, 1100));
    const same = await call('users-update', { id: user.id, version: 1, role: 'User' }, admin);
    expect(same.version).toBe(1);
    expect(await claimsOf(user.id)).toEqual({ role: 'User', isRoleApproved: true });
    expect(Date.parse((await auth().getUser(user.id)).tokensValidAfterTime!)).toBeGreaterThan(validBefore);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['create']);
  });
});

describe('unexpected failures', () => {
  it('surface as internal with errors.internal, never the underlying message', async () => {
    const study = await newStudy(admin);
    // A record damaged outside the product: its title is no longer text, so its search tokens cannot be made.
    await db().collection('studies').doc(study.id).update({ title: 42 });
    const error = await callError('studies-update', { id: study.id, version: 1, status: 'Completed' }, admin);
    expect(error).toEqual({
      code: 'internal',
      message: 'Server error occurred. Please try again.',
      details: { key: 'errors.internal' },
    });
  });
});
