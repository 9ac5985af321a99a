// Tests of list paging in every list request: no offset past MAX_OFFSET, cursors past it, one cursor at most; exports
// take neither.
import { describe, expect, it } from 'vitest';
import {
  englishMessage,
  KIND_NAMES,
  MAX_OFFSET,
  messages,
  offsetReaches,
  referenceExportSchema,
  requestSchemas,
  studyExportSchema,
  validate,
} from '../src/index.js';
import { issuesOf } from './validate.js';

/** Every list callable, with what its request needs besides paging. */
const LISTS = Object.keys(requestSchemas)
  .filter((name) => name.endsWith('-list'))
  .map((name) => [name, name === 'audit-list' ? { entity: 'studies' } : {}] as const);

const schemaOf = (name: string) => requestSchemas[name as keyof typeof requestSchemas];

describe('list paging', () => {
  it("covers every kind's list, the logs', the mail queue's and a referrer's own", () => {
    expect(LISTS.map(([name]) => name).sort()).toEqual(
      [
        ...KIND_NAMES.map((kind) => `${kind}-list`),
        'accessLog-list',
        'audit-list',
        'mail-list',
        'referrals-list',
      ].sort(),
    );
    expect(LISTS.map(([name]) => name)).toEqual(expect.arrayContaining(['studies-list', 'documents-list']));
  });

  it.each(LISTS)('%s refuses an offset past MAX_OFFSET, with one issue on the page', (name, base) => {
    // Page 101 of 100 skips exactly 10 000 rows; page 102 skips 10 100.
    expect(validate(schemaOf(name), { ...base, page: 101, pageSize: 100 }).ok).toBe(true);
    expect(issuesOf(schemaOf(name), { ...base, page: 102, pageSize: 100 })).toEqual([
      {
        path: 'page',
        key: 'validation.offsetTooLarge',
        params: { max: MAX_OFFSET },
        message: englishMessage('validation.offsetTooLarge', { max: MAX_OFFSET }),
      },
    ]);
    expect(issuesOf(schemaOf(name), { ...base, page: 1_002, pageSize: 10 })[0].key).toBe('validation.offsetTooLarge');
  });

  it.each(LISTS)('%s takes a page past MAX_OFFSET with a cursor, one at most, a valid id', (name, base) => {
    const deep = { ...base, page: 5_000, pageSize: 20 };
    expect(validate(schemaOf(name), { ...deep, after: 'rec-123' }).ok).toBe(true);
    expect(validate(schemaOf(name), { ...deep, before: 'rec-123' }).ok).toBe(true);
    expect(issuesOf(schemaOf(name), { ...deep, after: 'a', before: 'b' })).toMatchObject([
      { path: 'before', key: 'validation.invalid' },
    ]);
    expect(issuesOf(schemaOf(name), { ...deep, after: '../x' })).toMatchObject([
      { path: 'after', key: 'validation.id' },
    ]);
    expect(issuesOf(schemaOf(name), { ...deep, before: '' })).toMatchObject([
      { path: 'before', key: 'validation.required' },
    ]);
  });

  it('counts the offset as the rows before the page', () => {
    expect(offsetReaches(1, 100)).toBe(true);
    expect(offsetReaches(MAX_OFFSET / 20 + 1, 20)).toBe(true);
    expect(offsetReaches(MAX_OFFSET / 20 + 2, 20)).toBe(false);
  });

  it('has the message in both languages, with the limit', () => {
    expect(englishMessage('validation.offsetTooLarge', { max: MAX_OFFSET })).toContain('10000');
    expect(messages.fr.validation.offsetTooLarge).toContain('{{max}}');
  });

  it('leaves paging out of exports: a cursor is an unknown field there', () => {
    expect(validate(studyExportSchema, { language: 'en', status: 'Recruiting' }).ok).toBe(true);
    expect(issuesOf(referenceExportSchema, { language: 'en', after: 'r1', before: 'r2' })).toMatchObject([
      { path: 'after', key: 'validation.unknownField' },
      { path: 'before', key: 'validation.unknownField' },
    ]);
  });
});
