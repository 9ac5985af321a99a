// The role matrix: every callable for every kind of caller, including sessions whose standing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLABLE_NAMES, type CallableName } from '@trialdesk/shared';
import { ENDS_OWN_SESSIONS, KIND_RULES, validPayloads } from './fixtures.js';
import { db } from '../src/common/firebase.js';
import {
  call,
  callError,
  contentsOf,
  persona,
  personas,
  useProject,
  type Persona,
  type PersonaKind,
} from './helpers.js';

useProject('roles');

type Rule = 'staff' | 'admin' | 'signedIn' | 'referrer';
/**
 * Who may call what: staff (Admin or Editor), Admins only, anyone signed in, or approved referrers (role User) only
 * (docs/security.md).
 */
const OWN_RULES: Partial<Record<CallableName, Rule>> = {
  'studies-list': 'staff',
  'studies-get': 'staff',
  'studies-create': 'staff',
  'studies-update': 'staff',
  'studies-delete': 'admin',
  'studies-export': 'staff',
  'studies-import': 'staff',
  'references-list': 'staff',
  'references-get': 'staff',
  'references-create': 'staff',
  'references-update': 'staff',
  'references-delete': 'admin',
  'references-triage': 'staff',
  'references-undoTriage': 'staff',
  'references-originals': 'staff',
  'references-export': 'staff',
  'studyContacts-list': 'staff',
  'studyContacts-get': 'staff',
  'studyContacts-create': 'staff',
  'studyContacts-update': 'staff',
  'studyContacts-delete': 'admin',
  'studyContacts-export': 'staff',
  'users-list': 'admin',
  'users-get': 'admin',
  'users-create': 'admin',
  'users-update': 'admin',
  'users-delete': 'admin',
  'users-approve': 'admin',
  'users-revoke': 'admin',
  'users-export': 'admin',
  'users-requestAccess': 'signedIn',
  'users-me': 'signedIn',
  'users-endSession': 'signedIn',
  'dashboard-stats': 'staff',
  'audit-list': 'staff',
  'accessLog-list': 'admin',
  'users-setPicture': 'staff',
  'documents-list': 'staff',
  'documents-get': 'staff',
  'documents-create': 'staff',
  'documents-addVersion': 'staff',
  'documents-counts': 'staff',
  'documents-update': 'staff',
  'documents-delete': 'admin',
  'studies-follow': 'staff',
  'users-setLanguage': 'signedIn',
  'mail-list': 'admin',
  'referrals-studies': 'referrer',
  'referrals-create': 'referrer',
  'referrals-list': 'referrer',
};
const RULES = { ...OWN_RULES, ...KIND_RULES } as Record<CallableName, Rule>;

type Who = 'signedOut' | PersonaKind;
const WHO: Who[] = ['signedOut', 'noClaims', 'pending', 'user', 'editor', 'admin'];

function expected(who: Who, rule: Rule): 'ok' | 'unauthenticated' | 'permission-denied' {
  if (who === 'signedOut') return 'unauthenticated';
  if (rule === 'signedIn') return 'ok';
  // A referrer is an approved User and nothing more: staff are not referrers.
  if (rule === 'referrer') return who === 'user' ? 'ok' : 'permission-denied';
  if (who === 'admin') return 'ok';
  if (who === 'editor' && rule === 'staff') return 'ok';
  return 'permission-denied';
}

/** The refusal recorded in the access log for this call, by this person (null: signed out). */
async function refusalsOf(name: CallableName, uid: string | null) {
  const snap = await db().collection('accessLog').where('callable', '==', name).where('actorUid', '==', uid).get();
  return snap.docs.map((d) => d.data()).filter((e) => e.action === 'refused');
}

/** A refused call changes no record, audit entry or account, and is recorded in the access log. */
async function expectRefused(name: CallableName, payload: unknown, as: Persona | null, code: string, key: string) {
  const before = await contentsOf(['accessLog']);
  const logged = (await refusalsOf(name, as?.uid ?? null)).length;
  const error = await callError(name, payload, as);
  expect(error.code).toBe(code);
  expect(error.details).toEqual({ key });
  expect(await contentsOf(['accessLog'])).toEqual(before);
  const refusals = await refusalsOf(name, as?.uid ?? null);
  expect(refusals).toHaveLength(logged + 1);
  expect(refusals.at(-1)).toMatchObject({ outcome: code, actorEmail: as?.email ?? null });
}

let people: Record<PersonaKind, Persona>;
beforeAll(async () => {
  people = await personas();
});

it('covers every callable', () => {
  expect(Object.keys(RULES).sort()).toEqual([...CALLABLE_NAMES].sort());
});

describe.each(CALLABLE_NAMES)('%s', (name) => {
  it.each(WHO)(`as %s`, async (who) => {
    // One that ends the caller's sessions is made by a session of its own: the shared personas keep theirs.
    const as = who === 'signedOut' ? null : ENDS_OWN_SESSIONS.has(name) ? await persona(who, `-${name}`) : people[who];
    const payload = await validPayloads[name](people.admin, as ?? people.admin);
    const outcome = expected(who, RULES[name]);
    if (outcome === 'ok') {
      await expect(call(name, payload, as)).resolves.toBeDefined();
    } else {
      const key =
        outcome === 'unauthenticated'
          ? 'errors.unauthenticated'
          : RULES[name] === 'referrer'
            ? 'errors.notReferrer'
            : 'errors.permissionDenied';
      await expectRefused(name, payload, as, outcome, key);
    }
  });

  // An Admin signed in, then lost standing through the app (or the account went): that session ends at once, for
  // every call, even those the new standing would allow; signing in again gives a token that matches the record.
  // The refusal says which: a demoted person may sign in again, a revoked or deleted one is sent to an Admin.
  const CHANGES = {
    'revoked after sign-in': (p: Persona) => call('users-revoke', { id: p.uid, version: 1 }, people.admin),
    'demoted Admin to Editor after sign-in': (p: Persona) =>
      call('users-update', { id: p.uid, version: 1, role: 'Editor' }, people.admin),
    'deleted after sign-in': (p: Persona) => call('users-delete', { id: p.uid, version: 1 }, people.admin),
  };
  const REFUSALS: Record<keyof typeof CHANGES, string> = {
    'revoked after sign-in': 'errors.accessRevoked',
    'demoted Admin to Editor after sign-in': 'errors.sessionEnded',
    'deleted after sign-in': 'errors.accessRevoked',
  };
  it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])('as an Admin %s', async (change) => {
    // The portal's callables are never an Admin's: their session is a referrer's (referrerChanges below).
    if (RULES[name] === 'referrer') return;
    const session = await persona('admin', `-${name}-${change.split(' ')[0]}`);
    await expect(call('users-me', {}, session)).resolves.toMatchObject({ uid: session.uid });
    const payload = await validPayloads[name](people.admin, session);
    await CHANGES[change](session);
    await expectRefused(name, payload, session, 'permission-denied', REFUSALS[change]);
  });
});

// A referrer's session ends the same way: revoked or deleted, they are sent to an Admin; made staff, they sign in
// again (to the back office, where their new token lets them in).
const REFERRER_CHANGES = {
  'revoked after sign-in': [
    (p: Persona) => call('users-revoke', { id: p.uid, version: 1 }, people.admin),
    'errors.accessRevoked',
  ],
  'made an Editor after sign-in': [
    (p: Persona) => call('users-update', { id: p.uid, version: 1, role: 'Editor' }, people.admin),
    'errors.sessionEnded',
  ],
  'deleted after sign-in': [
    (p: Persona) => call('users-delete', { id: p.uid, version: 1 }, people.admin),
    'errors.accessRevoked',
  ],
} as const;
const REFERRER_CALLABLES = CALLABLE_NAMES.filter((name) => RULES[name] === 'referrer');
describe.each(REFERRER_CALLABLES)('%s', (name) => {
  it.each(Object.keys(REFERRER_CHANGES) as (keyof typeof REFERRER_CHANGES)[])('as a referrer %s', async (change) => {
    const session = await persona('user', `-${name}-${change.split(' ')[0]}`);
    await expect(call('referrals-list', { page: 1, pageSize: 10 }, session)).resolves.toMatchObject({ page: 1 });
    const payload = await validPayloads[name](people.admin, session);
    const [make, key] = REFERRER_CHANGES[change];
    await make(session);
    await expectRefused(name, payload, session, 'permission-denied', key);
  });
});
