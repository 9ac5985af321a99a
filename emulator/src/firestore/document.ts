// A stored document (name, fields, times, its answer message) and reading a field of it, `__name__` included.
import type { Fields, Value } from '../common/firestore-value.js';
import { documentNameSize, fieldsSize, tsFromMicros } from './values.js';

export interface StoredDoc {
  /** Full resource name. */
  name: string;
  /** Path below `documents/`. */
  path: string;
  /** Last path segment. */
  id: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
  /** The response message, built once per write so reads do not rebuild it. */
  proto: DocumentProto;
}

export interface DocumentProto {
  name: string;
  fields: Fields;
  createTime?: { seconds: string; nanos: number };
  updateTime?: { seconds: string; nanos: number };
}

export function makeDoc(name: string, path: string, fields: Fields, createTime: number, updateTime: number): StoredDoc {
  return {
    name,
    path,
    id: path.slice(path.lastIndexOf('/') + 1),
    fields,
    createTime,
    updateTime,
    proto: { name, fields, createTime: tsFromMicros(createTime), updateTime: tsFromMicros(updateTime) },
  };
}

/** Storage size of a document: its name's size, its fields' sizes, plus 32. */
export function documentSize(name: string, fields: Fields): number {
  return documentNameSize(name) + fieldsSize(fields) + 32;
}

/** The field path that stands for the document's name in filters, orders and cursors. */
export const NAME_FIELD = '__name__';

/** The value at a field path (`null` segments: the document's name as a reference); undefined when missing. */
export function fieldValue(doc: StoredDoc, segs: string[] | null): Value | undefined {
  if (segs === null) return { referenceValue: doc.name };
  let cur = doc.fields;
  for (let i = 0; ; i++) {
    const v = cur[segs[i]];
    // Own fields only: `constructor` or `toString` must not read through to Object.prototype.
    if (v === undefined || !Object.hasOwn(cur, segs[i])) return undefined;
    if (i === segs.length - 1) return v;
    if (!v.mapValue) return undefined;
    cur = v.mapValue.fields ?? {};
  }
}
