// Firestore values: their kinds, type order, UTF-8 string order, equality and sizes (the types themselves are in
// common/firestore-value.ts, which the rules language reads too).
import { Buffer } from 'node:buffer';
import type { Fields, Timestamp, Value } from '../common/firestore-value.js';

export type Kind =
  | 'null'
  | 'boolean'
  | 'integer'
  | 'double'
  | 'timestamp'
  | 'string'
  | 'bytes'
  | 'reference'
  | 'geopoint'
  | 'array'
  | 'map';

const KEY_TO_KIND: Record<string, Kind> = {
  nullValue: 'null',
  booleanValue: 'boolean',
  integerValue: 'integer',
  doubleValue: 'double',
  timestampValue: 'timestamp',
  stringValue: 'string',
  bytesValue: 'bytes',
  referenceValue: 'reference',
  geoPointValue: 'geopoint',
  arrayValue: 'array',
  mapValue: 'map',
};

export function kindOf(v: Value): Kind | undefined {
  if (v.valueType) return KEY_TO_KIND[v.valueType];
  for (const key in v) {
    const k = KEY_TO_KIND[key];
    if (k && (v as Record<string, unknown>)[key] !== undefined) return k;
  }
  return undefined;
}

// Type order from Firestore's documentation; integers and doubles share one rank (NaN sorts first inside it).
// Vectors sort after arrays and before maps.
const RANK: Record<Kind, number> = {
  null: 0,
  boolean: 1,
  integer: 2,
  double: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geopoint: 7,
  array: 8,
  map: 10,
};
const VECTOR_RANK = 9;

/** The `__type__` of a vector value's map and the key of its array of doubles. */
export const VECTOR_TYPE = '__vector__';
export const VECTOR_TYPE_KEY = '__type__';
export const VECTOR_VALUE_KEY = 'value';

/**
 * A vector: SDKs send it as the map `{__type__: "__vector__", value: [doubles]}`. kindOf reports it as a map (its
 * wire form, so paths, sizes and equality keys treat it as one); typeRank and compareValues order it as a vector.
 */
export function isVector(v: Value): boolean {
  const t = v.mapValue?.fields?.[VECTOR_TYPE_KEY];
  return t !== undefined && t.stringValue === VECTOR_TYPE;
}

/** The elements of a vector value (its array's numbers). */
export function vectorElements(v: Value): Value[] {
  return v.mapValue?.fields?.[VECTOR_VALUE_KEY]?.arrayValue?.values ?? [];
}

export function typeRank(v: Value): number {
  const k = kindOf(v);
  return k === undefined ? -1 : k === 'map' && isVector(v) ? VECTOR_RANK : RANK[k];
}

export function isNumber(v: Value): boolean {
  const k = kindOf(v);
  return k === 'integer' || k === 'double';
}
export function isNaNValue(v: Value): boolean {
  return kindOf(v) === 'double' && Number.isNaN(v.doubleValue);
}
export function isNullValue(v: Value): boolean {
  return kindOf(v) === 'null';
}

export const INT64_MAX = (1n << 63n) - 1n;
export const INT64_MIN = -(1n << 63n);

export function intOf(v: Value): bigint {
  return BigInt(v.integerValue ?? 0);
}
export function numberOf(v: Value): number {
  return kindOf(v) === 'integer' ? Number(v.integerValue ?? 0) : (v.doubleValue ?? 0);
}

export function tsMicros(t: Timestamp | undefined): number {
  if (!t) return 0;
  return Number(t.seconds ?? 0) * 1e6 + Math.floor((t.nanos ?? 0) / 1000);
}
export function tsFromMicros(us: number): { seconds: string; nanos: number } {
  const seconds = Math.floor(us / 1e6);
  return { seconds: String(seconds), nanos: (us - seconds * 1e6) * 1000 };
}
function compareTimestamps(a: Timestamp | undefined, b: Timestamp | undefined): number {
  const sa = Number(a?.seconds ?? 0);
  const sb = Number(b?.seconds ?? 0);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return cmp(a?.nanos ?? 0, b?.nanos ?? 0);
}

function cmp(a: number | bigint | string, b: number | bigint | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// UTF-8 byte order equals code point order; JS compares UTF-16 code units, which differs only when a surrogate
// (U+D800..U+DFFF, i.e. a character above U+FFFF) meets a unit at or above U+E000.
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa === sb) return ca < cb ? -1 : 1;
    return sa ? 1 : -1;
  }
  return cmp(a.length, b.length);
}

export function compareNumbers(a: Value, b: Value): number {
  const ia = a.integerValue;
  const ib = b.integerValue;
  // Integers below 2^53 compare exactly as doubles, without BigInt.
  if (ia !== undefined && ib !== undefined && String(ia).length < 16 && String(ib).length < 16)
    return cmp(Number(ia), Number(ib));
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === 'integer' && kb === 'integer') return cmp(intOf(a), intOf(b));
  const da = numberOf(a);
  const db = numberOf(b);
  const na = Number.isNaN(da);
  const nb = Number.isNaN(db);
  if (na || nb) return na && nb ? 0 : na ? -1 : 1;
  if (da !== db) return da < db ? -1 : 1;
  // Equal as doubles: compare exactly when an integer may have lost precision.
  if (ka === 'integer' && Number.isInteger(db)) return cmp(intOf(a), BigInt(db));
  if (kb === 'integer' && Number.isInteger(da)) return cmp(BigInt(da), intOf(b));
  return 0;
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** Path segments: numeric ids (`__id123__`) sort first, numerically; the rest by UTF-8 bytes. */
export function compareSegments(a: string, b: string): number {
  const na = a.startsWith('__id') ? NUMERIC_ID.exec(a) : null;
  const nb = b.startsWith('__id') ? NUMERIC_ID.exec(b) : null;
  if (na && nb) return cmp(BigInt(na[1]), BigInt(nb[1]));
  if (na || nb) return na ? -1 : 1;
  return compareUtf8(a, b);
}

/** Compares resource names segment by segment (document paths order by their segments). */
export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  // Without numeric ids, comparing segment by segment is comparing the strings with '/' below every character.
  if (!a.includes('__id') && !b.includes('__id')) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const ca = a.charCodeAt(i);
      const cb = b.charCodeAt(i);
      if (ca === cb) continue;
      if (ca === 0x2f || cb === 0x2f) return ca === 0x2f ? -1 : 1;
      return compareUtf8(a.slice(i, i + 2), b.slice(i, i + 2));
    }
    return cmp(a.length, b.length);
  }
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(sa[i], sb[i]);
    if (c !== 0) return c;
  }
  return cmp(sa.length, sb.length);
}

function compareBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): number {
  return Buffer.compare(Buffer.from(a ?? []), Buffer.from(b ?? []));
}

export function compareValues(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  const ra = ka === undefined ? -1 : ka === 'map' && isVector(a) ? VECTOR_RANK : RANK[ka];
  const rb = kb === undefined ? -1 : kb === 'map' && isVector(b) ? VECTOR_RANK : RANK[kb];
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (ra === VECTOR_RANK) {
    // Vectors compare by dimension first, then element by element.
    const va = vectorElements(a);
    const vb = vectorElements(b);
    if (va.length !== vb.length) return va.length < vb.length ? -1 : 1;
    for (let i = 0; i < va.length; i++) {
      const c = compareNumbers(va[i], vb[i]);
      if (c !== 0) return c;
    }
    return 0;
  }
  switch (ka) {
    case 'null':
    case undefined:
      return 0;
    case 'boolean':
      return cmp(a.booleanValue ? 1 : 0, b.booleanValue ? 1 : 0);
    case 'integer':
    case 'double':
      return compareNumbers(a, b);
    case 'timestamp':
      return compareTimestamps(a.timestampValue, b.timestampValue);
    case 'string':
      return compareUtf8(a.stringValue ?? '', b.stringValue ?? '');
    case 'bytes':
      return compareBytes(a.bytesValue, b.bytesValue);
    case 'reference':
      return compareReferences(a.referenceValue ?? '', b.referenceValue ?? '');
    case 'geopoint':
      return (
        cmp(a.geoPointValue?.latitude ?? 0, b.geoPointValue?.latitude ?? 0) ||
        cmp(a.geoPointValue?.longitude ?? 0, b.geoPointValue?.longitude ?? 0)
      );
    case 'array': {
      const va = a.arrayValue?.values ?? [];
      const vb = b.arrayValue?.values ?? [];
      for (let i = 0; i < Math.min(va.length, vb.length); i++) {
        const c = compareValues(va[i], vb[i]);
        if (c !== 0) return c;
      }
      return cmp(va.length, vb.length);
    }
    case 'map': {
      // Maps compare by their entries in key order.
      const fa = a.mapValue?.fields ?? {};
      const fb = b.mapValue?.fields ?? {};
      const ka2 = Object.keys(fa).sort(compareUtf8);
      const kb2 = Object.keys(fb).sort(compareUtf8);
      for (let i = 0; i < Math.min(ka2.length, kb2.length); i++) {
        const c = compareUtf8(ka2[i], kb2[i]) || compareValues(fa[ka2[i]], fb[kb2[i]]);
        if (c !== 0) return c;
      }
      return cmp(ka2.length, kb2.length);
    }
  }
}

/** Equality as Firestore queries see it: 1 == 1.0, NaN == NaN only for IS_NAN (handled by callers). */
export function valuesEqual(a: Value, b: Value): boolean {
  // Fast paths for the common filter values.
  if (b.stringValue !== undefined) return a.stringValue === b.stringValue;
  if (b.booleanValue !== undefined) return a.booleanValue === b.booleanValue;
  if (b.integerValue !== undefined && a.integerValue !== undefined)
    return String(a.integerValue) === String(b.integerValue);
  if (typeRank(a) !== typeRank(b)) return false;
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return compareValues(a, b) === 0;
}

/** Equality for array transforms, where NaN equals NaN. */
export function valuesEquivalent(a: Value, b: Value): boolean {
  return typeRank(a) === typeRank(b) && compareValues(a, b) === 0;
}

export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/**
 * Storage size of a value as Firestore counts it: null and booleans 1 byte, numbers and timestamps 8, strings their
 * UTF-8 length + 1, bytes their length, references their document name's size, geopoints 16, arrays the sum of their
 * elements, maps that of their keys (UTF-8 length + 1) and values.
 * Source: https://firebase.google.com/docs/firestore/storage-size
 */
export function valueSize(v: Value): number {
  switch (kindOf(v)) {
    case 'null':
    case 'boolean':
      return 1;
    case 'integer':
    case 'double':
    case 'timestamp':
      return 8;
    case 'string':
      return utf8Length(v.stringValue ?? '') + 1;
    case 'bytes':
      return v.bytesValue?.length ?? 0;
    case 'reference':
      return documentNameSize(v.referenceValue ?? '');
    case 'geopoint':
      return 16;
    case 'array':
      return (v.arrayValue?.values ?? []).reduce((s, x) => s + valueSize(x), 0);
    case 'map':
      return fieldsSize(v.mapValue?.fields ?? {});
    default:
      return 0;
  }
}

export function fieldsSize(fields: Fields): number {
  let s = 0;
  for (const k in fields) s += utf8Length(k) + 1 + valueSize(fields[k]);
  return s;
}

/** Size of a document name: its path segments after `documents/` plus 16. */
export function documentNameSize(name: string): number {
  const i = name.indexOf('/documents/');
  const path = i >= 0 ? name.slice(i + 11) : name;
  let s = 16;
  for (const seg of path.split('/')) s += utf8Length(seg) + 1;
  return s;
}

/** A string that two values share exactly when compareValues finds them equal (1 and 1.0 included). */
export function valueKey(v: Value): string {
  switch (kindOf(v)) {
    case 'null':
      return 'z';
    case 'boolean':
      return v.booleanValue ? 'b1' : 'b0';
    case 'integer': {
      const n = Number(v.integerValue);
      return Number.isSafeInteger(n) ? `n${n}` : `n${BigInt(v.integerValue ?? 0)}`;
    }
    case 'double': {
      const d = v.doubleValue ?? 0;
      // Integral doubles beyond 2^53 print in exponent form; as BigInt they meet equal integers.
      return Number.isInteger(d) && !Number.isSafeInteger(d) ? `n${BigInt(d)}` : `n${d}`;
    }
    case 'timestamp':
      return `t${Number(v.timestampValue?.seconds ?? 0)}.${v.timestampValue?.nanos ?? 0}`;
    case 'string':
      return `s${JSON.stringify(v.stringValue ?? '')}`;
    case 'bytes':
      return `y${Buffer.from(v.bytesValue ?? []).toString('base64')}`;
    case 'reference':
      // Numeric ids compare by value (`__id01__` equals `__id1__`).
      return `r${(v.referenceValue ?? '')
        .split('/')
        .map((seg) => {
          const m = NUMERIC_ID.exec(seg);
          return m ? `__id${BigInt(m[1])}__` : seg;
        })
        .join('/')}`;
    case 'geopoint':
      return `g${v.geoPointValue?.latitude ?? 0},${v.geoPointValue?.longitude ?? 0}`;
    case 'array':
      return `a[${(v.arrayValue?.values ?? []).map(valueKey).join(',')}]`;
    case 'map': {
      const fields = v.mapValue?.fields ?? {};
      const keys = Object.keys(fields).sort(compareUtf8);
      return `m{${keys.map((k) => `${JSON.stringify(k)}:${valueKey(fields[k])}`).join(',')}}`;
    }
    default:
      return '';
  }
}
export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE' };
