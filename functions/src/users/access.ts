// A signed-in person's own access: reading their standing (users-me), asking for access
// (users-requestAccess), their language (users-setLanguage), and ending the session they call from (users-endSession, docs/security.md, "Sessions").
import type { Timestamp } from 'firebase-admin/firestore';
import {
  defaultsOf,
  userSchema,
  type EndSessionResponse,
  type MeResponse,
  type RequestAccessResponse,
  type UserLanguage,
  type UserRequestAccess,
} from '@trialdesk/shared';
import { diff, writeAudit } from '../common/audit.js';
import { ENDED_SIGN_INS, SESSIONS_ENDED_AT, sessionsEndedNow, USERS, type Caller } from '../common/auth.js';
import { fail } from '../common/errors.js';
import { auth, db, transaction } from '../common/firebase.js';
import { createStamp, readBack } from '../common/records.js';
import { queueAccessRequested } from './mail.js';
import { derive, FIELDS, toUser } from './service.js';

const personFields = userSchema.shape;

/** A name from the sign-in provider when it passes the same rules as a name an Admin types; blank otherwise. */
function providerName(value: string): string {
  const parsed = personFields.firstName.safeParse(value);
  return parsed.success ? parsed.data : '';
}

/**
 * Any signed-in person asks for access, as an Editor (the back office) or a referrer (role User, the portal), with
 * their organisation and language: creates a pending record once and tells every approved Admin by e-mail in the
 * same transaction; never grants or changes anything (a second request answers the first record, unchanged).
 * Email and names come from the Auth account (Admin SDK), not from the token the caller sent, and pass the same
 * rules as `users-create`: a name that fails them is left blank for the approving Admin to fill in.
 */
export async function requestAccess(input: UserRequestAccess, caller: Caller): Promise<RequestAccessResponse> {
  const ref = db().collection(USERS).doc(caller.uid);
  const account = await auth().getUser(caller.uid);
  const email = personFields.email.safeParse(account.email ?? '');
  if (!email.success) throw fail('failed-precondition', 'accountEmailInvalid');
  const [first = '', ...rest] = (account.displayName ?? '').trim().split(/\s+/);
  const created = await transaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    const { record, internal } = derive({
      ...defaultsOf(userSchema),
      firstName: providerName(first),
      lastName: providerName(rest.join(' ')),
      email: email.data,
      role: input.role,
      organisation: input.organisation,
      language: input.language,
      roleApproved: false,
    });
    const tellAdmins = await queueAccessRequested(tx, record);
    tx.create(ref, { ...record, ...internal, ...createStamp(caller) });
    tellAdmins();
    writeAudit(tx, caller, {
      action: 'requestAccess',
      entity: 'users',
      entityId: caller.uid,
      changes: diff(null, record, FIELDS),
    });
    return true;
  });
  return { user: await toUser(await readBack(ref)), created };
}

/** Sessions one record remembers as ended one by one; the idle sign-out past them ends all the person's sessions. */
const ENDED_SIGN_INS_MAX = 50;

/**
 * The caller ends the session their token belongs to (the web's idle sign-out): its sign-in time joins the record's
 * ended sign-ins, which authorise and storage.rules refuse, so that session's tokens, even ones refreshed later,
 * stop working while the person's other sessions (another browser, another device) go on. Past ENDED_SIGN_INS_MAX,
 * or for a person without a record (never asked for access), every session ends instead: the record's mark and
 * Auth's refresh tokens, as a revocation does. Not in the audit log: it changes no field a person edits, and comes
 * with every idle sign-out. See docs/security.md, "Sessions".
 */
export async function endSession(caller: Caller): Promise<EndSessionResponse> {
  const ref = db().collection(USERS).doc(caller.uid);
  // authorise refuses a token without a sign-in time, so a caller always has one.
  const signIn = caller.authTime!;
  const everywhere = await transaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return true;
    // Sign-ins up to the record's mark are refused by the mark already: only later ones need remembering.
    const mark = (snap.get(SESSIONS_ENDED_AT) as Timestamp | undefined)?.toMillis() ?? -1;
    const ended = ((snap.get(ENDED_SIGN_INS) as number[] | undefined) ?? []).filter(
      (time) => time * 1000 > mark && time !== signIn,
    );
    if (ended.length >= ENDED_SIGN_INS_MAX) {
      tx.update(ref, { ...sessionsEndedNow(), [ENDED_SIGN_INS]: [] });
      return true;
    }
    tx.update(ref, { [ENDED_SIGN_INS]: [...ended, signIn] });
    return false;
  });
  if (everywhere) await auth().revokeRefreshTokens(caller.uid);
  return { uid: caller.uid };
}

export async function me(caller: Caller): Promise<MeResponse> {
  const snap = await db().collection(USERS).doc(caller.uid).get();
  return {
    uid: caller.uid,
    email: caller.email,
    claims: { role: caller.role, isRoleApproved: caller.approved },
    user: snap.exists ? await toUser(snap) : null,
  };
}

/**
 * The language TrialDesk writes to the caller in (their e-mail), set from the web when they choose one: written on
 * their users record when they have one (without one, their access request will carry it). A personal preference
 * like the web's theme, not a change an Admin reviews: no audit entry, and neither the version nor the update stamp
 * moves, so an Admin editing the same record is not refused as stale by a person switching language.
 */
export async function setLanguage(input: UserLanguage, caller: Caller): Promise<MeResponse> {
  const ref = db().collection(USERS).doc(caller.uid);
  await transaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('language') !== input.language) tx.update(ref, { language: input.language });
  });
  return me(caller);
}
