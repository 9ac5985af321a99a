import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALLABLE_NAMES, requestSchemas, validate, type CallableName } from '@trialdesk/shared';
import { auth } from '../src/common/firebase.js';
import { call, countDocs, persona, useProject, type Persona } from './helpers.js';

useProject('bad-input');

interface Case {
  label: string;
  payload: unknown;
  /** The field(s) the answer may name ('' = the request itself); undefined when any field may be named. */
  path?: string | string[];
}

/** A base request per callable that is valid except for what each case breaks. */
const BASES: Record<CallableName, Record<string, unknown>> = {
  'studies-list': { page: 1, pageSize: 10 },
  'studies-get': { id: 'abc' },
  'studies-create': { title: 'Valid title', specialty: 'Cardiology', status: 'Recruiting' },
  'studies-update': { id: 'abc', version: 1 },
  'studies-delete': { id: 'abc', version: 1 },
  'references-list': { page: 1, pageSize: 10 },
  'references-get': { id: 'abc' },
  'references-create': { studyId: 'abc', patientId: 'AB-123456' },
  'references-update': { id: 'abc', version: 1 },
  'references-delete': { id: 'abc', version: 1 },
  'studyContacts-list': { page: 1, pageSize: 10 },
  'studyContacts-get': { id: 'abc' },
  'studyContacts-create': { firstName: 'A', lastName: 'B', email: 'a@b.example' },
  'studyContacts-update': { id: 'abc', version: 1 },
  'studyContacts-delete': { id: 'abc', version: 1 },
  'users-list': { page: 1, pageSize: 10 },
  'users-get': { id: 'abc' },
  'users-create': {
    firstName: 'A',
    lastName: 'B',
    email: 'new@trialdesk.test',
    role: 'Editor',
    roleApproved: true,
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
  },
  'users-update': { id: 'abc', version: 1 },
  'users-delete': { id: 'abc', version: 1 },
  'users-approve': { id: 'abc', version: 1 },
  'users-revoke': { id: 'abc', version: 1 },
  'users-requestAccess': {},
  'users-me': {},
  'dashboard-stats': {},
  'audit-list': { page: 1, pageSize: 10, entity: 'studies' },
};

type ZodAny = z.ZodType & { _zod: { def: { type: string; innerType?: ZodAny; in?: ZodAny } } };

/** The base kind of a field schema, through optional/nullable/pipe wrappers. */
function kindOf(schema: ZodAny): string {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return def.type;
  }
}

const BY_KIND: Record<string, [string, unknown][]> = {
  string: [
    ['a number', 12345],
    ['an array where a string belongs', ['text']],
    ['an object', { nested: true }],
    ['an overlong string', 'x'.repeat(40_001)],
  ],
  enum: [
    ['a value outside the enum', 'NotAValue'],
    ['a number', 3],
  ],
  number: [
    ['a string', 'abc'],
    ['a fraction', 1.5],
    ['a large negative number', -1e9],
  ],
  boolean: [
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
  ],
  array: [
    ['a string where an array belongs', 'text'],
    ['an array of numbers', [12345]],
    ['too many items', Array.from({ length: 101 }, (_, i) => `item${i}`)],
  ],
};

const BY_FIELD: Record<string, [string, unknown][]> = {
  url: [
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an ftp URL', 'ftp://example.org/file'],
  ],
  picture: [['a javascript: URL', 'javascript:alert(document.cookie)']],
  startDate: [
    ['an impossible date', '2024-02-30'],
    ['a local date format', '31/12/2024'],
  ],
  endDate: [['a date with time', '2024-12-31T10:00:00Z']],
  email: [['an address without domain', 'someone@']],
  patientId: [
    ['a too short id', 'ab'],
    ['markup', '<script>1</script>'],
  ],
  pageSize: [
    ['a size outside the list', 7],
    ['a size too large', 1000],
    ['zero', 0],
  ],
  page: [
    ['page zero', 0],
    ['a page too deep', 1001],
  ],
  id: [
    ['a path', '../users/x'],
    ['an empty id', ''],
    ['a too long id', 'x'.repeat(129)],
    ['an accented id', 'étude'],
    ['dots', 'a.b'],
  ],
  studyId: [['a path', 'a/b']],
  contactId: [['a space', 'a b']],
  doi: [['not a DOI', 'doi please']],
  phone: [['letters', 'call me']],
  phoneNumber: [['letters', 'call me maybe']],
  year: [['a year too early', 1799]],
  version: [['zero', 0]],
  'studies.title': [
    ['blank', '   '],
    ['too short', 'ab'],
  ],
  search: [['an array', ['card']]],
};

const NON_OBJECTS: unknown[] = ['text', '', 42, 0, true, false, [], [{}]];
const EXTRA_KEYS = [
  'unknownField',
  'isAdmin',
  'createdBy',
  'referenceCount',
  'patientIdHash',
  'searchTokens',
  'uid',
  'claims',
  'constructor',
  'data',
  'x',
  'Page',
];

function casesFor(name: CallableName): Case[] {
  const schema = requestSchemas[name] as unknown as z.ZodObject;
  const base = BASES[name];
  const cases: Case[] = NON_OBJECTS.map((payload) => ({
    label: `non-object ${JSON.stringify(payload)}`,
    payload,
    path: '',
  }));
  const keys = Object.keys(schema.shape);
  // With no field at all, unknown fields are the only way left to be malformed.
  for (const extra of keys.length === 0 ? EXTRA_KEYS : EXTRA_KEYS.slice(0, 2)) {
    cases.push({ label: `unknown field ${extra}`, payload: { ...base, [extra]: 1 }, path: extra });
  }
  if (keys.length === 0) return cases;
  cases.push({ label: 'null', payload: null });
  cases.push({ label: 'an array of valid requests', payload: [base], path: '' });
  for (const key of keys) {
    const field = schema.shape[key] as unknown as ZodAny;
    if (!field.safeParse(undefined).success) {
      const { [key]: _dropped, ...rest } = base;
      cases.push({ label: `missing ${key}`, payload: rest, path: key });
    }
    const specific = BY_FIELD[`${name.split('-')[0]}.${key}`] ?? BY_FIELD[key] ?? [];
    for (const [label, value] of [...(BY_KIND[kindOf(field)] ?? []), ...specific]) {
      // A confirmation sent alone (as a string) is reported on the missing password.
      const path = key === 'confirmPassword' && !('password' in base) ? [key, 'password'] : key;
      cases.push({ label: `${key}: ${label}`, payload: { ...base, [key]: value }, path });
    }
  }
  return cases;
}

let admin: Persona;
beforeAll(async () => {
  admin = await persona('admin');
});

describe.each(CALLABLE_NAMES)('%s', (name) => {
  it('answers every malformed payload with invalid-argument naming the field, and writes nothing', async () => {
    const cases = casesFor(name);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const before = await countDocs();
    const accounts = (await auth().listUsers()).users.length;
    const problems: string[] = [];
    for (const c of cases) {
      // The case must really break the contract (null reads as "no argument", so as {}).
      if (validate(requestSchemas[name], c.payload ?? {}).ok) problems.push(`${c.label}: accepted by the schema`);
      let error: { code?: string; details?: unknown } | undefined;
      try {
        await call(name, c.payload, admin);
      } catch (e) {
        error = e as typeof error;
      }
      if (error?.code !== 'invalid-argument') {
        problems.push(`${c.label}: answered ${error?.code ?? 'success'}`);
        continue;
      }
      const issues = error.details as { path: unknown; key: unknown; message: unknown }[];
      const wellFormed =
        Array.isArray(issues) &&
        issues.length > 0 &&
        issues.every(
          (i) => typeof i.path === 'string' && typeof i.message === 'string' && String(i.key).startsWith('validation.'),
        );
      if (!wellFormed) problems.push(`${c.label}: details ${JSON.stringify(issues)}`);
      else if (c.path !== undefined) {
        const wanted = ([] as string[]).concat(c.path);
        const named = issues.some((i) => wanted.some((p) => i.path === p || String(i.path).startsWith(`${p}.`)));
        if (!named)
          problems.push(`${c.label}: paths ${issues.map((i) => i.path).join(',')} do not name ${wanted.join('|')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await countDocs()).toEqual(before);
    expect((await auth().listUsers()).users.length).toBe(accounts);
  });
});
