// A stored document (name, fields, times) kept in a compact form, its size, and `fieldValue` (a field of it,
// `__name__` included). Why compact and how: docs/decisions.md, "The emulator's documents in memory".
import type { Fields, Value } from '../common/firestore-value.js';
import { compareUtf8, compareValues, documentNameSize, fieldsSize, tsFromMicros, valueKey } from './values.js';

export interface DocumentProto {
  name: string;
  fields: Fields;
  createTime?: { seconds: string; nanos: number };
  updateTime?: { seconds: string; nanos: number };
}

/**
 * A field's value as stored: a JS string is a string value; a Packed instance rebuilds its value when read (null,
 * booleans and small integers are shared ones); anything else is the value itself.
 */
export type Stored = string | Packed | Value;

abstract class Packed {
  abstract value(): Value;
}

/** A timestamp: two numbers instead of two objects and a string. */
class PackedTimestamp extends Packed {
  constructor(
    readonly seconds: number,
    readonly nanos: number | undefined,
  ) {
    super();
  }
  value(): Value {
    const timestampValue: { seconds: string; nanos?: number } = { seconds: String(this.seconds) };
    if (this.nanos !== undefined) timestampValue.nanos = this.nanos;
    return { timestampValue };
  }
}

/**
 * A non-empty array of strings, front-coded in one string: per element, the length it shares with the previous
 * element, its remaining length, then its remaining characters (as UTF-16 code units). Search tokens (every prefix of
 * every word) take about 3 characters each instead of an object and a string each.
 */
class PackedStrings extends Packed {
  constructor(readonly packed: string) {
    super();
  }

  strings(): string[] {
    const p = this.packed;
    const out: string[] = [];
    let prev = '';
    for (let i = 0; i < p.length;) {
      const shared = p.charCodeAt(i);
      const rest = p.charCodeAt(i + 1);
      prev = prev.slice(0, shared) + p.slice(i + 2, i + 2 + rest);
      out.push(prev);
      i += 2 + rest;
    }
    return out;
  }

  value(): Value {
    return { arrayValue: { values: this.strings().map((stringValue) => ({ stringValue })) } };
  }

  /** Whether an element equals `target`, without building the elements. */
  includes(target: string): boolean {
    const p = this.packed;
    // The length the previous element shares with the target (0 before the first).
    let common = 0;
    for (let i = 0; i < p.length;) {
      const shared = p.charCodeAt(i);
      const rest = p.charCodeAt(i + 1);
      let c = Math.min(shared, common);
      if (shared <= common) {
        // The element's own characters continue from `shared`.
        let j = 0;
        while (j < rest && c < target.length && p.charCodeAt(i + 2 + j) === target.charCodeAt(c)) {
          j++;
          c++;
        }
      }
      if (c === target.length && shared + rest === c) return true;
      common = c;
      i += 2 + rest;
    }
    return false;
  }

  static of(values: Value[]): PackedStrings | undefined {
    // Joined once: appending would leave a tree of string pieces (dozens of bytes each) instead of one string.
    const parts: string[] = [];
    let prev = '';
    for (const v of values) {
      const s = v.stringValue;
      if (typeof s !== 'string' || kindKeys(v) !== 1) return undefined;
      let shared = 0;
      const max = Math.min(prev.length, s.length, 0xffff);
      while (shared < max && prev.charCodeAt(shared) === s.charCodeAt(shared)) shared++;
      if (s.length - shared > 0xffff) return undefined;
      parts.push(String.fromCharCode(shared, s.length - shared), s.slice(shared));
      prev = s;
    }
    return new PackedStrings(parts.join(''));
  }
}

/** Own keys other than the oneof marker `valueType` (1 for a plain value of one kind). */
function kindKeys(v: Value): number {
  let n = 0;
  for (const k in v) if (k !== 'valueType') n++;
  return n;
}

/** A value of one property, shared by every document that has it; each read gets a copy of its own. */
class Shared extends Packed {
  constructor(private readonly v: Value) {
    super();
  }
  value(): Value {
    return { ...this.v };
  }
}
const NULL_STORED = new Shared({ nullValue: 'NULL_VALUE' });
const TRUE_STORED = new Shared({ booleanValue: true });
const FALSE_STORED = new Shared({ booleanValue: false });
const SMALL_INTS = Array.from({ length: 1025 }, (_, i) => new Shared({ integerValue: String(i) }));

function pack(v: Value): Stored {
  if (kindKeys(v) !== 1) return v;
  if (typeof v.stringValue === 'string') return v.stringValue;
  if (v.nullValue !== undefined) return v.nullValue === 'NULL_VALUE' || v.nullValue === 0 ? NULL_STORED : v;
  if (typeof v.booleanValue === 'boolean') return v.booleanValue ? TRUE_STORED : FALSE_STORED;
  if (v.integerValue !== undefined) {
    const n = Number(v.integerValue);
    return Number.isInteger(n) && n >= 0 && n < SMALL_INTS.length && String(n) === String(v.integerValue)
      ? SMALL_INTS[n]
      : v;
  }
  const t = v.timestampValue;
  if (t) {
    const seconds = Number(t.seconds ?? 0);
    const keys = Object.keys(t).filter((k) => k !== 'seconds' && k !== 'nanos').length;
    if (keys === 0 && Number.isSafeInteger(seconds) && (t.nanos === undefined || Number.isInteger(t.nanos)))
      return new PackedTimestamp(seconds, t.nanos);
    return v;
  }
  const values = v.arrayValue?.values;
  if (values && values.length > 0) return PackedStrings.of(values) ?? v;
  return v;
}

const unpack = (s: Stored): Value =>
  typeof s === 'string' ? { stringValue: s } : s instanceof Packed ? s.value() : (s as Value);

/** Field names in order, one array shared by every document with the same names in the same order. */
const shapes = new Map<string, readonly string[]>();
/** Database name prefixes (`projects/p/databases/d/documents/`), shared by their documents. */
const prefixes = new Map<string, string>();

function shapeOf(keys: string[]): readonly string[] {
  const key = keys.join('\u0000');
  let shape = shapes.get(key);
  // Shapes are few (one per kind of document and its optional fields); a bound keeps odd data from growing it.
  if (!shape) {
    shape = Object.freeze(keys);
    if (shapes.size < 10_000) shapes.set(key, shape);
  }
  return shape;
}

/**
 * The response messages of the documents read last, least recent first: a list's pages are read again and again,
 * and rebuilding a study's message (its search tokens) costs more than the rest of a query. Bounded, so it holds a
 * few megabytes whatever the data (docs/decisions.md).
 */
const RECENT_PROTOS = 1024;
const recentProtos = new Map<StoredDoc, DocumentProto>();

export class StoredDoc {
  /** Last path segment. */
  readonly id: string;
  private readonly prefix: string;
  private readonly keys: readonly string[];
  private readonly values: Stored[];

  constructor(
    name: string,
    /** Path below `documents/`. */
    readonly path: string,
    fields: Fields,
    readonly createTime: number,
    readonly updateTime: number,
  ) {
    this.id = path.slice(path.lastIndexOf('/') + 1);
    const prefix = name.slice(0, name.length - path.length);
    let shared = prefixes.get(prefix);
    if (!shared) prefixes.set(prefix, (shared = prefix));
    this.prefix = shared;
    const keys = Object.keys(fields);
    this.keys = shapeOf(keys);
    this.values = keys.map((k) => pack(fields[k]));
  }

  /** Full resource name. */
  get name(): string {
    return this.prefix + this.path;
  }

  /** The fields, rebuilt on every read: callers may keep or change what they get. */
  get fields(): Fields {
    const out: Fields = {};
    for (let i = 0; i < this.keys.length; i++) out[this.keys[i]] = unpack(this.values[i]);
    return out;
  }

  /** The response message (shared: callers must not change it), kept for the documents read last. */
  get proto(): DocumentProto {
    let proto = recentProtos.get(this);
    if (proto) recentProtos.delete(this);
    else {
      proto = {
        name: this.name,
        fields: this.fields,
        createTime: tsFromMicros(this.createTime),
        updateTime: tsFromMicros(this.updateTime),
      };
      if (recentProtos.size >= RECENT_PROTOS) recentProtos.delete(recentProtos.keys().next().value!);
    }
    recentProtos.set(this, proto);
    return proto;
  }

  /** The top-level field `key`, undefined when missing. */
  field(key: string): Value | undefined {
    const i = this.keys.indexOf(key);
    return i < 0 ? undefined : unpack(this.values[i]);
  }

  /** The stored form of the top-level field `key` (compareFields reads it without rebuilding the value). */
  stored(key: string): Stored | undefined {
    const i = this.keys.indexOf(key);
    return i < 0 ? undefined : this.values[i];
  }

  /** Whether the top-level field `key` is an array with an element whose valueKey is `elementKey` (of `element`). */
  arrayHas(key: string, element: Value, elementKey: string): boolean {
    const i = this.keys.indexOf(key);
    if (i < 0) return false;
    const s = this.values[i];
    if (s instanceof PackedStrings) return typeof element.stringValue === 'string' && s.includes(element.stringValue);
    const values = unpack(s).arrayValue?.values;
    return !!values && values.some((x) => valueKey(x) === elementKey);
  }
}

/** A document whose name does not end with its path (no caller makes one; kept right rather than assumed away). */
class OddlyNamedDoc extends StoredDoc {
  constructor(
    private readonly fullName: string,
    path: string,
    fields: Fields,
    createTime: number,
    updateTime: number,
  ) {
    super(path, path, fields, createTime, updateTime);
  }
  override get name(): string {
    return this.fullName;
  }
}

export function makeDoc(name: string, path: string, fields: Fields, createTime: number, updateTime: number): StoredDoc {
  return name.endsWith(path)
    ? new StoredDoc(name, path, fields, createTime, updateTime)
    : new OddlyNamedDoc(name, path, fields, createTime, updateTime);
}

/** Storage size of a document: its name's size, its fields' sizes, plus 32. */
export function documentSize(name: string, fields: Fields): number {
  return documentNameSize(name) + fieldsSize(fields) + 32;
}

/**
 * A field of a document as compareKeys takes it: its stored form when it is a top-level field (a string, a packed
 * timestamp...), its value otherwise; undefined when missing.
 */
export function fieldKey(doc: StoredDoc, segs: string[]): Stored | undefined {
  return segs.length === 1 ? doc.stored(segs[0]) : fieldValue(doc, segs);
}

/**
 * compareValues of two fieldKey results, without rebuilding the values in the common cases (two strings, two
 * timestamps): an index compares documents this way on every write, and sorts them this way when it is built.
 */
export function compareKeys(a: Stored, b: Stored): number {
  if (typeof a === 'string' && typeof b === 'string') return compareUtf8(a, b);
  if (a instanceof PackedTimestamp && b instanceof PackedTimestamp)
    return a.seconds !== b.seconds ? (a.seconds < b.seconds ? -1 : 1) : Math.sign((a.nanos ?? 0) - (b.nanos ?? 0));
  return compareValues(unpack(a), unpack(b));
}

/** The field path that stands for the document's name in filters, orders and cursors. */
export const NAME_FIELD = '__name__';

/** The value at a field path (`null` segments: the document's name as a reference); undefined when missing. */
export function fieldValue(doc: StoredDoc, segs: string[] | null): Value | undefined {
  if (segs === null) return { referenceValue: doc.name };
  const top = doc.field(segs[0]);
  if (top === undefined || segs.length === 1) return top;
  let cur = top.mapValue?.fields;
  for (let i = 1; cur; i++) {
    const v = cur[segs[i]];
    // Own fields only: `constructor` or `toString` must not read through to Object.prototype.
    if (v === undefined || !Object.hasOwn(cur, segs[i])) return undefined;
    if (i === segs.length - 1) return v;
    cur = v.mapValue ? (v.mapValue.fields ?? {}) : undefined;
  }
  return undefined;
}
