// Staff accounts: the record and the Auth account in step, current standing, access requests, last Admin.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { auth, bucket, db } from '../src/common/firebase.js';
import {
  auditOf,
  call,
  callError,
  clearUsersBut,
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

describe('current standing', () => {
  const list = { page: 1, pageSize: 10 };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('refuses disabled accounts and sessions that Auth ended after they began, on every kind of call', async () => {
    const other = await persona('admin', '-disabled');
    await call('users-list', list, other);
    await auth().updateUser(other.uid, { disabled: true });
    for (const name of ['users-list', 'studies-list', 'users-me'] as const) {
      await expectError(
        callError(name, name === 'users-me' ? {} : list, other),
        'permission-denied',
        'errors.accessRevoked',
      );
    }
    // Sessions ended in Auth itself (the console, a password change) count from the next whole second.
    const ended = await persona('editor', '-ended');
    await sleep(1100);
    const session = { ...ended, authTime: Math.floor(Date.now() / 1000) };
    await call('studies-list', list, session);
    await sleep(1100);
    await auth().revokeRefreshTokens(ended.uid);
    // Still an approved Editor: signing in again works, and the refusal says so.
    await expectError(callError('studies-list', list, session), 'permission-denied', 'errors.sessionEnded');
    await expectError(callError('users-me', {}, session), 'permission-denied', 'errors.sessionEnded');
  });

  it('refuses a person whose account e-mail was changed outside TrialDesk, until an Admin sets one in TrialDesk', async () => {
    const editor = await persona('editor', '-email-changed');
    await call('studies-list', list, editor);
    // Auth may end the sessions of an account whose e-mail changes: each step below signs in again after it.
    const signedInAgain = async () => {
      await sleep(1100);
      return { ...editor, authTime: Math.floor(Date.now() / 1000) };
    };
    // What the person can do with their own ID token through Auth's REST API (accounts:update).
    await auth().updateUser(editor.uid, { email: 'someone.else@example.com' });
    const since = new Date().toISOString();
    const session = await signedInAgain();
    for (const name of ['studies-list', 'users-me'] as const) {
      await expectError(
        callError(name, name === 'users-me' ? {} : list, session),
        'permission-denied',
        'errors.accountEmailChanged',
      );
    }
    // Recorded, and named by the e-mail TrialDesk holds.
    const refused = await call('accessLog-list', { page: 1, pageSize: 10, actorUid: editor.uid, from: since }, admin);
    expect(refused.items.map((e) => [e.callable, e.actorEmail, e.outcome])).toEqual([
      ['users-me', editor.email, 'permission-denied'],
      ['studies-list', editor.email, 'permission-denied'],
    ]);
    // Auth compares addresses without case: so does the check.
    await auth().updateUser(editor.uid, { email: editor.email.toUpperCase() });
    await expect(call('studies-list', list, await signedInAgain())).resolves.toMatchObject({ page: 1 });
    // The Admin decides: the address set in TrialDesk goes to the record and the account together.
    await auth().updateUser(editor.uid, { email: 'someone.else@example.com' });
    await call('users-update', { id: editor.uid, version: 1, email: 'editor.new@trialdesk.test' }, admin);
    expect((await auth().getUser(editor.uid)).email).toBe('editor.new@trialdesk.test');
    await expect(call('studies-list', list, await signedInAgain())).resolves.toMatchObject({ page: 1 });
  });

  it('a session begun before the app revoked the person is refused even in the same second; a later one works', async () => {
    const editor = await persona('editor', '-same-second');
    const session = { ...editor, authTime: Math.floor(Date.now() / 1000) };
    await call('studies-list', list, session);
    const revoked = await call('users-revoke', { id: editor.uid, version: 1 }, admin);
    await expectError(callError('studies-list', list, session), 'permission-denied', 'errors.accessRevoked');
    // Approved again: the session that began before the revocation stays ended.
    await call('users-approve', { id: editor.uid, version: revoked.version }, admin);
    await expectError(callError('studies-list', list, session), 'permission-denied', 'errors.sessionEnded');
    await expectError(callError('users-me', {}, session), 'permission-denied', 'errors.sessionEnded');
    const endedAt = (await db().collection('users').doc(editor.uid).get()).get('sessionsEndedAt').toMillis();
    const nextSecond = Math.floor(endedAt / 1000) + 1;
    await sleep(Math.max(0, nextSecond * 1000 - Date.now()));
    await expect(call('studies-list', list, { ...editor, authTime: nextSecond })).resolves.toMatchObject({ page: 1 });
  });

  it('a new password ends the sessions in the users record, which storage.rules reads: by an Admin or in Auth', async () => {
    const markOf = async (uid: string) =>
      ((await db().collection('users').doc(uid).get()).get('sessionsEndedAt') as Timestamp | undefined)?.toMillis();
    // Set by an Admin: in the same commit as the change.
    const reset = await persona('editor', '-new-password');
    const before = Date.now();
    const password = 'another-password-1';
    await call('users-update', { id: reset.uid, version: 1, password, confirmPassword: password }, admin);
    expect(await markOf(reset.uid)).toBeGreaterThanOrEqual(before - 1_000);
    // Through Auth's own reset page, which ends the sessions in Auth: the record follows at the next call.
    const own = await persona('editor', '-own-reset');
    await sleep(1100);
    await auth().revokeRefreshTokens(own.uid);
    const authMark = Date.parse((await auth().getUser(own.uid)).tokensValidAfterTime!);
    await call('studies-list', list, { ...own, authTime: Math.ceil(authMark / 1000) });
    expect(await markOf(own.uid)).toBe(authMark - 1);
  });

  it('a promotion counts once the token carries it; a demotion at once', async () => {
    const editor = await persona('editor', '-promoted');
    await call('users-update', { id: editor.uid, version: 1, role: 'Admin' }, admin);
    // The record says Admin, the token still says Editor: staff calls work, admin calls wait for a new token.
    await call('studies-list', list, editor);
    await expectError(callError('users-list', list, editor), 'permission-denied', 'errors.permissionDenied');
    const promoted = { ...editor, claims: { role: 'Admin' as const, isRoleApproved: true } };
    await expect(call('users-list', list, promoted)).resolves.toMatchObject({ page: 1 });
    // The users' history is for Admins: the token of an Admin demoted since does not reach it.
    await call('users-update', { id: editor.uid, version: 2, role: 'Editor' }, admin);
    await expectError(
      callError('audit-list', { page: 1, pageSize: 10, entity: 'users' }, promoted),
      'permission-denied',
      'errors.sessionEnded',
    );
  });
});

describe('users-requestAccess / users-me', () => {
  it('creates a pending Editor record once, never grants and never changes an existing record', async () => {
    const someone = await persona('noClaims', '-req');
    await auth().updateUser(someone.uid, { displayName: 'Luc  Bergeron Roy' });
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
      emailVerified: false,
      provider: 'password',
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

  it('takes email and names from the Auth account, within the users-create limits, never from the token', async () => {
    const someone = await persona('noClaims', '-provider');
    const longName = `<b>${'x'.repeat(5000)}</b>`;
    await auth().updateUser(someone.uid, { displayName: `Ana ${longName}`, emailVerified: true });
    // The token claims another name and a colleague's address: neither is used.
    const forged = { ...someone, email: people.admin.email, name: 'Chief Admin' };
    const { user } = await call('users-requestAccess', {}, forged);
    expect(user).toMatchObject({ email: someone.email, firstName: 'Ana', lastName: '', emailVerified: true });
    const stored = (await db().collection('users').doc(someone.uid).get()).data()!;
    expect(stored).toMatchObject({ email: someone.email, firstName: 'Ana', lastName: '' });
    expect(stored).not.toHaveProperty('emailVerified');

    // An account without an email address cannot ask: there would be no one to approve.
    const anonymous: Persona = { uid: 'no-email', email: '', claims: {} };
    await auth().createUser({ uid: anonymous.uid, phoneNumber: '+15145550100' });
    await expectError(
      callError('users-requestAccess', {}, anonymous),
      'failed-precondition',
      'errors.accountEmailInvalid',
    );
    expect((await db().collection('users').doc(anonymous.uid).get()).exists).toBe(false);
  });
});

describe('users-list', () => {
  it('searches email and names, filters approval and role, sorts by email, counts', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    await newUser(admin, { email: `c.${tag}@trialdesk.test`, firstName: 'Chloé', role: 'Admin', roleApproved: true });
    await newUser(admin, { email: `a.${tag}@trialdesk.test`, firstName: 'Amir', role: 'Editor', roleApproved: false });
    await newUser(admin, { email: `b.${tag}@trialdesk.test`, firstName: 'Béa', role: 'Editor', roleApproved: true });
    // Every query carries the tag: the file's other records stay out of the counts.
    const list = (q: Record<string, unknown>) =>
      call('users-list', { page: 1, pageSize: 10, search: tag, ...q }, admin);
    expect((await list({})).items.map((u) => u.firstName)).toEqual(['Amir', 'Béa', 'Chloé']);
    expect((await list({ sort: 'email:desc' })).items.map((u) => u.firstName)).toEqual(['Chloé', 'Béa', 'Amir']);
    expect((await list({ sort: 'createdAt:asc' })).items.map((u) => u.firstName)).toEqual(['Chloé', 'Amir', 'Béa']);
    expect((await list({ sort: 'createdAt:desc' })).items.map((u) => u.firstName)).toEqual(['Béa', 'Amir', 'Chloé']);
    expect((await list({ approval: 'pending' })).items.map((u) => u.firstName)).toEqual(['Amir']);
    expect((await list({ approval: 'approved', role: 'Editor' })).total).toBe(1);
    expect((await list({ search: 'bea' })).items.map((u) => u.firstName)).toEqual(['Béa']);
    expect((await list({ search: `a.${tag}` })).total).toBe(1);
    expect((await list({ approval: 'approved', role: 'Admin', sort: 'createdAt:desc' })).total).toBe(1);
    expect((await list({ role: 'Editor' })).total).toBe(2);
    const page2 = await list({ page: 2 });
    expect(page2).toMatchObject({ items: [], total: 3 });
    // The accounts' facts come with each user: made by an Admin, a password account not yet verified.
    expect((await list({})).items.map((u) => [u.provider, u.emailVerified])).toEqual([
      ['password', false],
      ['password', false],
      ['password', false],
    ]);
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

describe('users-delete', () => {
  it("removes the person's files with them: picture (its link stops working), uploads and exports", async () => {
    const user = await newUser(admin, { role: 'Editor', roleApproved: true });
    const files = [`pictures/${user.id}/p.jpg`, `uploads/${user.id}/u.pdf`, `exports/${user.id}/e.csv`];
    await Promise.all(files.map((path) => bucket().file(path).save(Buffer.from('x'), { resumable: false })));
    const kept = `uploads/${admin.uid}/kept.pdf`;
    await bucket().file(kept).save(Buffer.from('x'), { resumable: false });
    await call('users-delete', { id: user.id, version: 1 }, admin);
    for (const path of files) expect((await bucket().file(path).exists())[0], path).toBe(false);
    expect((await bucket().file(kept).exists())[0]).toBe(true);
  });
});

// Last in the file: the file's Admin ends up deleted.
describe('users-delete and the last admin', () => {
  it('the last approved Admin cannot be demoted, revoked or deleted; once another exists, it may', async () => {
    await clearUsersBut(admin);
    const self = { id: admin.uid, version: 1 };
    for (const [name, data] of [
      ['users-update', { ...self, role: 'Editor' }],
      ['users-update', { ...self, roleApproved: false }],
      ['users-revoke', self],
      ['users-approve', { ...self, role: 'User' }],
      ['users-delete', self],
    ] as const) {
      await expectError(callError(name, data, admin), 'failed-precondition', 'errors.lastAdmin');
    }
    expect(await claimsOf(admin.uid)).toEqual({ role: 'Admin', isRoleApproved: true });
    expect((await db().collection('users').doc(admin.uid).get()).get('version')).toBe(1);

    const second = await newUser(admin, { role: 'Admin', roleApproved: true });
    expect(await call('users-delete', self, admin)).toEqual({ id: admin.uid });
    await expect(auth().getUser(admin.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await db().collection('users').doc(admin.uid).get()).exists).toBe(false);
    expect((await auditOf(admin.uid)).at(-1)).toMatchObject({ action: 'delete', changes: { email: { to: null } } });
    const secondSession: Persona = {
      uid: second.id,
      email: second.email,
      claims: { role: 'Admin', isRoleApproved: true },
    };
    await expectError(
      callError('users-revoke', { id: second.id, version: 1 }, secondSession),
      'failed-precondition',
      'errors.lastAdmin',
    );
  });
});
