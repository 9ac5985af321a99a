// Values of the rules language (int as bigint, float as number, maps, sets, paths, timestamps...), their
// conversions from plain JS and from Firestore's stored form, equality and order.
import type { Fields, Value as FirestoreValue } from '../common/firestore-value.js';

/** An evaluation error: the allow statement it happens in does not grant (Firebase's semantics). */
export class EvalError extends Error {}

export class RPath {
  constructor(readonly segments: string[]) {}
  toString(): string {
    return `/${this.segments.join('/')}`;
  }
}
export class RSet {
  constructor(readonly items: RValue[]) {}
}
export class RDuration {
  constructor(readonly nanos: bigint) {}
}
export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}
/** A timestamp: milliseconds since the epoch plus the nanoseconds within the millisecond. */
export class RTimestamp {
  constructor(
    readonly millis: number,
    readonly subMillisNanos = 0,
  ) {}
}
export class RMapDiff {
  constructor(
    readonly left: Map<string, RValue>,
    readonly right: Map<string, RValue>,
  ) {}
}

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | RValue[]
  | Map<string, RValue>
  | RPath
  | RSet
  | RDuration
  | RLatLng
  | RTimestamp
  | RMapDiff;

export function typeName(v: RValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (v instanceof Uint8Array) return 'bytes';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Map) return 'map';
  if (v instanceof RPath) return 'path';
  if (v instanceof RSet) return 'set';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RTimestamp) return 'timestamp';
  return 'map_diff';
}

/** A value already in the rules' form, passed through `fromJs` unchanged (a float 1.0 stays a float). */
export class Raw {
  constructor(readonly value: RValue) {}
}

/** Plain JS (what the emulators pass as `request` and `resource`) as rules values. */
export function fromJs(v: unknown): RValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Raw) return v.value;
  if (typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (v instanceof Date) return new RTimestamp(v.getTime());
  if (v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map(fromJs);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [String(k), fromJs(x)]));
  if (
    v instanceof RPath ||
    v instanceof RSet ||
    v instanceof RDuration ||
    v instanceof RLatLng ||
    v instanceof RTimestamp
  ) {
    return v;
  }
  if (typeof v === 'object') return new Map(Object.entries(v).map(([k, x]) => [k, fromJs(x)]));
  throw new EvalError(`cannot use a ${typeof v} in rules`);
}

/** A Firestore value in its stored (proto) form as a rules value. */
export function fromFirestore(v: FirestoreValue): RValue {
  if (v.booleanValue !== undefined && v.booleanValue !== null) return v.booleanValue;
  if (v.integerValue !== undefined && v.integerValue !== null) return BigInt(v.integerValue);
  if (v.doubleValue !== undefined && v.doubleValue !== null) return Number(v.doubleValue);
  if (v.stringValue !== undefined && v.stringValue !== null) return v.stringValue;
  if (v.timestampValue) {
    const nanos = v.timestampValue.nanos ?? 0;
    return new RTimestamp(Number(v.timestampValue.seconds ?? 0) * 1000 + Math.floor(nanos / 1e6), nanos % 1e6);
  }
  if (v.bytesValue) return new Uint8Array(v.bytesValue);
  if (v.referenceValue) {
    // projects/p/databases/d/documents/a/b → /databases/d/documents/a/b
    return new RPath(v.referenceValue.split('/').slice(2));
  }
  if (v.geoPointValue) return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(fromFirestore);
  if (v.mapValue) return fieldsToMap(v.mapValue.fields ?? {});
  return null;
}

export function fieldsToMap(fields: Fields): Map<string, RValue> {
  return new Map(Object.entries(fields).map(([k, x]) => [k, fromFirestore(x)]));
}

export function isNumber(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function equals(a: RValue, b: RValue): boolean {
  if (isNumber(a) && isNumber(b)) {
    return typeof a === typeof b ? a === b : Number(a) === Number(b);
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]));
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, x] of a) if (!b.has(k) || !equals(x, b.get(k)!)) return false;
    return true;
  }
  if (a instanceof Uint8Array) return b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));
  if (a instanceof RPath) return b instanceof RPath && a.toString() === b.toString();
  if (a instanceof RSet) {
    return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => setHas(b, x));
  }
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RTimestamp) {
    return b instanceof RTimestamp && a.millis === b.millis && a.subMillisNanos === b.subMillisNanos;
  }
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  return false;
}

export function setHas(s: RSet, v: RValue): boolean {
  return s.items.some((x) => equals(x, v));
}

export function toSet(items: RValue[]): RSet {
  const out: RValue[] = [];
  for (const x of items) if (!out.some((y) => equals(x, y))) out.push(x);
  return new RSet(out);
}

/** Order of two values of comparable types (numbers, strings, timestamps, durations, lists); else an error. */
export function compare(a: RValue, b: RValue): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof RTimestamp && b instanceof RTimestamp) {
    return Math.sign(a.millis - b.millis) || Math.sign(a.subMillisNanos - b.subMillisNanos);
  }
  if (a instanceof RDuration && b instanceof RDuration) return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compare(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  throw new EvalError(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}
