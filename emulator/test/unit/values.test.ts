// Value order and equality: type order, numbers, UTF-8 strings, references, 1 == 1.0, NaN.
import { describe, expect, it } from 'vitest';
import { compareReferences, compareUtf8, compareValues, valuesEqual, type Value } from '../../src/values.js';

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
