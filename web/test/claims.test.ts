// Tests of the staff claims check: approved Admins and Editors pass, every other token is refused.
import { describe, expect, it } from 'vitest';
import { checkStaffClaims } from '../src/core/auth/claims';

describe('checkStaffClaims', () => {
  it('accepts approved Admins and Editors', () => {
    expect(checkStaffClaims({ role: 'Admin', isRoleApproved: true })).toEqual({ ok: true, role: 'Admin' });
    expect(checkStaffClaims({ role: 'Editor', isRoleApproved: true })).toEqual({ ok: true, role: 'Editor' });
  });

  it('refuses everyone else', () => {
    expect(checkStaffClaims({ role: 'User', isRoleApproved: true })).toEqual({ ok: false, reason: 'role' });
    expect(checkStaffClaims({ role: 'Editor', isRoleApproved: false })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkStaffClaims({ role: 'Admin' })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkStaffClaims({ role: 'Admin', isRoleApproved: 'true' })).toEqual({ ok: false, reason: 'notApproved' });
    expect(checkStaffClaims({ isRoleApproved: true })).toEqual({ ok: false, reason: 'role' });
    expect(checkStaffClaims({ role: 'admin', isRoleApproved: true })).toEqual({ ok: false, reason: 'role' });
    expect(checkStaffClaims({})).toEqual({ ok: false, reason: 'notApproved' });
  });
});
