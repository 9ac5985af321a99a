// Firestore values and documents in proto3 JSON form (what 1st gen functions' legacy events carry, and what
// firebase-admin's `snapshot_(…, 'json')` reads): int64 as strings, timestamps in RFC 3339, bytes in base64.
import type { Fields, Value } from '../common/firestore-value.js';
import type { StoredDoc } from './document.js';
import { kindOf } from './values.js';

/** RFC 3339 to the nanosecond of `seconds` and `nanos`. */
export function rfc3339(seconds: string | number, nanos: number): string {
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return nanos === 0 ? iso : iso.replace(/\.000Z$/, `.${String(nanos).padStart(9, '0')}Z`);
}

export function jsonValue(v: Value): object {
  switch (kindOf(v)) {
    case 'null':
      return { nullValue: null };
    case 'boolean':
      return { booleanValue: v.booleanValue };
    case 'integer':
      return { integerValue: String(v.integerValue) };
    case 'double': {
      const d = Number(v.doubleValue);
      // proto3 JSON spells the non-finite doubles as strings.
      return { doubleValue: Number.isFinite(d) ? d : String(d) };
    }
    case 'timestamp':
      return { timestampValue: rfc3339(v.timestampValue?.seconds ?? 0, v.timestampValue?.nanos ?? 0) };
    case 'string':
      return { stringValue: v.stringValue };
    case 'bytes':
      return { bytesValue: Buffer.from(v.bytesValue ?? []).toString('base64') };
    case 'reference':
      return { referenceValue: v.referenceValue };
    case 'geopoint':
      return {
        geoPointValue: { latitude: v.geoPointValue?.latitude ?? 0, longitude: v.geoPointValue?.longitude ?? 0 },
      };
    case 'array':
      return { arrayValue: { values: (v.arrayValue?.values ?? []).map(jsonValue) } };
    case 'map':
      return { mapValue: { fields: jsonFields(v.mapValue?.fields ?? {}) } };
    default:
      return { nullValue: null };
  }
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
