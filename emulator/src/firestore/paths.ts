// Resource names, document paths and field paths: parsing, formatting, and reading or writing a field by path.
import type { Fields, Value } from '../common/firestore-value.js';
import { invalid } from './errors.js';
import { utf8Length } from './values.js';

export interface ResourceName {
  /** `projects/{p}/databases/{d}` */
  db: string;
  /** Path below `documents`, '' for the root. */
  path: string;
}

const NAME_RE = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/;

/** `lenient` accepts reserved ids such as `__id-9223372036854775808__`, which the SDK uses in bounds. */
export function parseName(name: string | undefined, what = 'resource name', lenient = false): ResourceName {
  const m = NAME_RE.exec(name ?? '');
  if (!m)
    throw invalid(
      `Invalid ${what}: "${name ?? ''}". Expected projects/{project_id}/databases/{database_id}/documents/...`,
    );
  const path = m[3] ?? '';
  if (path !== '' && !lenient) validateSegments(path, name!);
  return { db: `projects/${m[1]}/databases/${m[2]}`, path };
}

export function parseDatabase(database: string | undefined): string {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(database ?? '');
  if (!m) throw invalid(`Invalid database name: "${database ?? ''}".`);
  return database!;
}

const NUMERIC_ID = /^__id(0|-?[1-9][0-9]*)__$/;

/**
 * Numeric ids (`__id7__`, a 64-bit integer in canonical form) are the one reserved form Firestore accepts: they are
 * the ids of entities written through Datastore, and sort before every other id, by number.
 */
export function isNumericId(seg: string): boolean {
  const m = NUMERIC_ID.exec(seg);
  if (!m) return false;
  const n = BigInt(m[1]);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

function validateSegments(path: string, name: string): void {
  for (const seg of path.split('/')) {
    if (seg === '') throw invalid(`Resource name "${name}" has an empty path segment.`);
    if (seg === '.' || seg === '..') throw invalid(`Resource name "${name}" has an invalid path segment "${seg}".`);
    if (/^__.*__$/.test(seg) && !isNumericId(seg))
      throw invalid(`Resource id "${seg}" is invalid because it is reserved.`);
    if (utf8Length(seg) > 1500) throw invalid(`Resource id "${seg.slice(0, 40)}..." is longer than 1500 bytes.`);
  }
}

/** Parses a document name; the path must have an even number of segments. */
export function parseDocumentName(name: string | undefined, db?: string): ResourceName {
  const r = parseName(name, 'document name');
  if (r.path === '' || r.path.split('/').length % 2 !== 0)
    throw invalid(`Document name "${name}" has odd number of segments.`);
  if (db !== undefined && r.db !== db) throw invalid(`Document "${name}" does not belong to database "${db}".`);
  return r;
}

/** The path of `id` under `parent` ('' for the root). */
export function joinPath(parent: string, id: string): string {
  return parent === '' ? id : `${parent}/${id}`;
}

export function splitDocPath(path: string): { collection: string; id: string } {
  const i = path.lastIndexOf('/');
  return { collection: path.slice(0, i), id: path.slice(i + 1) };
}

const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const fieldPathCache = new Map<string, string[]>();

/** Parses a field path like `a.b` or `` a.`x.y`.c `` into segments. */
export function parseFieldPath(fp: string): string[] {
  const cached = fieldPathCache.get(fp);
  if (cached) return cached;
  const segs: string[] = [];
  let i = 0;
  if (fp === '') throw invalid('Field path must not be empty.');
  while (i <= fp.length) {
    let seg = '';
    if (fp[i] === '`') {
      i++;
      for (;;) {
        if (i >= fp.length) throw invalid(`Invalid field path "${fp}": unterminated quoted segment.`);
        const c = fp[i];
        if (c === '\\') {
          seg += fp[i + 1] ?? '';
          i += 2;
        } else if (c === '`') {
          i++;
          break;
        } else {
          seg += c;
          i++;
        }
      }
      if (i < fp.length && fp[i] !== '.') throw invalid(`Invalid field path "${fp}".`);
    } else {
      const end = fp.indexOf('.', i);
      seg = fp.slice(i, end < 0 ? fp.length : end);
      i = end < 0 ? fp.length : end;
      if (!SIMPLE.test(seg))
        throw invalid(`Invalid field path "${fp}": segment "${seg}" must be quoted with backticks.`);
    }
    if (seg === '') throw invalid(`Invalid field path "${fp}": empty segment.`);
    segs.push(seg);
    i++;
  }
  if (fieldPathCache.size > 10000) fieldPathCache.clear();
  fieldPathCache.set(fp, segs);
  return segs;
}

export function formatFieldPath(segs: string[]): string {
  return segs.map((s) => (SIMPLE.test(s) ? s : '`' + s.replace(/[\\`]/g, (c) => '\\' + c) + '`')).join('.');
}

export function getField(fields: Fields | undefined, segs: string[]): Value | undefined {
  let cur: Fields | undefined = fields;
  for (let i = 0; i < segs.length; i++) {
    const v: Value | undefined = cur?.[segs[i]];
    if (v === undefined || !Object.prototype.hasOwnProperty.call(cur, segs[i])) return undefined;
    if (i === segs.length - 1) return v;
    if (!v.mapValue) return undefined;
    cur = v.mapValue.fields ?? {};
  }
  return undefined;
}

/** Returns a copy of `fields` with the path set (copying only the maps along the path). */
export function setField(fields: Fields, segs: string[], value: Value): Fields {
  const out: Fields = { ...fields };
  if (segs.length === 1) {
    out[segs[0]] = value;
    return out;
  }
  const child = fields[segs[0]];
  const inner = child?.mapValue ? (child.mapValue.fields ?? {}) : {};
  out[segs[0]] = { mapValue: { fields: setField(inner, segs.slice(1), value) } };
  return out;
}

/** Returns a copy of `fields` without the path (no change if absent). */
export function deleteField(fields: Fields, segs: string[]): Fields {
  const child = fields[segs[0]];
  if (child === undefined) return fields;
  const out: Fields = { ...fields };
  if (segs.length === 1) {
    delete out[segs[0]];
    return out;
  }
  if (!child.mapValue) return fields;
  out[segs[0]] = { mapValue: { fields: deleteField(child.mapValue.fields ?? {}, segs.slice(1)) } };
  return out;
}

/** Keeps only the given field paths (a projection / mask). */
export function applyMask(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const segs of paths) {
    const v = getField(fields, segs);
    if (v !== undefined) out = setField(out, segs, v);
  }
  return out;
}
