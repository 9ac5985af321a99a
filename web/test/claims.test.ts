// Tests of the claims check: approved Admins, Editors and Users (referrers) are signed in, every other token refused;
// which of them are staff (the back office's) and which referrers (the portal's).
import { describe, expect, it } from 'vitest';
import { checkClaims, isStaffRole } from '../src/core/auth/claims';

describe('checkClaims', () => {
  it('accepts approved Admins and Editors, and approved Users (referring clinicians)', () => {
    expect(checkClaims({ role: 'Admin', isRoleApproved: true })).toEqual({ ok: true, role: 'Admin' });
    expect(checkClaims({ role: 'Editor', isRoleApproved: true })).toEqual({ ok: true, role: 'Editor' });
    expect(checkClaims({ role: 'User', isRoleApproved: true })).toEqual({ ok: true, role: 'User' });
  });

  it('refuses everyone else', () => {
    expect(checkClaims({ role: 'User', isRoleApproved: false })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkClaims({ role: 'Editor', isRoleApproved: false })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkClaims({ role: 'Admin' })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkClaims({ role: 'Admin', isRoleApproved: 'true' })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkClaims({ isRoleApproved: true })).toEqual({ ok: false, reason: 'role' });
    expect(checkClaims({ role: 'admin', isRoleApproved: true })).toEqual({ ok: false, reason: 'role' });
    expect(checkClaims({})).toEqual({ ok: false, reason: 'notApproved' });
  });

  it('tells staff (the back office) from referrers (the portal)', () => {
    expect(isStaffRole('Admin')).toBe(true);
    expect(isStaffRole('Editor')).toBe(true);
    expect(isStaffRole('User')).toBe(false);
  });
});
