// The token claims check: an approved Admin or Editor (the back office) or an approved User (a referring clinician,
// the referral portal at /refer) is signed in; each area's guard refuses the other's (docs/architecture.md).
import { ROLES, STAFF_ROLES, type Role } from '@trialdesk/shared';

export type ClaimsCheck = { ok: true; role: Role } | { ok: false; reason: 'notApproved' | 'role' };

/** Whether a role is the back office's (Admin, Editor) rather than a referrer's (User). */
export const isStaffRole = (role: Role): boolean => (STAFF_ROLES as readonly Role[]).includes(role);

/** Only an approved role is signed in: Admin or Editor for the back office, User for the referral portal. */
export function checkClaims(claims: Record<string, unknown>): ClaimsCheck {
  if (claims.isRoleApproved !== true) return { ok: false, reason: 'notApproved' };
  const role = claims.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return { ok: false, reason: 'role' };
  return { ok: true, role: role as Role };
}
