// Malformed and hostile payloads for every callable: invalid-argument with the path, and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CALLABLE_NAMES,
  idSchema,
  requestSchemas,
  validate,
  type CallableName,
  type FieldIssue,
} from '@trialdesk/shared';
import * as callables from '../src/index.js';
import { db } from '../src/common/firebase.js';
import { ENDS_OWN_SESSIONS, KIND_BASES, validPayloads } from './fixtures.js';
import { call, callError, contentsOf, newContact, newStudy, persona, useProject, type Persona } from './helpers.js';

const project = useProject('bad-input');

interface Case {
  label: string;
  payload: unknown;
  /** The field(s) the answer may name ('' = the request itself); undefined when any field may be named. */
  path?: string | string[];
}

/** A base request per callable that is valid except for what each case breaks. */
const OWN_BASES: Partial<Record<CallableName, Record<string, unknown>>> = {
  'studies-list': { page: 1, pageSize: 10 },
  'studies-get': { id: 'abc' },
  'studies-create': { title: 'Valid title', specialty: 'Cardiology', status: 'Recruiting' },
  'studies-update': { id: 'abc', version: 1 },
  'studies-delete': { id: 'abc', version: 1 },
  'studies-export': { language: 'en' },
  'studies-import': { nctId: 'NCT01234567', dryRun: true },
  'references-list': { page: 1, pageSize: 10 },
  'references-get': { id: 'abc' },
  'references-create': { studyId: 'abc', patientId: 'AB-123456' },
  'references-update': { id: 'abc', version: 1 },
  'references-delete': { id: 'abc', version: 1 },
  'references-triage': { id: 'abc', version: 1, studyVersion: 1, decision: 'Accepted' },
  'references-undoTriage': { id: 'abc', version: 1 },
  'references-originals': { id: 'abc' },
  'references-export': { language: 'fr' },
  'studyContacts-list': { page: 1, pageSize: 10 },
  'studyContacts-get': { id: 'abc' },
  'studyContacts-create': { firstName: 'A', lastName: 'B', email: 'a@b.example' },
  'studyContacts-update': { id: 'abc', version: 1 },
  'studyContacts-delete': { id: 'abc', version: 1 },
  'studyContacts-export': { language: 'en' },
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
  'users-endSession': {},
  'users-setPicture': { id: 'abc', version: 1, uploadPath: 'uploads/abc/p.png' },
  'users-export': { language: 'en' },
  'documents-list': { page: 1, pageSize: 10 },
  'documents-get': { id: 'abc' },
  'documents-create': { uploadPath: 'uploads/abc/a.pdf', studyId: null, name: 'Protocol', category: 'Protocol' },
  'documents-addVersion': { id: 'abc', version: 1, uploadPath: 'uploads/abc/a.pdf' },
  'documents-counts': { studyIds: ['abc', null] },
  'documents-update': { id: 'abc', version: 1 },
  'documents-delete': { id: 'abc', version: 1 },
  'dashboard-stats': {},
  'audit-list': { page: 1, pageSize: 10, entity: 'studies' },
  'accessLog-list': { page: 1, pageSize: 10 },
  'studies-follow': { id: 'abc', follow: true },
  'users-setLanguage': { language: 'fr' },
  'referrals-studies': { page: 1, pageSize: 10 },
  'referrals-create': {
    studyId: 'abc',
    patientId: 'AB-123456',
    birthYear: 1970,
    sex: 'female',
    consentToContact: true,
    phone: '514-555-0100',
  },
  'referrals-list': { page: 1, pageSize: 10 },
  'mail-list': { page: 1, pageSize: 10 },
};
const BASES = { ...OWN_BASES, ...KIND_BASES } as Record<CallableName, Record<string, unknown>>;

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
    ['a NUL character', 'ab\u0000cd'],
    ['a lone surrogate', 'ab\uD800cd'],
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
  // The language TrialDesk writes to a person in: its two codes exactly.
  language: [
    ['an upper-case code', 'FR'],
    ['a language TrialDesk does not write', 'de'],
    ['a locale with a region', 'fr-CA'],
    ['an empty string', ''],
    ['null', null],
    ['an array', ['fr']],
    ['an object', { code: 'fr' }],
  ],
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
    // Page 1 002 of 10 would skip 10 010 rows, past MAX_OFFSET: deeper pages go by cursor.
    ['an offset past the cap', 1002],
  ],
  after: [['a path', '../studies/x']],
  before: [['a reserved id', '__studies__']],
  id: [
    ['a path', '../users/x'],
    ['an empty id', ''],
    ['a too long id', 'x'.repeat(129)],
    ['an accented id', 'étude'],
    ['dots', 'a.b'],
  ],
  studyId: [
    ['a path', 'a/b'],
    ['a reserved id', '__studies__'],
    ['a too long id', 'x'.repeat(129)],
  ],
  contactId: [['a space', 'a b']],
  'documents.studyIds': [
    ['no folder', []],
    ['a path among the folders', ['a/b']],
    ['a reserved id among the folders', [null, '__studies__']],
    ['a number among the folders', [7]],
  ],
  doi: [['not a DOI', 'doi please']],
  phone: [['letters', 'call me']],
  phoneNumber: [['letters', 'call me maybe']],
  year: [['a year too early', 1799]],
  version: [['zero', 0]],
  'studies.record': [
    ['a string where a record belongs', 'NCT01234567'],
    ['a record without its NCT number', { protocolSection: { identificationModule: { briefTitle: 'A study' } } }],
    ['a record whose NCT number is malformed', { protocolSection: { identificationModule: { nctId: 'NCT123' } } }],
  ],
  'studies.title': [
    ['blank', '   '],
    ['too short', 'ab'],
  ],
  search: [['an array', ['card']]],
  uploadPath: [
    ['a path outside the uploads', 'studies/s1/documents/d1/v1'],
    ['a climb out of the folder', 'uploads/abc/../def/a.pdf'],
    ['a nested path', 'uploads/abc/x/a.pdf'],
  ],
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
  // null is "no argument" (the web SDK sends it for a call without data): malformed only where a field is required.
  if (!schema.safeParse({}).success) cases.push({ label: 'null', payload: null });
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
let referrer: Persona;
beforeAll(async () => {
  [admin, referrer] = await Promise.all([persona('admin'), persona('user')]);
});

/** Who may make the call, so its payload is what answers: the portal's callables are a referrer's alone. */
const callerOf = (name: CallableName) => (name.startsWith('referrals-') ? referrer : admin);

/** Whether the error is `invalid-argument` with well-formed field issues; the problem otherwise. */
function problemOf(label: string, error: { code?: string; details?: unknown } | undefined): string | undefined {
  if (error?.code !== 'invalid-argument') return `${label}: answered ${error?.code ?? 'success'}`;
  const issues = error.details as { path: unknown; key: unknown; message: unknown }[];
  const wellFormed =
    Array.isArray(issues) &&
    issues.length > 0 &&
    issues.every(
      (i) => typeof i.path === 'string' && typeof i.message === 'string' && String(i.key).startsWith('validation.'),
    );
  return wellFormed ? undefined : `${label}: details ${JSON.stringify(issues)}`;
}

async function errorOf(name: CallableName, payload: unknown) {
  try {
    await call(name, payload, callerOf(name));
  } catch (e) {
    return e as { code?: string; details?: unknown };
  }
  return undefined;
}

describe.each(CALLABLE_NAMES)('%s', (name) => {
  it('answers every malformed payload with invalid-argument naming the field, and changes nothing', async () => {
    const cases = casesFor(name);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const before = await contentsOf();
    const problems: string[] = [];
    for (const c of cases) {
      // The case must really break the contract (null reads as "no argument", so as {}).
      if (validate(requestSchemas[name], c.payload ?? {}).ok) problems.push(`${c.label}: accepted by the schema`);
      const error = await errorOf(name, c.payload);
      const problem = problemOf(c.label, error);
      if (problem) problems.push(problem);
      else if (c.path !== undefined) {
        const issues = error!.details as FieldIssue[];
        const wanted = ([] as string[]).concat(c.path);
        const named = issues.some((i) => wanted.some((p) => i.path === p || String(i.path).startsWith(`${p}.`)));
        if (!named)
          problems.push(`${c.label}: paths ${issues.map((i) => i.path).join(',')} do not name ${wanted.join('|')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await contentsOf()).toEqual(before);
  });
});

// ---- hostile payloads: keys that reach prototypes, reserved ids ----

/** What a `__proto__` key would slip in: fields that change records or standing. */
const POLLUTION = {
  summary: 'Polluted',
  title: 'Polluted title',
  status: 'Completed',
  lastName: 'Polluted',
  role: 'Admin',
  roleApproved: true,
  isAdmin: true,
  referenceCount: 99,
};

/** `object` with `key` as an own property, as express's JSON.parse leaves even `__proto__`. */
function withOwnKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const rest = JSON.stringify(object).slice(1, -1);
  return JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}${rest ? ',' : ''}${rest}}`) as Record<
    string,
    unknown
  >;
}

/** What the callable SDK's decoder makes of a parsed body: keys copied with `target[key] = value`. */
function decodeLikeSdk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeLikeSdk);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = decodeLikeSdk(v);
  return copy;
}

const HOSTILE_IDS = ['__x__', '__proto__', '.', '..', 'a/b', '../users/x'];

/** The request's id fields (`studyIds.0` for a list of ids), found in its schema. */
function idFieldsOf(name: CallableName): string[] {
  const schema = requestSchemas[name] as unknown as z.ZodObject;
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    let s = field as unknown as ZodAny & { _zod: { def: { element?: unknown } } };
    while (s._zod.def.innerType) s = s._zod.def.innerType as typeof s;
    if (s === (idSchema as unknown)) return [key];
    return s._zod.def.type === 'array' && s._zod.def.element === idSchema ? [`${key}.0`] : [];
  });
}

interface HostileCase {
  label: string;
  payload: unknown;
  path: string;
  /** The issue's key; undefined when any validation key will do. */
  key?: string;
}

function hostileCases(name: CallableName, valid: Record<string, unknown>): HostileCase[] {
  const forbiddenKey = 'validation.forbiddenKey';
  // Nested under a field of the request, or under a new one when the request has none.
  const field = Object.keys(valid)[0] ?? 'nested';
  const ownProto = () => withOwnKey({}, '__proto__', POLLUTION);
  const cases: HostileCase[] = [
    { label: '__proto__ (own key)', payload: withOwnKey(valid, '__proto__', POLLUTION), path: '__proto__' },
    {
      label: '__proto__ (decoded into the prototype)',
      payload: decodeLikeSdk(withOwnKey(valid, '__proto__', POLLUTION)),
      path: '__proto__',
    },
    // The whole request read through the prototype: what zod would accept without the check.
    { label: 'the request in __proto__ (own key)', payload: withOwnKey({}, '__proto__', valid), path: '__proto__' },
    {
      label: 'the request in __proto__ (decoded)',
      payload: decodeLikeSdk(withOwnKey({}, '__proto__', valid)),
      path: '__proto__',
    },
    { label: `${field}.__proto__ (own key)`, payload: { ...valid, [field]: ownProto() }, path: `${field}.__proto__` },
    {
      label: `${field}.__proto__ (decoded)`,
      payload: { ...valid, [field]: decodeLikeSdk(ownProto()) },
      path: `${field}.__proto__`,
    },
    {
      label: `${field}.0.__proto__ (decoded, in an array)`,
      payload: { ...valid, [field]: decodeLikeSdk([ownProto()]) },
      path: `${field}.0.__proto__`,
    },
    {
      label: 'constructor',
      payload: withOwnKey(valid, 'constructor', { prototype: POLLUTION }),
      path: 'constructor',
    },
    { label: 'prototype', payload: withOwnKey(valid, 'prototype', POLLUTION), path: 'prototype' },
    {
      label: `${field}.constructor`,
      payload: { ...valid, [field]: { constructor: { prototype: POLLUTION } } },
      path: `${field}.constructor`,
    },
    {
      label: `${field}.prototype`,
      payload: { ...valid, [field]: { prototype: POLLUTION } },
      path: `${field}.prototype`,
    },
  ].map((c) => ({ ...c, key: forbiddenKey }));
  for (const path of idFieldsOf(name)) {
    const [key, index] = path.split('.');
    for (const id of HOSTILE_IDS) {
      const payload = { ...valid, [key]: index === undefined ? id : [id] };
      cases.push({ label: `${path} ${JSON.stringify(id)}`, payload, path, key: 'validation.id' });
    }
  }
  // Deeper than any stack: refused at the field, never an `internal` overflow.
  let deep: unknown = ownProto();
  for (let i = 0; i < 50_000; i++) deep = [deep];
  cases.push({
    label: `${field}.__proto__ nested 50 000 deep`,
    payload: { ...valid, [field]: deep },
    path: `${field}.${'0.'.repeat(50_000)}__proto__`,
    key: 'validation.forbiddenKey',
  });
  return cases;
}

describe.each(CALLABLE_NAMES)('%s with a hostile payload', (name) => {
  it('refuses prototype keys at any depth and reserved ids with invalid-argument and the path, and changes nothing', async () => {
    const valid = (await validPayloads[name](admin, callerOf(name))) as Record<string, unknown>;
    const cases = hostileCases(name, valid);
    const before = await contentsOf();
    const problems: string[] = [];
    for (const c of cases) {
      const error = await errorOf(name, c.payload);
      const problem = problemOf(c.label, error);
      if (problem) {
        problems.push(problem);
        continue;
      }
      const issues = error!.details as FieldIssue[];
      if (!issues.some((i) => i.path === c.path && (c.key === undefined || i.key === c.key)))
        problems.push(`${c.label}: issues ${JSON.stringify(issues)} do not name ${c.path} with ${c.key ?? 'a key'}`);
    }
    expect(problems).toEqual([]);
    expect(await contentsOf()).toEqual(before);
    // The same request without the hostile part is served: the refusals came from it alone.
    await call(name, valid, ENDS_OWN_SESSIONS.has(name) ? await persona('admin', `-${name}`) : callerOf(name));
  });
});

describe('a __proto__ key seen only in the raw JSON body', () => {
  it('is refused too (a primitive `__proto__` leaves no trace in the decoded data)', async () => {
    const study = await newStudy(admin);
    const data = { id: study.id, version: 1 };
    const raw = withOwnKey(data, '__proto__', 'x');
    const run = project.wrap(callables.studies.update) as unknown as (request: unknown) => Promise<unknown>;
    // The request the SDK hands over: the decoded data, and express's request with the parsed body.
    const token = { uid: admin.uid, sub: admin.uid, email: admin.email, ...admin.claims };
    const request = {
      data,
      rawRequest: { body: { data: raw } },
      auth: { uid: admin.uid, token: { ...token, auth_time: Math.floor(Date.now() / 1000) }, rawToken: 'test' },
    };
    const before = await contentsOf();
    const error = await run(request).then(
      () => undefined,
      (e: { code?: string; details?: unknown }) => e,
    );
    expect(error?.code).toBe('invalid-argument');
    expect(error?.details).toEqual([expect.objectContaining({ path: '__proto__', key: 'validation.forbiddenKey' })]);
    expect(await contentsOf()).toEqual(before);
  });
});

// ---- text: broken, invisible and direction-forcing characters; NFC ----

describe('text', () => {
  it('refuses broken, control, bidi-override and invisible-only text with the path, and changes nothing', async () => {
    const study = await newStudy(admin);
    const contact = await newContact(admin);
    const cases: [CallableName, Record<string, unknown>, string, string][] = [
      ['studies-create', { title: '\u200B\u200B\u200B\u200B' }, 'title', 'validation.required'],
      ['studies-create', { title: ' \u00A0\u2800\u3164\u200D ' }, 'title', 'validation.required'],
      ['studies-create', { title: 'Cardiac\u0000 study' }, 'title', 'validation.controlCharacters'],
      ['studies-create', { title: 'Cardiac \uD800 study' }, 'title', 'validation.malformedText'],
      ['studies-create', { title: 'Cardiac \u202Eyduts' }, 'title', 'validation.bidiCharacters'],
      ['studies-create', { title: 'Cardiac\tstudy' }, 'title', 'validation.singleLine'],
      ['studies-create', { summary: 'Line one\u0000' }, 'summary', 'validation.controlCharacters'],
      ['studies-create', { details: 'Half \uDC00 a pair' }, 'details', 'validation.malformedText'],
      ['studies-update', { conditions: ['Asthma', '\u200B'] }, 'conditions.1', 'validation.required'],
      ['studies-update', { title: 'Cardiac \u2066isolate\u2069' }, 'title', 'validation.bidiCharacters'],
      ['studyContacts-create', { lastName: 'Trem\u202Dblay' }, 'lastName', 'validation.bidiCharacters'],
      ['studyContacts-update', { displayName: 'J.\nTremblay' }, 'displayName', 'validation.singleLine'],
      ['references-create', { referer: 'Dr\u0000Roy' }, 'referer', 'validation.controlCharacters'],
      ['references-create', { abstract: 'Methods \u0007' }, 'abstract', 'validation.controlCharacters'],
      ['users-create', { firstName: 'Ma\uDBFFrie' }, 'firstName', 'validation.malformedText'],
      [
        'users-create',
        { password: 'secret\u0000pass', confirmPassword: 'secret\u0000pass' },
        'password',
        'validation.controlCharacters',
      ],
      ['studies-list', { search: 'card\u202E' }, 'search', 'validation.bidiCharacters'],
    ];
    const base = async (name: CallableName): Promise<Record<string, unknown>> => {
      if (name === 'studies-update') return { id: study.id, version: 1 };
      if (name === 'studyContacts-update') return { id: contact.id, version: 1 };
      if (name === 'references-create') return { studyId: study.id, patientId: 'QC-1234-5678' };
      return (await validPayloads[name](admin, admin)) as Record<string, unknown>;
    };
    const payloads = await Promise.all(cases.map(async ([name, fields]) => ({ ...(await base(name)), ...fields })));
    const before = await contentsOf();
    const problems: string[] = [];
    for (const [i, [name, , path, key]] of cases.entries()) {
      const label = `${name} ${JSON.stringify(cases[i][1])}`;
      const error = await errorOf(name, payloads[i]);
      const problem = problemOf(label, error);
      if (problem) problems.push(problem);
      else if (!(error!.details as FieldIssue[]).some((issue) => issue.path === path && issue.key === key))
        problems.push(`${label}: ${JSON.stringify(error!.details)} does not name ${path} with ${key}`);
    }
    expect(problems).toEqual([]);
    expect(await contentsOf()).toEqual(before);
  });

  it('stores text in NFC: a decomposed accent is stored composed', async () => {
    const decomposed = 'E\u0301tude de re\u0301adaptation';
    const composed = 'Étude de réadaptation';
    expect(decomposed.normalize('NFC')).toBe(composed);
    const study = await call(
      'studies-create',
      { title: decomposed, specialty: 'Cardiology', status: 'Recruiting', summary: `Phase 1\n\t${decomposed}` },
      admin,
    );
    expect(study.title).toBe(composed);
    const stored = (await db().collection('studies').doc(study.id).get()).data();
    expect(stored).toMatchObject({ title: composed, summary: `Phase 1\n\t${composed}` });
    const updated = await call(
      'studies-update',
      { id: study.id, version: 1, conditions: ['Ce\u0301phale\u0301e'] },
      admin,
    );
    expect(updated.conditions).toEqual(['Céphalée']);
    expect((await db().collection('studies').doc(study.id).get()).data()?.conditions).toEqual(['Céphalée']);
    const contact = await newContact(admin, { firstName: 'Ho\u0308lle', lastName: 'Co\u0302te\u0301' });
    expect((await db().collection('studyContacts').doc(contact.id).get()).data()).toMatchObject({
      firstName: 'Hölle',
      lastName: 'Côté',
    });
  });

  it('answers a reserved id in a reference as invalid-argument, not internal', async () => {
    const error = await callError('references-get', { id: '__x__' }, admin);
    expect(error.code).toBe('invalid-argument');
    expect(error.details).toEqual([expect.objectContaining({ path: 'id', key: 'validation.id' })]);
  });
});
