// Hostile input refused by the shared rules: broken or invisible text, reserved ids, keys that reach prototypes.
import { describe, expect, it } from 'vitest';
import {
  englishMessage,
  forbiddenKeyIssues,
  messages,
  referenceCreateSchema,
  requestSchemas,
  studyContactCreateSchema,
  studyCreateSchema,
  studyListSchema,
  studyUpdateSchema,
  userCreateSchema,
  validate,
  type FieldIssue,
} from '../src/index.js';
import { issuesOf, valueOf } from './validate.js';

const study = { title: 'Cardiac rehabilitation', specialty: 'Cardiology', status: 'Recruiting' };
const reference = { studyId: 's1', patientId: 'QC-1234-5678' };
const contact = { firstName: 'Jeanne', lastName: 'Tremblay', email: 'jeanne@example.org' };
const user = {
  ...contact,
  role: 'Editor',
  roleApproved: true,
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';
const RLO = '\u202E';
const ZWSP = '\u200B';

describe('text', () => {
  it('stores text in NFC: a decomposed accent is composed', () => {
    const decomposed = 'Re\u0301adaptation cardiaque';
    expect(decomposed).toHaveLength(23);
    const value = valueOf(studyCreateSchema, {
      ...study,
      title: decomposed,
      conditions: ['Insuffisance cardiaque de\u0301compense\u0301e'],
      summary: 'E\u0301tude\nmulticentrique',
    });
    expect(value.title).toBe('Réadaptation cardiaque');
    expect(value.title).toHaveLength(22);
    expect(value.conditions).toEqual(['Insuffisance cardiaque décompensée']);
    expect(value.summary).toBe('Étude\nmulticentrique');
    expect(valueOf(studyContactCreateSchema, { ...contact, lastName: 'Co\u0302te\u0301' }).lastName).toBe('Côté');
  });

  it('counts the length limit on the composed text', () => {
    const composed = 'é'.repeat(100);
    expect(valueOf(studyContactCreateSchema, { ...contact, lastName: 'e\u0301'.repeat(100) }).lastName).toBe(composed);
  });

  // Single-line fields of every resource, required and optional, and list items.
  const singleLine: [string, Parameters<typeof validate>[0], (v: string) => unknown, string][] = [
    ['study title', studyCreateSchema, (v) => ({ ...study, title: `Cardiac ${v} study` }), 'title'],
    ['condition', studyCreateSchema, (v) => ({ ...study, conditions: ['ok', `Asth${v}ma`] }), 'conditions.1'],
    ['referer', referenceCreateSchema, (v) => ({ ...reference, referer: `Dr ${v} Roy` }), 'referer'],
    ['author', referenceCreateSchema, (v) => ({ ...reference, authors: [`A. ${v}Author`] }), 'authors.0'],
    ['journal', referenceCreateSchema, (v) => ({ ...reference, journal: `Lan${v}cet` }), 'journal'],
    ['last name', studyContactCreateSchema, (v) => ({ ...contact, lastName: `Trem${v}blay` }), 'lastName'],
    ['display name', studyContactCreateSchema, (v) => ({ ...contact, displayName: `J ${v}T` }), 'displayName'],
    ['first name', userCreateSchema, (v) => ({ ...user, firstName: `Ma${v}rie` }), 'firstName'],
    ['search', studyListSchema, (v) => ({ page: 1, pageSize: 10, search: `car${v}d` }), 'search'],
  ];
  const singleLineRefusals: [string, string, string][] = [
    ['NUL', NUL, 'validation.controlCharacters'],
    ['BEL', '\u0007', 'validation.controlCharacters'],
    ['escape', '\u001B[31m', 'validation.controlCharacters'],
    ['DEL', '\u007F', 'validation.controlCharacters'],
    ['a C1 control', '\u009B', 'validation.controlCharacters'],
    ['a lone high surrogate', LONE_HIGH, 'validation.malformedText'],
    ['a lone low surrogate', LONE_LOW, 'validation.malformedText'],
    ['a reversed pair', `${LONE_LOW}${LONE_HIGH}`, 'validation.malformedText'],
    ['a tab', '\t', 'validation.singleLine'],
    ['a line feed', '\n', 'validation.singleLine'],
    ['a carriage return', '\r', 'validation.singleLine'],
    ['a right-to-left override', RLO, 'validation.bidiCharacters'],
    ['a left-to-right embedding', '\u202A', 'validation.bidiCharacters'],
    ['a pop directional formatting', '\u202C', 'validation.bidiCharacters'],
    ['a first strong isolate', '\u2068', 'validation.bidiCharacters'],
    ['a pop directional isolate', '\u2069', 'validation.bidiCharacters'],
  ];
  describe.each(singleLine)('single-line %s', (_label, schema, build, path) => {
    it.each(singleLineRefusals)('refuses %s', (_what, character, key) => {
      expect(issuesOf(schema, build(character))).toContainEqual({ path, key, message: englishMessage(key) });
    });
    it('accepts letters of any script, emoji, and the bidi marks that only hint direction', () => {
      for (const character of ['é', 'ß', 'القلب', '心臓', '😀', '\u200E', '\u200F', ZWSP]) {
        expect(validate(schema, build(character)).ok, JSON.stringify(character)).toBe(true);
      }
    });
  });

  it('drops tabs and line breaks at the ends of single-line text instead of refusing them', () => {
    expect(valueOf(studyCreateSchema, { ...study, title: '\tCardiac study\r\n' }).title).toBe('Cardiac study');
  });

  const multiLine: [string, Parameters<typeof validate>[0], (v: string) => unknown, string][] = [
    [
      'inclusion criteria',
      studyCreateSchema,
      (v) => ({ ...study, inclusionCriteria: `Adults${v}18+` }),
      'inclusionCriteria',
    ],
    [
      'exclusion criteria',
      studyUpdateSchema,
      (v) => ({ id: 's1', version: 1, exclusionCriteria: `No${v}smokers` }),
      'exclusionCriteria',
    ],
    ['summary', studyCreateSchema, (v) => ({ ...study, summary: `Line one${v}line two` }), 'summary'],
    ['details', studyCreateSchema, (v) => ({ ...study, details: `Details${v}here` }), 'details'],
    ['abstract', referenceCreateSchema, (v) => ({ ...reference, abstract: `Background${v}Methods` }), 'abstract'],
  ];
  describe.each(multiLine)('multi-line %s', (_label, schema, build, path) => {
    it('keeps tabs, line breaks and bidi characters', () => {
      const value = valueOf(schema, build('\r\n\t- item\n'));
      expect(value[path]).toMatch(/\r\n\t- item\n/);
      expect(validate(schema, build(`${RLO}txet${'\u202C'}`)).ok).toBe(true);
    });
    it.each([
      ['NUL', NUL, 'validation.controlCharacters'],
      ['a backspace', '\b', 'validation.controlCharacters'],
      ['a vertical tab', '\u000B', 'validation.controlCharacters'],
      ['a form feed', '\f', 'validation.controlCharacters'],
      ['DEL', '\u007F', 'validation.controlCharacters'],
      ['a C1 control', '\u0085', 'validation.controlCharacters'],
      ['a lone surrogate', LONE_HIGH, 'validation.malformedText'],
    ])('refuses %s', (_what, character, key) => {
      expect(issuesOf(schema, build(character))).toContainEqual(expect.objectContaining({ path, key }));
    });
  });

  it.each([
    ['zero-width spaces', ZWSP.repeat(5)],
    ['whitespace of other scripts', '\u00A0\u2003\u3000\u205F'],
    ['joiners and word joiners', '\u200C\u200D\u2060\u2060'],
    ['soft hyphens', '\u00AD\u00AD\u00AD'],
    ['a byte-order mark and bidi marks', '\uFEFF\u200E\u200F\u061C'],
    ['Hangul fillers', '\u3164\u3164\u115F\u1160\uFFA0'],
    ['blank braille patterns', '\u2800\u2800\u2800'],
    ['variation selectors', '\uFE0F\uFE0F\uFE0F'],
    ['a mix', ` ${ZWSP}\u00A0\u2800\u3164 `],
  ])('reads a required field of only %s as empty', (_what, blank) => {
    expect(issuesOf(studyCreateSchema, { ...study, title: blank })).toContainEqual(
      expect.objectContaining({ path: 'title', key: 'validation.required' }),
    );
    expect(issuesOf(studyCreateSchema, { ...study, conditions: [blank] })).toContainEqual(
      expect.objectContaining({ path: 'conditions.0', key: 'validation.required' }),
    );
    expect(issuesOf(studyContactCreateSchema, { ...contact, firstName: blank })).toContainEqual(
      expect.objectContaining({ path: 'firstName', key: 'validation.required' }),
    );
  });

  it('accepts required text with one visible character among invisible ones', () => {
    expect(valueOf(studyContactCreateSchema, { ...contact, firstName: `${ZWSP}J${ZWSP}` }).firstName).toBe(
      `${ZWSP}J${ZWSP}`,
    );
    expect(valueOf(studyCreateSchema, { ...study, title: '❤️❤️❤️' }).title).toBe('❤️❤️❤️');
  });

  it('checks email addresses for broken and control characters before their format', () => {
    expect(issuesOf(studyContactCreateSchema, { ...contact, email: `a${NUL}@example.org` })[0]).toMatchObject({
      path: 'email',
      key: 'validation.controlCharacters',
    });
    expect(issuesOf(studyContactCreateSchema, { ...contact, email: ZWSP })[0]).toMatchObject({
      path: 'email',
      key: 'validation.required',
    });
  });

  it('checks passwords but keeps them exactly as typed', () => {
    for (const [bad, key] of [
      [`secret${NUL}pass`, 'validation.controlCharacters'],
      [`secret${LONE_HIGH}pass`, 'validation.malformedText'],
      ['secret\tpass', 'validation.singleLine'],
    ]) {
      expect(issuesOf(userCreateSchema, { ...user, password: bad, confirmPassword: bad })[0]).toMatchObject({
        path: 'password',
        key,
      });
    }
    const typed = '  Mot de passe e\u0301te\u0301  ';
    const value = valueOf(userCreateSchema, { ...user, password: typed, confirmPassword: typed });
    expect(value.password).toBe(typed);
  });
});

describe('ids', () => {
  const idFields: [string, Parameters<typeof validate>[0], (id: string) => unknown, string][] = [
    ['get', requestSchemas['studies-get'], (id) => ({ id }), 'id'],
    ['update', studyUpdateSchema, (id) => ({ id, version: 1 }), 'id'],
    ['contact of a study', studyCreateSchema, (id) => ({ ...study, contactId: id }), 'contactId'],
    ['study of a reference', referenceCreateSchema, (id) => ({ ...reference, studyId: id }), 'studyId'],
    ['related studies', referenceCreateSchema, (id) => ({ ...reference, studyIds: ['ok', id] }), 'studyIds.1'],
  ];
  describe.each(idFields)('%s', (_label, schema, build, path) => {
    it.each(['__x__', '__proto__', '__name__', '____', '.', '..', 'a/b', '/', '../users/x', 'a.b', ' a', 'é'])(
      'refuses %j',
      (id) => {
        expect(issuesOf(schema, build(id))).toContainEqual({
          path,
          key: 'validation.id',
          message: englishMessage('validation.id'),
        });
      },
    );
    it('accepts ids that only look close to reserved ones', () => {
      for (const id of ['_', '__', '___', '__x', 'x__', '_x_', 'a__b__', '-', 'AbC-09_z']) {
        expect(validate(schema, build(id)).ok, id).toBe(true);
      }
    });
  });
});

describe('keys that reach prototypes', () => {
  const issue = (path: string): FieldIssue => ({
    path,
    key: 'validation.forbiddenKey',
    message: englishMessage('validation.forbiddenKey'),
  });
  /** What the callable SDK's decoder makes of a parsed body: keys copied with `target[key] = value`. */
  function decodeLikeSdk(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(decodeLikeSdk);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) copy[k] = decodeLikeSdk(v);
    return copy;
  }

  it('has an English and a French message', () => {
    expect(messages.en.validation.forbiddenKey).toBeTruthy();
    expect(messages.fr.validation.forbiddenKey).toBeTruthy();
  });

  it('reports an own __proto__, constructor or prototype key at any depth, with its path', () => {
    const parsed: unknown = JSON.parse('{"id":"s1","__proto__":{"summary":"x"}}');
    expect(Object.keys(parsed as object)).toContain('__proto__');
    expect(forbiddenKeyIssues(parsed)).toEqual([issue('__proto__')]);
    expect(forbiddenKeyIssues({ constructor: { prototype: { isAdmin: true } } })).toEqual([issue('constructor')]);
    expect(forbiddenKeyIssues({ title: { prototype: 1 } })).toEqual([issue('title.prototype')]);
    const deep: unknown = JSON.parse('{"a":{"b":[1,{"c":{"__proto__":{}}}]}}');
    expect(forbiddenKeyIssues(deep)).toEqual([issue('a.b.1.c.__proto__')]);
  });

  it('reports a __proto__ key the decoder turned into a prototype, at the same path', () => {
    const top = decodeLikeSdk(JSON.parse('{"id":"s1","version":1,"__proto__":{"summary":"x"}}')) as Record<
      string,
      unknown
    >;
    // The attack: the key is gone, the field reads through the prototype.
    expect(Object.keys(top)).toEqual(['id', 'version']);
    expect(top.summary).toBe('x');
    expect(forbiddenKeyIssues(top)).toEqual([issue('__proto__')]);
    const nested = decodeLikeSdk(JSON.parse('{"conditions":[{"__proto__":[]}],"x":{"__proto__":{}}}'));
    expect(
      forbiddenKeyIssues(nested)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['conditions.0.__proto__', 'x.__proto__']);
  });

  it('reports each path once across the decoded data and the raw body', () => {
    const raw: unknown = JSON.parse('{"id":"s1","__proto__":{"summary":"x"}}');
    expect(forbiddenKeyIssues(decodeLikeSdk(raw), raw)).toEqual([issue('__proto__')]);
    expect(forbiddenKeyIssues({ id: 's1' }, raw)).toEqual([issue('__proto__')]);
  });

  it('accepts plain objects, arrays, null prototypes, primitives and these words as values', () => {
    for (const payload of [
      {},
      [],
      Object.create(null) as object,
      { title: 'constructor', conditions: ['__proto__', 'prototype'] },
      { nested: [{ a: [[{}]] }] },
      'text',
      42,
      null,
      undefined,
    ]) {
      expect(forbiddenKeyIssues(payload)).toEqual([]);
    }
    expect(forbiddenKeyIssues(undefined, null, 'x')).toEqual([]);
  });

  it('reports objects of any other class', () => {
    expect(forbiddenKeyIssues({ at: new Date(0) })).toEqual([issue('at.__proto__')]);
    expect(forbiddenKeyIssues(Object.create({ isAdmin: true }) as object)).toEqual([issue('__proto__')]);
  });

  it('walks payloads far deeper than the call stack, and stops after 20 issues', () => {
    let deep: unknown = JSON.parse('{"__proto__":{}}');
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const issues = forbiddenKeyIssues(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe(`${'0.'.repeat(100_000)}__proto__`);
    const many = Array.from({ length: 1000 }, () => JSON.parse('{"__proto__":{},"constructor":1}') as unknown);
    expect(forbiddenKeyIssues(many)).toHaveLength(20);
  });

  it('survives cycles', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(forbiddenKeyIssues(cyclic)).toEqual([]);
  });
});
