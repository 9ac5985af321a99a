// Applies Write messages (set, merge/update masks, delete, transforms, preconditions) to a database.
import type { Fields, Timestamp, Value } from '../common/firestore-value.js';
import { documentSize, makeDoc, type StoredDoc } from './document.js';
import { alreadyExists, failedPrecondition, invalid, notFound } from './errors.js';
import { deleteField, getField, parseDocumentName, parseFieldPath, setField } from './paths.js';
import type { Database } from './store.js';
import { applyTransforms, type FieldTransform } from './transforms.js';
import { isVector, kindOf, tsFromMicros, tsMicros } from './values.js';
import { validateVector } from './vectors.js';

export interface Write {
  update?: { name?: string; fields?: Fields };
  delete?: string;
  /** A document the web SDK's transaction read and does not write: only its precondition is checked. */
  verify?: string;
  transform?: { document?: string; fieldTransforms?: FieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: { exists?: boolean; updateTime?: Timestamp };
}

export interface WriteResult {
  updateTime?: { seconds: string; nanos: number };
  transformResults?: Value[];
}

export const MAX_DOCUMENT_SIZE = 1_048_576;
const MAX_DEPTH = 20;

function validateValue(v: Value, path: string, depth: number, inArray: boolean): void {
  const k = kindOf(v);
  if (k === undefined) throw invalid(`Value for field "${path}" has no value type.`);
  if (k === 'array') {
    if (inArray) throw invalid(`Cannot convert an array value in an array value (field "${path}").`);
    for (const x of v.arrayValue?.values ?? []) validateValue(x, path, depth, true);
  } else if (k === 'map' && isVector(v)) {
    validateVector(v, path);
  } else if (k === 'map') {
    if (depth >= MAX_DEPTH) throw invalid(`Field "${path}" is nested deeper than ${MAX_DEPTH} levels.`);
    validateFields(v.mapValue?.fields ?? {}, path + '.', depth + 1);
  } else if (k === 'reference') {
    parseDocumentName(v.referenceValue);
  } else if (k === 'timestamp') {
    const seconds = Number(v.timestampValue?.seconds ?? 0);
    // 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z
    if (seconds < -62135596800 || seconds > 253402300799)
      throw invalid(`Timestamp for field "${path}" is out of range.`);
  }
}

/** Firestore stores timestamps with microsecond precision. */
function truncateTimestamps(fields: Fields): Fields {
  let out: Fields | undefined;
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    const t = truncateValue(v);
    if (t !== v) (out ??= { ...fields })[key] = t;
  }
  return out ?? fields;
}

function truncateValue(v: Value): Value {
  if (v.timestampValue) {
    const nanos = v.timestampValue.nanos ?? 0;
    return nanos % 1000 === 0
      ? v
      : { timestampValue: { seconds: v.timestampValue.seconds, nanos: nanos - (nanos % 1000) } };
  }
  if (v.mapValue?.fields) {
    const f = truncateTimestamps(v.mapValue.fields);
    return f === v.mapValue.fields ? v : { mapValue: { fields: f } };
  }
  if (v.arrayValue?.values) {
    const values = v.arrayValue.values.map(truncateValue);
    return values.every((x, i) => x === v.arrayValue!.values![i]) ? v : { arrayValue: { values } };
  }
  return v;
}

export function validateFields(fields: Fields, prefix = '', depth = 1): void {
  for (const key of Object.keys(fields)) {
    if (key === '') throw invalid(`Field name at "${prefix}" must not be empty.`);
    if (/^__.*__$/.test(key))
      throw invalid(`Field name "${prefix}${key}" is reserved (names matching __.*__ cannot be used).`);
    validateValue(fields[key], prefix + key, depth, false);
  }
}

function formatBytes(n: number): string {
  return n.toLocaleString('en-US');
}

/** Document states after a set of writes, not yet applied to the database. */
export class PendingChanges {
  readonly docs = new Map<string, StoredDoc | undefined>();
  /** The commit time of the writes, so the database keeps the versions they replace for reads at a past time. */
  time?: number;

  constructor(readonly db: Database) {}

  current(path: string): StoredDoc | undefined {
    return this.docs.has(path) ? this.docs.get(path) : this.db.get(path);
  }
}

/** Computes one write's effect on `pending` at commit time `now` (microseconds). */
export function prepareWrite(pending: PendingChanges, w: Write, now: number): WriteResult {
  const db = pending.db;
  pending.time = now;
  const name = w.update?.name ?? w.delete ?? w.transform?.document ?? w.verify;
  if (name === undefined) throw invalid('A write must have an update, delete, transform or verify operation.');
  const { path } = parseDocumentName(name, db.name);
  const existing = pending.current(path);

  const pre = w.currentDocument;
  if (pre?.exists !== undefined) {
    if (pre.exists && !existing) throw notFound(`No document to update: ${name}`);
    if (!pre.exists && existing) throw alreadyExists(`Document already exists: ${name}`);
  } else if (pre?.updateTime !== undefined) {
    const want = tsMicros(pre.updateTime);
    if (!existing || existing.updateTime !== want)
      throw failedPrecondition(
        existing
          ? `The stored version (${existing.updateTime}) does not match the required base version (${want}) for ${name}.`
          : `No document to update: ${name}`,
      );
  }

  if (w.verify !== undefined) return { updateTime: tsFromMicros(now) };

  if (w.delete !== undefined) {
    if (w.updateTransforms?.length) throw invalid('A delete cannot have field transforms.');
    pending.docs.set(path, undefined);
    // A delete's result has no update time (the document has none after it); the commit time says when.
    return {};
  }

  let fields: Fields;
  if (w.update) {
    const incoming = truncateTimestamps(w.update.fields ?? {});
    validateFields(incoming);
    if (w.updateMask) {
      fields = existing?.fields ?? {};
      for (const fp of w.updateMask.fieldPaths ?? []) {
        const segs = parseFieldPath(fp);
        const v = getField(incoming, segs);
        fields = v === undefined ? deleteField(fields, segs) : setField(fields, segs, v);
      }
    } else {
      fields = incoming;
    }
  } else {
    fields = existing?.fields ?? {};
  }
  const transforms = w.transform?.fieldTransforms ?? w.updateTransforms ?? [];
  let transformResults: Value[] | undefined;
  if (transforms.length > 0) {
    const seen = new Set<string>();
    for (const t of transforms) {
      if (t.fieldPath && seen.has(t.fieldPath))
        throw invalid(`Field "${t.fieldPath}" is transformed more than once in a write.`);
      if (t.fieldPath) seen.add(t.fieldPath);
    }
    const r = applyTransforms(fields, transforms, now);
    fields = r.fields;
    transformResults = r.results;
  }
  const size = documentSize(name, fields);
  if (size > MAX_DOCUMENT_SIZE)
    throw invalid(
      `Document '${name}' cannot be written because its size (${formatBytes(size)} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  pending.docs.set(path, makeDoc(name, path, fields, existing ? existing.createTime : now, now));
  return { updateTime: tsFromMicros(now), ...(transformResults ? { transformResults } : {}) };
}

/** Applies prepared changes to the database; returns them for the log. */
export function applyChanges(pending: PendingChanges): void {
  for (const [path, doc] of pending.docs) pending.db.set(path, doc, pending.time);
}
