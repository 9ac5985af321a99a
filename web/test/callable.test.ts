// Tests of the callable client: dropping undefined properties and reading the server's error contract.
import { describe, expect, it } from 'vitest';
import { toCallError, withoutUndefined } from '../src/core/api/callable';

describe('callable client', () => {
  it('drops undefined properties (the protocol would send them as null), deep, keeping null and arrays', () => {
    expect(withoutUndefined({ search: undefined, status: null, page: 1, pageSize: 20 })).toEqual({
      status: null,
      page: 1,
      pageSize: 20,
    });
    expect(Object.keys(withoutUndefined({ a: undefined, b: { c: undefined, d: 'x' } }))).toEqual(['b']);
    expect(withoutUndefined({ b: { c: undefined, d: 'x' } })).toEqual({ b: { d: 'x' } });
    expect(withoutUndefined({ list: [{ x: undefined, y: 1 }] })).toEqual({ list: [{ y: 1 }] });
  });

  it('reads the server error contract', () => {
    const issues = [{ path: 'title', key: 'validation.required', message: 'This field is required' }];
    expect(toCallError({ code: 'functions/invalid-argument', details: issues })).toEqual({
      code: 'invalid-argument',
      key: 'errors.invalidArgument',
      issues,
    });
    expect(toCallError({ code: 'functions/failed-precondition', details: { key: 'errors.stale' } })).toEqual({
      code: 'failed-precondition',
      key: 'errors.stale',
    });
    expect(toCallError(new Error('boom')).key).toBe('errors.unexpected');
  });
});
