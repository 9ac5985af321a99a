import type { CallableRequest } from 'firebase-functions/v2/https';
import { ROLES, STAFF_ROLES, type Role } from '@trialdesk/shared';
import { fail } from './errors.js';
import { auth } from './firebase.js';

/** Who may call a callable (DESIGN.md section 6). */
export type Access = 'signedIn' | 'staff' | 'admin';

export interface Caller {
  uid: string;
  email: string | null;
  /** Display name from the token (the sign-in provider's), if any. */
  name: string | null;
  /** The `role` claim, when it is one of ours. */
  role: Role | null;
  approved: boolean;
  /** Seconds since the epoch when the caller signed in (`auth_time` of the ID token). */
  authTime: number | null;
}

export function callerOf(authData: CallableRequest['auth']): Caller {
  if (!authData?.uid) throw fail('unauthenticated', 'unauthenticated');
  const token = authData.token ?? {};
  const role = (ROLES as readonly unknown[]).includes(token.role) ? (token.role as Role) : null;
  return {
    uid: authData.uid,
    email: typeof token.email === 'string' ? token.email : null,
    name: typeof token.name === 'string' ? token.name : null,
    role,
    approved: token.isRoleApproved === true,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : null,
  };
}

export function authorise(caller: Caller, access: Access): void {
  if (access === 'signedIn') return;
  const allowed =
    access === 'admin' ? caller.role === 'Admin' : caller.role !== null && STAFF_ROLES.includes(caller.role);
  if (!allowed || !caller.approved) throw fail('permission-denied', 'permissionDenied');
}

/**
 * Refuses a token issued before the account's refresh tokens were revoked (a demotion) or for a disabled or deleted
 * account: claims in such a token may be out of date.
 */
export async function assertSessionValid(caller: Caller): Promise<void> {
  let record;
  try {
    record = await auth().getUser(caller.uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw fail('unauthenticated', 'tokenRevoked');
    throw error;
  }
  const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
  if (record.disabled || caller.authTime === null || caller.authTime * 1000 < validSince) {
    throw fail('unauthenticated', 'tokenRevoked');
  }
}
