// The token claims check: only an approved Admin or Editor may use the back office.
import { STAFF_ROLES, type Role } from '@trialdesk/shared';

export type ClaimsCheck = { ok: true; role: Role } | { ok: false; reason: 'notApproved' | 'role' };

/** Only an approved Admin or Editor may use the back office. */
export function checkStaffClaims(claims: Record<string, unknown>): ClaimsCheck {
  if (claims.isRoleApproved !== true) return { ok: false, reason: 'notApproved' };
  const role = claims.role;
  if (typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role))
    return { ok: false, reason: 'role' };
  return { ok: true, role: role as Role };
}
