// Who is calling and what they may do now: the token's claims checked against the account and users record.
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { usersKind, ROLES, STAFF_ROLES, type Role } from '@trialdesk/shared';
import { fail } from './errors.js';
import { auth, db } from './firebase.js';

/**
 * Who may call a callable (docs/security.md): anyone signed in, an approved referrer (role User: the referral
 * portal's callables only, docs/referrals.md), approved staff (Editor or Admin), Admins.
 */
export type Access = 'signedIn' | 'referrer' | 'staff' | 'admin';

export interface Caller {
  uid: string;
  /** The e-mail of the users record (the token's only until the person has one): what the logs name them by. */
  email: string | null;
  /** The role the caller holds now: the lower of the token's claim and the users record (null when neither). */
  role: Role | null;
  approved: boolean;
  /** Seconds since the epoch when the caller signed in (`auth_time` of the ID token). */
  authTime: number | null;
}

export const USERS = usersKind.collection;
/**
 * Internal field of a users record: when the app last ended the person's sessions (a demotion or revocation,
 * written in the same transaction as the change).
 */
export const SESSIONS_ENDED_AT = 'sessionsEndedAt';

/**
 * Internal field of a users record: the sign-in times (`auth_time`, seconds) of single sessions the person ended
 * (the web's idle sign-out, `users-endSession`). Every token of such a session carries that time, refreshed or not.
 */
export const ENDED_SIGN_INS = 'endedSignIns';

/**
 * The fields of a users record write that end the person's sessions now: every token that signed in up to the
 * server's time of the write is refused from then on, by authorise and by storage.rules.
 */
export const sessionsEndedNow = () => ({ [SESSIONS_ENDED_AT]: FieldValue.serverTimestamp() });

const RANK: Record<Role, number> = { User: 0, Editor: 1, Admin: 2 };

/** How much access a role and approval grant: 0 for none, then User < Editor < Admin. */
export const standing = (role: unknown, approved: unknown): number =>
  approved === true && typeof role === 'string' && role in RANK ? RANK[role as Role] + 1 : 0;

/** The lowest standing each access needs (0: any signed-in person). */
const NEEDED: Record<Exclude<Access, 'referrer'>, number> = {
  signedIn: 0,
  staff: Math.min(...STAFF_ROLES.map((r) => standing(r, true))),
  admin: standing('Admin', true),
};

/** A referrer is an approved role User and nothing more: staff are never referrers (one role per account). */
const isReferrer = (role: unknown, approved: unknown) => role === 'User' && approved === true;

/** Whether a role and approval grant `access`. */
const grants = (access: Access, role: unknown, approved: unknown): boolean =>
  access === 'referrer' ? isReferrer(role, approved) : standing(role, approved) >= NEEDED[access];

/** The refusal of a token whose claims do not grant `access`: the portal's says the portal is for referrers. */
const refusedClaims = (access: Access) =>
  fail('permission-denied', access === 'referrer' ? 'notReferrer' : 'permissionDenied');

/** The caller as the ID token describes them (claims as they were when the token was minted). */
export function callerOf(authData: CallableRequest['auth']): Caller {
  if (!authData?.uid) throw fail('unauthenticated', 'unauthenticated');
  const token = authData.token ?? {};
  const role = (ROLES as readonly unknown[]).includes(token.role) ? (token.role as Role) : null;
  return {
    uid: authData.uid,
    email: typeof token.email === 'string' ? token.email : null,
    role,
    approved: token.isRoleApproved === true,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : null,
  };
}

/** Whether two e-mail addresses are the same account's (Auth compares them without case). */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** What the logs name a person by: their users record's e-mail, the token's (`tokenEmail`) while they have none. */
const loggedEmail = (record: DocumentSnapshot, tokenEmail: string | null): string | null =>
  (record.get('email') as string | undefined) ?? tokenEmail;

/** The e-mail the logs name a caller by, for a call refused before authorise read their users record. */
export async function emailOf(authData: CallableRequest['auth']): Promise<string | null> {
  const token = authData?.token?.email;
  const tokenEmail = typeof token === 'string' ? token : null;
  if (!authData?.uid) return tokenEmail;
  return loggedEmail(await db().collection(USERS).doc(authData.uid).get(), tokenEmail);
}

/** The account, or null when it was deleted. */
async function accountOf(uid: string) {
  try {
    return await auth().getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Auth ended the person's sessions after the app last did (a password reset through Auth's own page, a revocation
 * in the console): the users record takes the later mark, one millisecond before Auth's whole
 * second, so storage.rules, which cannot read Auth, refuses the same sessions as the callables from this call on.
 * Only a later mark is written, so concurrent calls agree.
 */
async function followAuthMark(uid: string, endedAt: number): Promise<void> {
  const ref = db().collection(USERS).doc(uid);
  await db().runTransaction(async (tx) => {
    const current = (await tx.get(ref)).get(SESSIONS_ENDED_AT) as Timestamp | undefined;
    if ((current?.toMillis() ?? -1) < endedAt) tx.update(ref, { [SESSIONS_ENDED_AT]: Timestamp.fromMillis(endedAt) });
  });
}

/**
 * Authorises a call against the caller's current standing, not only the token. The token's claims must grant the
 * access (else `permissionDenied`, as for anyone without it). Then, read in parallel on every call with no cache,
 * the Auth account must exist and be enabled, the session must have begun after the account's sessions were last
 * ended (by Auth, or by the app: a demotion, a revocation) and not be one the person ended (their idle sign-out),
 * and for referrer, staff and admin calls the users record must grant the access too. Else the web signs the person out,
 * told which: `sessionEnded` when the users record still lets them in (signing in again works: a demotion, a session
 * they ended), `accessRevoked` when it does not (revoked, unapproved, disabled, deleted: only an Admin can help).
 * See docs/security.md.
 */
export async function authorise(authData: CallableRequest['auth'], access: Access): Promise<Caller> {
  const caller = callerOf(authData);
  if (!grants(access, caller.role, caller.approved)) throw refusedClaims(access);
  const [account, record] = await Promise.all([accountOf(caller.uid), db().collection(USERS).doc(caller.uid).get()]);
  if (!account || account.disabled || caller.authTime === null) throw fail('permission-denied', 'accessRevoked');
  // Whether a new sign-in would be let in (the back office for staff, the portal for a referrer): what the refusal
  // tells the person to do.
  const ended = () => {
    const [role, approved] = [record.get('role'), record.get('roleApproved')];
    const letIn = standing(role, approved) >= NEEDED.staff || isReferrer(role, approved);
    return fail('permission-denied', letIn ? 'sessionEnded' : 'accessRevoked');
  };
  const signedInAt = caller.authTime * 1000;
  // Auth's mark has whole seconds and is also set when an account is made: only earlier seconds count there.
  const authEndedAt = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
  // The app's own mark has milliseconds, but `auth_time` has whole seconds: a sign-in in the same second as the
  // mark may have come before it, so it is refused too (signing in again a second later works).
  const appEndedAt = (record.get(SESSIONS_ENDED_AT) as Timestamp | undefined)?.toMillis() ?? -1;
  if (signedInAt < authEndedAt || signedInAt <= appEndedAt) throw ended();
  const endedOne = record.get(ENDED_SIGN_INS) as number[] | undefined;
  if (endedOne?.includes(caller.authTime)) throw ended();
  // Auth also sets its mark when it makes an account (in that whole second): only a later one ended sessions.
  const createdAt = Date.parse(account.metadata.creationTime);
  if (record.exists && authEndedAt > createdAt && authEndedAt - 1 > appEndedAt) {
    await followAuthMark(caller.uid, authEndedAt - 1);
  }
  // TrialDesk changes a person's e-mail on the record and the account together. One changed on the account alone
  // (through Auth's own API) is refused until an Admin sets it in TrialDesk (docs/security.md).
  if (record.exists && !sameEmail(account.email, record.get('email'))) {
    throw fail('permission-denied', 'accountEmailChanged');
  }
  // The logs name the person by the e-mail TrialDesk holds: the token's is whatever the person set on their account.
  const email = loggedEmail(record, caller.email);
  if (access === 'signedIn') return { ...caller, email };
  const recordRole = record.get('role');
  const recordApproved = record.get('roleApproved');
  if (!grants(access, recordRole, recordApproved)) throw ended();
  // The lower of the two: a promotion counts once the token carries it, a demotion at once.
  const role = RANK[recordRole as Role] < RANK[caller.role as Role] ? (recordRole as Role) : caller.role;
  return { ...caller, email, role };
}
