// Value order and equality: type order, numbers, UTF-8 strings, references, vectors, 1 == 1.0, NaN.
import { describe, expect, it } from 'vitest';
import type { Value } from '../../src/common/firestore-value.js';
import { compareReferences, compareUtf8, compareValues, typeRank, valuesEqual } from '../../src/firestore/values.js';

/** A vector as SDKs send it: the map {__type__: "__vector__", value: [doubles]}. */
const vector = (xs: number[]): Value => ({
  mapValue: {
    fields: {
      __type__: { stringValue: '__vector__' },
      value: { arrayValue: { values: xs.map((doubleValue) => ({ doubleValue })) } },
    },
  },
});

describe('value ordering', () => {
  it('follows the type order, numbers compared across int and double', () => {
    const ordered: Value[] = [
      { nullValue: 'NULL_VALUE' },
      { booleanValue: false },
      { booleanValue: true },
      { doubleValue: NaN },
      { doubleValue: -Infinity },
      { integerValue: '-5' },
      { doubleValue: 1.5 },
      { integerValue: '2' },
      { timestampValue: { seconds: '1', nanos: 0 } },
      { stringValue: 'a' },
      { bytesValue: Buffer.from([0]) },
      { referenceValue: 'projects/p/databases/d/documents/a/b' },
      { geoPointValue: { latitude: 0, longitude: 0 } },
      { arrayValue: { values: [] } },
      { arrayValue: { values: [{ integerValue: '9' }] } },
      vector([9, 9, 9]),
      { mapValue: { fields: {} } },
    ];
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++)
        expect(Math.sign(compareValues(ordered[i], ordered[j])), `${i} vs ${j}`).toBe(Math.sign(i - j));
  });

  it('compares large integers exactly', () => {
    expect(compareValues({ integerValue: '9007199254740993' }, { integerValue: '9007199254740992' })).toBe(1);
    expect(compareValues({ integerValue: '9007199254740993' }, { doubleValue: 9007199254740992 })).toBe(1);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 units', () => {
    // U+FFFD is one UTF-16 unit above the surrogates, but its UTF-8 form sorts below a 4-byte emoji.
    expect(compareUtf8('\uFFFD', '😀')).toBe(-1);
    expect('\uFFFD' < '😀').toBe(false);
    expect(compareUtf8('a', 'ab')).toBe(-1);
  });

  it('compares references segment by segment', () => {
    // '-' is below '/' as a character, but segment "a" is a prefix of "a-b".
    expect(compareReferences('c/a/x/y', 'c/a-b')).toBe(-1);
    expect(compareReferences('c/a-b', 'c/a/x/y')).toBe(1);
    expect(compareReferences('c/a', 'c/a/x/y')).toBe(-1);
    expect(compareReferences('c/\uFFFD', 'c/😀')).toBe(-1);
  });

  it('puts numeric document ids first in references', () => {
    expect(compareReferences('c/__id5__', 'c/A')).toBe(-1);
    expect(compareReferences('c/__id-9223372036854775808__', 'c/__id3__')).toBe(-1);
  });

  it('treats 1 and 1.0 as equal, NaN as unequal to itself in filters', () => {
    expect(valuesEqual({ integerValue: '1' }, { doubleValue: 1 })).toBe(true);
    expect(valuesEqual({ doubleValue: NaN }, { doubleValue: NaN })).toBe(false);
    expect(valuesEqual({ stringValue: '1' }, { integerValue: '1' })).toBe(false);
  });
});

describe('vector ordering', () => {
  it('ranks vectors between arrays and maps, whatever their elements', () => {
    expect(typeRank(vector([1]))).toBeGreaterThan(typeRank({ arrayValue: { values: [] } }));
    expect(typeRank(vector([1]))).toBeLessThan(typeRank({ mapValue: { fields: { a: { integerValue: '1' } } } }));
    // Compared as the map it is sent as, a vector would sort after a map whose first key is below `__type__`.
    expect(compareValues(vector([1]), { mapValue: { fields: { A: { integerValue: '1' } } } })).toBe(-1);
  });

  it('compares by dimension first, then element by element', () => {
    const ordered = [vector([]), vector([100]), vector([-1, 5]), vector([1, 2]), vector([1, 3]), vector([0, 0, 0])];
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++)
        expect(Math.sign(compareValues(ordered[i], ordered[j])), `${i} vs ${j}`).toBe(Math.sign(i - j));
  });

  it('equal vectors are equal in filters; a vector never equals the array of its elements', () => {
    expect(valuesEqual(vector([1, 2]), vector([1, 2]))).toBe(true);
    expect(valuesEqual(vector([1, 2]), vector([2, 1]))).toBe(false);
    const array: Value = { arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: 2 }] } };
    expect(valuesEqual(vector([1, 2]), array)).toBe(false);
  });
});
