// Users over HTTP, with accounts that really sign in: an Admin creates, edits and deletes a staff account, and a
// Microsoft account asks for access, is approved, and can work after refreshing its token.
import { signInWithEmailAndPassword } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { as, expectError, microsoftClient, signedOut, uniqueWord } from './helpers.js';

describe('users over HTTP', () => {
  it('creates a staff account that signs in, lists, updates, revokes and deletes it', async () => {
    const admin = await as('admin');
    const word = uniqueWord('tessier');
    const email = `${word}@chuq.test`;
    const created = await admin.call('users-create', {
      firstName: 'Annie',
      lastName: 'Tessier',
      email,
      role: 'Editor',
      roleApproved: true,
      password: 'correct-horse-9',
      confirmPassword: 'correct-horse-9',
    });
    expect(created).toMatchObject({
      email,
      role: 'Editor',
      status: 'Editor',
      roleApproved: true,
      isAdmin: false,
      version: 1,
    });

    // The new account signs in with its password and holds the claims the web app checks.
    const staff = signedOut();
    const { user } = await signInWithEmailAndPassword(staff.auth, email, 'correct-horse-9');
    expect((await user.getIdTokenResult()).claims).toMatchObject({ role: 'Editor', isRoleApproved: true });
    expect((await staff.call('studies-list', { page: 1, pageSize: 10 })).page).toBe(1);

    const listed = await admin.call('users-list', { search: word, approval: 'approved', page: 1, pageSize: 10 });
    expect(listed.items.map((u) => u.id)).toEqual([created.id]);

    const updated = await admin.call('users-update', {
      id: created.id,
      version: 1,
      phone: '418 555-0142',
      lastName: 'Tessier-Roy',
    });
    expect(updated).toMatchObject({ phone: '418 555-0142', lastName: 'Tessier-Roy', version: 2 });

    // Revoking approval: the old token no longer works once refreshed claims say not approved.
    const revoked = await admin.call('users-revoke', { id: created.id, version: 2 });
    expect(revoked).toMatchObject({ roleApproved: false, status: 'PendingEditor', version: 3 });
    await signInWithEmailAndPassword(staff.auth, email, 'correct-horse-9');
    await expectError(staff.call('studies-list', { page: 1, pageSize: 10 }), 'permission-denied');
    expect((await admin.call('users-list', { search: word, approval: 'pending', page: 1, pageSize: 10 })).total).toBe(
      1,
    );

    expect(await admin.call('users-delete', { id: created.id, version: 3 })).toEqual({ id: created.id });
    await expectError(admin.call('users-get', { id: created.id }), 'not-found');
    const gone = await signInWithEmailAndPassword(signedOut().auth, email, 'correct-horse-9').then(
      () => 'signed in',
      (error: { code?: string }) => error.code,
    );
    expect(gone).toMatch(/^auth\/(user-not-found|invalid-credential)$/);
  });

  it('lets a Microsoft account request access, and act once approved and its token refreshed', async () => {
    const admin = await as('admin');
    const { client: doctor, email } = await microsoftClient('Yasmine Haddad');
    expect(doctor.auth.currentUser?.providerData[0]?.providerId).toBe('microsoft.com');

    // Signed in, but without approved claims: refused.
    await expectError(doctor.call('studies-list', { page: 1, pageSize: 10 }), 'permission-denied');
    const me = await doctor.call('users-me', {});
    expect(me).toMatchObject({ email, claims: { role: null, isRoleApproved: false }, user: null });

    const request = await doctor.call('users-requestAccess', {});
    expect(request.created).toBe(true);
    expect(request.user).toMatchObject({ email, firstName: 'Yasmine', lastName: 'Haddad', status: 'PendingEditor' });
    expect((await doctor.call('users-requestAccess', {})).created).toBe(false);

    const pending = await admin.call('users-list', { search: email, approval: 'pending', page: 1, pageSize: 10 });
    expect(pending.items.map((u) => u.id)).toEqual([request.user.id]);
    const approved = await admin.call('users-approve', { id: request.user.id, version: request.user.version });
    expect(approved).toMatchObject({ status: 'Editor', roleApproved: true });

    // The old token still carries no claims; a refreshed one does.
    await expectError(doctor.call('studies-list', { page: 1, pageSize: 10 }), 'permission-denied');
    const token = await doctor.auth.currentUser!.getIdTokenResult(true);
    expect(token.claims).toMatchObject({ role: 'Editor', isRoleApproved: true });
    const study = await doctor.call('studies-create', {
      title: `${uniqueWord('approved')} by Microsoft user`,
      specialty: 'Neurology',
      status: 'Unknown',
    });
    expect(study.createdBy).toBe(request.user.id);
    // Editors do not manage users.
    await expectError(doctor.call('users-list', { page: 1, pageSize: 10 }), 'permission-denied');
  });
});
