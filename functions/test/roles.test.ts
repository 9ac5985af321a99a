import { beforeAll, describe, expect, it } from 'vitest';
import { CALLABLE_NAMES, type CallableName } from '@trialdesk/shared';
import { validPayloads } from './fixtures.js';
import { call, callError, personas, useProject, type Persona, type PersonaKind } from './helpers.js';

useProject('roles');

type Rule = 'staff' | 'admin' | 'signedIn';
/** DESIGN.md section 6. */
const RULES: Record<CallableName, Rule> = {
  'studies-list': 'staff',
  'studies-get': 'staff',
  'studies-create': 'staff',
  'studies-update': 'staff',
  'studies-delete': 'admin',
  'references-list': 'staff',
  'references-get': 'staff',
  'references-create': 'staff',
  'references-update': 'staff',
  'references-delete': 'admin',
  'studyContacts-list': 'staff',
  'studyContacts-get': 'staff',
  'studyContacts-create': 'staff',
  'studyContacts-update': 'staff',
  'studyContacts-delete': 'admin',
  'users-list': 'admin',
  'users-get': 'admin',
  'users-create': 'admin',
  'users-update': 'admin',
  'users-delete': 'admin',
  'users-approve': 'admin',
  'users-revoke': 'admin',
  'users-requestAccess': 'signedIn',
  'users-me': 'signedIn',
  'dashboard-stats': 'staff',
  'audit-list': 'staff',
};

type Who = 'signedOut' | PersonaKind;
const WHO: Who[] = ['signedOut', 'noClaims', 'pending', 'user', 'editor', 'admin'];

function expected(who: Who, rule: Rule): 'ok' | 'unauthenticated' | 'permission-denied' {
  if (who === 'signedOut') return 'unauthenticated';
  if (rule === 'signedIn') return 'ok';
  if (who === 'admin') return 'ok';
  if (who === 'editor' && rule === 'staff') return 'ok';
  return 'permission-denied';
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
    const as = who === 'signedOut' ? null : people[who];
    const payload = await validPayloads[name](people.admin);
    const outcome = expected(who, RULES[name]);
    if (outcome === 'ok') {
      await expect(call(name, payload, as)).resolves.toBeDefined();
    } else {
      const error = await callError(name, payload, as);
      expect(error.code).toBe(outcome);
      expect(error.details).toEqual({
        key: outcome === 'unauthenticated' ? 'errors.unauthenticated' : 'errors.permissionDenied',
      });
    }
  });
});
