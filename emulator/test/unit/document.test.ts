// Stored documents in their compact form: every value read back as written, array membership without decoding, and
// the heap a study-shaped document takes (docs/decisions.md, "The emulator's documents in memory").
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Fields, Value } from '../../src/common/firestore-value.js';
import { fieldValue, makeDoc, type StoredDoc } from '../../src/firestore/document.js';
import { Store } from '../../src/firestore/store.js';
import { valueKey } from '../../src/firestore/values.js';
import { searchTokens } from '../../bench/studies.js';

const DB = 'projects/demo-doc/databases/(default)';
const str = (s: string): Value => ({ stringValue: s });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Strings that share prefixes in every way front coding meets: empty, equal, extended, cut, non-BMP, long. */
function randomStrings(r: () => number): string[] {
  const pool = ['', 'a', 'ab', 'abc', 'abd', 'b', 'é', 'éa', '😀', '😀x', '\u0000', '\u0000\u0001', 'x'.repeat(70_000)];
  return Array.from({ length: Math.floor(r() * 12) + 1 }, () => {
    const base = pool[Math.floor(r() * pool.length)];
    return r() < 0.3 ? base + String.fromCharCode(Math.floor(r() * 0x10000)) : base;
  });
}

const doc = (id: string, fields: Fields): StoredDoc => makeDoc(`${DB}/documents/c/${id}`, `c/${id}`, fields, 5, 7);

describe('a stored document', () => {
  it('reads back every value as written, and its name, id and times', () => {
    const fields: Fields = {
      s: str('text'),
      empty: str(''),
      n: { nullValue: 'NULL_VALUE' },
      t: { booleanValue: true },
      f: { booleanValue: false },
      small: { integerValue: '7' },
      big: { integerValue: '9007199254740993' },
      negative: { integerValue: '-3' },
      d: { doubleValue: 1.5 },
      at: { timestampValue: { seconds: '1704067200', nanos: 5000 } },
      atNoNanos: { timestampValue: { seconds: '1704067200' } },
      bytes: { bytesValue: Buffer.from([1, 2, 3]) },
      ref: { referenceValue: `${DB}/documents/c/other` },
      geo: { geoPointValue: { latitude: 1, longitude: 2 } },
      tokens: arr(str('c'), str('ca'), str('car'), str('card'), str('r'), str('re')),
      mixed: arr(str('a'), { integerValue: '1' }),
      none: arr(),
      map: { mapValue: { fields: { inner: arr(str('x')), deep: { mapValue: { fields: { y: str('z') } } } } } },
      constructor: str('an own field named constructor'),
    };
    const d = doc('d1', fields);
    expect(d.fields).toEqual(fields);
    expect(Object.keys(d.fields)).toEqual(Object.keys(fields));
    expect(d.proto).toEqual({
      name: `${DB}/documents/c/d1`,
      fields,
      createTime: { seconds: '0', nanos: 5000 },
      updateTime: { seconds: '0', nanos: 7000 },
    });
    expect([d.id, d.path, d.createTime, d.updateTime]).toEqual(['d1', 'c/d1', 5, 7]);
    expect(fieldValue(d, ['map', 'deep', 'y'])).toEqual(str('z'));
    expect(fieldValue(d, ['map', 'missing'])).toBeUndefined();
    expect(fieldValue(d, ['toString'])).toBeUndefined();
    expect(fieldValue(d, null)).toEqual({ referenceValue: `${DB}/documents/c/d1` });
    expect(makeDoc(`${DB}/documents/elsewhere`, 'c/d2', {}, 1, 1).name).toBe(`${DB}/documents/elsewhere`);
    // What a caller gets is its own: changing it changes nothing stored.
    d.fields.tokens.arrayValue!.values!.push(str('x'));
    (d.fields.small as { integerValue: string }).integerValue = '8';
    expect(d.fields).toEqual(fields);
  });

  it('reads back random string arrays, and finds exactly their elements', () => {
    const r = rng(11);
    for (let round = 0; round < 400; round++) {
      const strings = randomStrings(r);
      const d = doc(`r${round}`, { a: arr(...strings.map(str)) });
      expect(d.fields.a.arrayValue!.values!.map((v) => v.stringValue)).toEqual(strings);
      for (const probe of [...randomStrings(r), ...strings]) {
        const has = strings.includes(probe);
        expect(d.arrayHas('a', str(probe), valueKey(str(probe))), JSON.stringify([strings, probe])).toBe(has);
      }
      expect(d.arrayHas('a', { integerValue: '1' }, valueKey({ integerValue: '1' }))).toBe(false);
      expect(d.arrayHas('missing', str('a'), valueKey(str('a')))).toBe(false);
    }
  });

  it('holds a study-shaped document in under 3 KB of heap (was about 11 KB)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = new Store();
    const db = store.db(DB);
    const n = 20_000;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < n; i++) {
      const title = `Cardiac Rehabilitation Randomized Trial in Older Adults #${i}`;
      const at: Value = { timestampValue: { seconds: String(1_704_067_200 + i * 60), nanos: 0 } };
      const fields: Fields = {
        title: str(title),
        titleSort: str(title.toLowerCase()),
        status: str('Recruiting'),
        specialty: str('Cardiology'),
        conditions: arr(str(`Condition ${i % 97}`)),
        summary: str('Benchmark study: plausible length of a summary written by a study coordinator.'.repeat(3)),
        searchTokens: arr(...searchTokens(title, `Condition ${i % 97}`, 'Cardiology', 'Cardiologie').map(str)),
        contactId: { nullValue: 'NULL_VALUE' },
        version: { integerValue: '1' },
        createdAt: at,
        updatedAt: at,
        createdBy: str(`staff${String(i % 50).padStart(23, '0')}`),
      };
      const path = `studies/s${String(i).padStart(6, '0')}`;
      db.set(path, makeDoc(`${DB}/documents/${path}`, path, fields, i + 1, i + 1));
    }
    gc();
    const perDoc = (process.memoryUsage().heapUsed - before) / n;
    expect(db.collections.get('studies')!.docs.size).toBe(n);
    expect(perDoc).toBeLessThan(3_000);
  });
});
