// Firestore messages in proto3 JSON form, both ways, driven by the service's own descriptors (protos.ts): what the
// REST API reads and answers (routes/rest.ts), what 1st gen functions' legacy events carry, and what firebase-admin's
// `snapshot_(…, 'json')` reads. int64 as strings, timestamps in RFC 3339, bytes in base64, enums by name.
import type { Fields, Value } from '../common/firestore-value.js';
import type { StoredDoc } from './document.js';
import { invalid } from './errors.js';
import { definition } from './protos.js';

interface FieldDescriptor {
  name: string;
  label: string;
  type: string;
  typeName: string;
}
interface MessageDescriptor {
  name: string;
  field: FieldDescriptor[];
  nestedType: MessageDescriptor[];
  enumType: EnumDescriptor[];
  oneofDecl: unknown[];
  options: { mapEntry?: boolean } | null;
}
interface EnumDescriptor {
  name: string;
  value: { name: string; number: number }[];
}

/** Every message and enum by full name, nested ones included (the loader lists only top-level ones). */
const messages = new Map<string, MessageDescriptor>();
const enums = new Map<string, EnumDescriptor>();
function register(fullName: string, m: MessageDescriptor): void {
  messages.set(fullName, m);
  for (const n of m.nestedType) register(`${fullName}.${n.name}`, n);
  for (const e of m.enumType) enums.set(`${fullName}.${e.name}`, e);
}
for (const [name, entry] of Object.entries(definition)) {
  const { format, type } = entry as { format?: string; type?: unknown };
  if (format?.endsWith('EnumDescriptorProto')) enums.set(name, type as EnumDescriptor);
  else if (format?.endsWith(' DescriptorProto')) register(name, type as MessageDescriptor);
}

/** A type name as written in `scope`'s message, resolved as protobuf does: innermost scope first. */
const resolved = new Map<string, string>();
function resolve(scope: string, typeName: string): string {
  const key = `${scope}|${typeName}`;
  let full = resolved.get(key);
  if (full === undefined) {
    const name = typeName.replace(/^\./, '');
    const parts = scope.split('.');
    for (let i = parts.length; i >= 0 && full === undefined; i--) {
      const candidate = [...parts.slice(0, i), name].join('.');
      if (messages.has(candidate) || enums.has(candidate)) full = candidate;
    }
    if (full === undefined) throw new Error(`Unknown protobuf type ${typeName} in ${scope}`);
    resolved.set(key, full);
  }
  return full;
}

const WRAPPERS = new Set([
  'Int32Value',
  'Int64Value',
  'UInt32Value',
  'UInt64Value',
  'DoubleValue',
  'FloatValue',
  'BoolValue',
  'StringValue',
  'BytesValue',
]);
const INT64 = new Set(['TYPE_INT64', 'TYPE_UINT64', 'TYPE_SINT64', 'TYPE_FIXED64', 'TYPE_SFIXED64']);
const INT32 = new Set(['TYPE_INT32', 'TYPE_UINT32', 'TYPE_SINT32', 'TYPE_FIXED32', 'TYPE_SFIXED32']);
const FLOAT = new Set(['TYPE_DOUBLE', 'TYPE_FLOAT']);
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** RFC 3339 of `seconds` and `nanos`, with 0, 3, 6 or 9 fractional digits as proto3 JSON writes them. */
export function rfc3339(seconds: string | number, nanos: number): string {
  const iso = new Date(Number(seconds) * 1000).toISOString().replace(/\.000Z$/, '');
  if (nanos === 0) return `${iso}Z`;
  const digits = String(nanos).padStart(9, '0');
  const cut = nanos % 1_000_000 === 0 ? 3 : nanos % 1000 === 0 ? 6 : 9;
  return `${iso}.${digits.slice(0, cut)}Z`;
}

/** An RFC 3339 timestamp (any offset, up to nine fractional digits) as seconds and nanos. */
export function parseRfc3339(text: string, where: string): { seconds: string; nanos: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/.exec(
    text,
  );
  if (!m) throw invalid(`Invalid value at '${where}': "${text}" is not an RFC 3339 timestamp.`);
  const [, y, mo, d, h, mi, s, frac = '', , sign, oh, om] = m;
  // setUTCFullYear, unlike Date.UTC, takes years 0-99 as they are.
  const date = new Date(0);
  date.setUTCFullYear(+y, +mo - 1, +d);
  date.setUTCHours(+h, +mi, +s, 0);
  if (+mo < 1 || +mo > 12 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59)
    throw invalid(`Invalid value at '${where}': "${text}" is not a valid date and time.`);
  let seconds = date.getTime() / 1000;
  if (sign) seconds -= (sign === '-' ? -1 : 1) * (+oh * 3600 + +om * 60);
  return { seconds: String(seconds), nanos: Number(frac.padEnd(9, '0')) };
}

/** A request message of type `typeName` read from its proto3 JSON (`where` names it in errors). */
export function fromJson(typeName: string, json: unknown, where = ''): Record<string, unknown> {
  return readMessage(typeName, json, where) as Record<string, unknown>;
}

function readMessage(typeName: string, json: unknown, where: string): unknown {
  const short = typeName.slice(typeName.lastIndexOf('.') + 1);
  if (typeName === 'google.protobuf.Timestamp') {
    if (typeof json !== 'string') throw invalid(`Invalid value at '${where}': expected an RFC 3339 string.`);
    return parseRfc3339(json, where);
  }
  if (typeName.startsWith('google.protobuf.') && WRAPPERS.has(short)) {
    const field = messages.get(typeName)!.field[0];
    return { value: readScalar(typeName, field, json, where) };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw invalid(`Invalid value at '${where}': expected an object (${short}).`);
  const m = messages.get(typeName)!;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const field = m.field.find((f) => f.name === camel(key));
    const path = where ? `${where}.${key}` : key;
    if (!field)
      throw invalid(
        `Invalid JSON payload received. Unknown name "${key}"${where ? ` at '${where}'` : ''}: Cannot find field.`,
      );
    if (value === null && !isNullValue(typeName, field)) continue;
    out[field.name] = readField(typeName, field, value, path);
  }
  return out;
}

const isNullValue = (scope: string, f: FieldDescriptor) =>
  f.type === 'TYPE_ENUM' && resolve(scope, f.typeName) === 'google.protobuf.NullValue';

function readField(scope: string, f: FieldDescriptor, json: unknown, where: string): unknown {
  const entry = f.type === 'TYPE_MESSAGE' ? messages.get(resolve(scope, f.typeName)) : undefined;
  if (entry?.options?.mapEntry) {
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw invalid(`Invalid value at '${where}': expected an object.`);
    const valueField = entry.field.find((x) => x.name === 'value')!;
    const entryName = resolve(scope, f.typeName);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json)) {
      // Defined, not assigned: a field named `__proto__` must stay a field (and be refused as reserved).
      const value = readField(entryName, valueField, v, `${where}[${k}]`);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (f.label === 'LABEL_REPEATED') {
    // A query parameter given once is a list of one.
    const list = Array.isArray(json) ? json : [json];
    return list.map((x, i) => readSingle(scope, f, x, `${where}[${i}]`));
  }
  return readSingle(scope, f, json, where);
}

function readSingle(scope: string, f: FieldDescriptor, json: unknown, where: string): unknown {
  if (f.type === 'TYPE_MESSAGE') return readMessage(resolve(scope, f.typeName), json, where);
  return readScalar(scope, f, json, where);
}

function readScalar(scope: string, f: FieldDescriptor, json: unknown, where: string): unknown {
  const bad = (what: string) => invalid(`Invalid value at '${where}' (${what}): ${JSON.stringify(json)}`);
  if (f.type === 'TYPE_ENUM') {
    const full = resolve(scope, f.typeName);
    if (full === 'google.protobuf.NullValue' && (json === null || json === 'NULL_VALUE' || json === 0))
      return 'NULL_VALUE';
    const value = enums.get(full)!.value.find((v) => v.name === json || v.number === json);
    if (!value) throw bad(`enum ${full.slice(full.lastIndexOf('.') + 1)}`);
    return value.name;
  }
  if (f.type === 'TYPE_STRING') {
    if (typeof json !== 'string') throw bad('string');
    return json;
  }
  if (f.type === 'TYPE_BOOL') {
    // Query parameters spell booleans as text.
    if (json === true || json === 'true') return true;
    if (json === false || json === 'false') return false;
    throw bad('bool');
  }
  if (f.type === 'TYPE_BYTES') {
    if (typeof json !== 'string' || !/^[A-Za-z0-9+/\-_ ]*={0,2}$/.test(json)) throw bad('base64 bytes');
    // A `+` in a query string arrives as a space; both base64 alphabets are accepted.
    return Buffer.from(json.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  if (INT64.has(f.type) || INT32.has(f.type)) {
    const text = typeof json === 'number' ? String(json) : json;
    if (typeof text !== 'string' || !/^-?\d+$/.test(text)) throw bad('integer');
    const n = BigInt(text);
    const bits = INT32.has(f.type) ? 32n : 64n;
    const [min, max] = f.type.includes('UINT') ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
    if (n < min || n > max) throw bad('integer out of range');
    return INT32.has(f.type) ? Number(n) : n.toString();
  }
  if (FLOAT.has(f.type)) {
    if (typeof json === 'number') return json;
    if (json === 'NaN' || json === 'Infinity' || json === '-Infinity') return Number(json);
    if (typeof json === 'string' && json.trim() !== '' && Number.isFinite(Number(json))) return Number(json);
    throw bad('number');
  }
  throw bad(f.type);
}

/** A message of type `typeName` (as the routes answer it) in proto3 JSON; unknown keys (oneof names) are left out. */
export function toJson(typeName: string, message: unknown): unknown {
  const short = typeName.slice(typeName.lastIndexOf('.') + 1);
  if (typeName === 'google.protobuf.Timestamp') {
    const t = message as { seconds?: string | number; nanos?: number };
    return rfc3339(t.seconds ?? 0, t.nanos ?? 0);
  }
  if (typeName.startsWith('google.protobuf.') && WRAPPERS.has(short)) {
    const field = messages.get(typeName)!.field[0];
    const defaults: Record<string, unknown> = { TYPE_BOOL: false, TYPE_STRING: '', TYPE_BYTES: new Uint8Array() };
    return writeScalar(typeName, field, (message as { value?: unknown }).value ?? defaults[field.type] ?? 0);
  }
  const m = messages.get(typeName)!;
  const source = message as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of m.field) {
    const value = source[f.name];
    if (value === undefined || value === null) continue;
    const entry = f.type === 'TYPE_MESSAGE' ? messages.get(resolve(typeName, f.typeName)) : undefined;
    if (entry?.options?.mapEntry) {
      const valueField = entry.field.find((x) => x.name === 'value')!;
      const entryName = resolve(typeName, f.typeName);
      const map: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as object)) map[k] = writeSingle(entryName, valueField, v);
      if (Object.keys(map).length > 0) out[f.name] = map;
    } else if (f.label === 'LABEL_REPEATED') {
      const list = value as unknown[];
      if (list.length > 0) out[f.name] = list.map((x) => writeSingle(typeName, f, x));
    } else if (f.type === 'TYPE_MESSAGE' || m.oneofDecl.length > 0 || !isDefault(value)) {
      // A oneof's member is written even when it holds its type's default (`booleanValue: false`).
      out[f.name] = writeSingle(typeName, f, value);
    }
  }
  return out;
}

const isDefault = (v: unknown) =>
  v === '' || v === 0 || v === false || v === '0' || (v instanceof Uint8Array && !v.length);

function writeSingle(scope: string, f: FieldDescriptor, value: unknown): unknown {
  return f.type === 'TYPE_MESSAGE' ? toJson(resolve(scope, f.typeName), value) : writeScalar(scope, f, value);
}

function writeScalar(scope: string, f: FieldDescriptor, value: unknown): unknown {
  if (f.type === 'TYPE_ENUM') {
    const full = resolve(scope, f.typeName);
    if (full === 'google.protobuf.NullValue') return null;
    return typeof value === 'number' ? (enums.get(full)!.value.find((v) => v.number === value)?.name ?? value) : value;
  }
  if (f.type === 'TYPE_BYTES') return Buffer.from(value as Uint8Array).toString('base64');
  if (INT64.has(f.type)) return String(value);
  if (INT32.has(f.type)) return Number(value);
  if (FLOAT.has(f.type)) {
    const d = Number(value);
    // proto3 JSON spells the non-finite doubles as strings.
    return Number.isFinite(d) ? d : String(d);
  }
  return value;
}

export function jsonValue(v: Value): object {
  return toJson('google.firestore.v1.Value', v) as object;
}

export function jsonFields(fields: Fields): Record<string, object> {
  const out: Record<string, object> = {};
  for (const key of Object.keys(fields)) out[key] = jsonValue(fields[key]);
  return out;
}

/** A stored document as `{name, fields, createTime, updateTime}`; `{}` for none, as legacy events carry it. */
export function jsonDocument(doc: StoredDoc | undefined): object {
  if (!doc) return {};
  const time = (t: { seconds: string; nanos: number } | undefined) => rfc3339(t?.seconds ?? 0, t?.nanos ?? 0);
  return {
    name: doc.name,
    fields: jsonFields(doc.fields),
    createTime: time(doc.proto.createTime),
    updateTime: time(doc.proto.updateTime),
  };
}
