// StructuredQuery: validation, normalisation (implicit orderBy) and execution over the in-memory store.
import { invalid } from './errors.js';
import { applyMask, formatFieldPath, parseFieldPath, parseName } from './paths.js';
import type { Database, DocumentProto, StoredDoc } from './store.js';
import {
  compareReferences,
  compareUtf8,
  compareValues,
  isNaNValue,
  isNullValue,
  kindOf,
  typeRank,
  valuesEqual,
  type Value,
} from './values.js';

export interface FieldReference {
  fieldPath?: string;
}
export interface Filter {
  compositeFilter?: { op?: string; filters?: Filter[] };
  fieldFilter?: { field?: FieldReference; op?: string; value?: Value };
  unaryFilter?: { op?: string; field?: FieldReference };
}
export interface Cursor {
  values?: Value[];
  before?: boolean;
}
export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field?: FieldReference; direction?: string }[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: { value?: number } | null;
  findNearest?: unknown;
}

export const NAME_FIELD = '__name__';

export interface Order {
  field: string;
  /** null for `__name__`. */
  segs: string[] | null;
  desc: boolean;
}

export interface CompiledQuery {
  db: Database;
  /** Parent path below `documents` ('' for the root). */
  parentPath: string;
  collectionId: string;
  allDescendants: boolean;
  /** The where clause as written (for index checks). */
  where?: Filter;
  /** Explicit orderBy as written, then implicit ones, ending with `__name__`. */
  orders: Order[];
  /** Number of explicit orderBy clauses. */
  explicitOrders: number;
  matches: (doc: StoredDoc) => boolean;
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  /** Field paths to return, or undefined for whole documents. */
  projection?: string[][];
}

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

export function fieldValue(doc: StoredDoc, segs: string[] | null): Value | undefined {
  if (segs === null) return { referenceValue: doc.name };
  let cur = doc.fields;
  for (let i = 0; ; i++) {
    const v = cur[segs[i]];
    if (v === undefined) return undefined;
    if (i === segs.length - 1) return v;
    if (!v.mapValue) return undefined;
    cur = v.mapValue.fields ?? {};
  }
}

function fieldSegs(ref: FieldReference | undefined, what: string): string[] | null {
  const fp = ref?.fieldPath;
  if (!fp) throw invalid(`${what} requires a field path.`);
  return fp === NAME_FIELD ? null : parseFieldPath(fp);
}

function requireArray(v: Value | undefined, op: string): Value[] {
  if (kindOf(v ?? {}) !== 'array') throw invalid(`A filter using operator ${op} requires an array value.`);
  const values = v!.arrayValue?.values ?? [];
  if (values.length === 0) throw invalid(`A filter using operator ${op} requires a non-empty array value.`);
  if (values.length > 30)
    throw invalid(
      `A filter using operator ${op} supports at most 30 elements in the value array, got ${values.length}.`,
    );
  return values;
}

function checkNameValue(v: Value, db: string): void {
  if (kindOf(v) !== 'reference') throw invalid('__key__ filter value must be a Key');
  if (parseName(v.referenceValue, 'reference', true).db !== db)
    throw invalid('__key__ filter value must be a Key of the same database');
}

function compileFilter(f: Filter, db: string, inequalities: Map<string, string[] | null>): (d: StoredDoc) => boolean {
  if (f.compositeFilter) {
    const op = f.compositeFilter.op;
    const parts = (f.compositeFilter.filters ?? []).map((x) => compileFilter(x, db, inequalities));
    if (op === 'AND') return (d) => parts.every((p) => p(d));
    if (op === 'OR') return (d) => parts.some((p) => p(d));
    throw invalid(`Unsupported composite filter operator ${op}.`);
  }
  if (f.fieldFilter) {
    const { op = '', value } = f.fieldFilter;
    const segs = fieldSegs(f.fieldFilter.field, 'A field filter');
    if (value === undefined || kindOf(value) === undefined) throw invalid('A field filter requires a value.');
    if (INEQUALITY_OPS.has(op)) inequalities.set(f.fieldFilter.field!.fieldPath!, segs);
    const isName = segs === null;
    if (isName && (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY'))
      throw invalid(`Invalid query. You can't perform '${op}' queries on __name__.`);
    switch (op) {
      case 'EQUAL':
        if (isName) checkNameValue(value, db);
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && valuesEqual(v, value);
        };
      case 'NOT_EQUAL':
        if (isName) checkNameValue(value, db);
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && !isNullValue(v) && !valuesEqual(v, value);
        };
      case 'LESS_THAN':
      case 'LESS_THAN_OR_EQUAL':
      case 'GREATER_THAN':
      case 'GREATER_THAN_OR_EQUAL': {
        if (isName) checkNameValue(value, db);
        const rank = typeRank(value);
        const test =
          op === 'LESS_THAN'
            ? (c: number) => c < 0
            : op === 'LESS_THAN_OR_EQUAL'
              ? (c: number) => c <= 0
              : op === 'GREATER_THAN'
                ? (c: number) => c > 0
                : (c: number) => c >= 0;
        // NaN compares with nothing, as in Firestore.
        if (isNaNValue(value)) return () => false;
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && typeRank(v) === rank && !isNaNValue(v) && test(compareValues(v, value));
        };
      }
      case 'ARRAY_CONTAINS':
        return (d) => {
          const v = fieldValue(d, segs);
          return !!v?.arrayValue && (v.arrayValue.values ?? []).some((x) => valuesEqual(x, value));
        };
      case 'IN': {
        const values = requireArray(value, 'IN');
        if (isName) values.forEach((x) => checkNameValue(x, db));
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && values.some((x) => valuesEqual(v, x));
        };
      }
      case 'NOT_IN': {
        const values = requireArray(value, 'NOT_IN');
        if (isName) values.forEach((x) => checkNameValue(x, db));
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && !isNullValue(v) && !values.some((x) => valuesEqual(v, x));
        };
      }
      case 'ARRAY_CONTAINS_ANY': {
        const values = requireArray(value, 'ARRAY_CONTAINS_ANY');
        return (d) => {
          const v = fieldValue(d, segs);
          return !!v?.arrayValue && (v.arrayValue.values ?? []).some((x) => values.some((y) => valuesEqual(x, y)));
        };
      }
      default:
        throw invalid(`Unsupported field filter operator ${op}.`);
    }
  }
  if (f.unaryFilter) {
    const { op } = f.unaryFilter;
    const segs = fieldSegs(f.unaryFilter.field, 'A unary filter');
    if (op === 'IS_NOT_NULL' || op === 'IS_NOT_NAN') inequalities.set(f.unaryFilter.field!.fieldPath!, segs);
    switch (op) {
      case 'IS_NULL':
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && isNullValue(v);
        };
      case 'IS_NAN':
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && !isNullValue(v);
        };
      case 'IS_NOT_NAN':
        return (d) => {
          const v = fieldValue(d, segs);
          return v !== undefined && !isNullValue(v) && !isNaNValue(v);
        };
      default:
        throw invalid(`Unsupported unary filter operator ${op}.`);
    }
  }
  throw invalid('A filter must be a field, unary or composite filter.');
}

function compareFieldPaths(a: string, b: string): number {
  const sa = parseFieldPath(a);
  const sb = parseFieldPath(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const c = compareUtf8(sa[i], sb[i]);
    if (c !== 0) return c;
  }
  return sa.length - sb.length;
}

/** Number of disjunctions of the filter in disjunctive normal form (IN and ARRAY_CONTAINS_ANY count per value). */
function disjunctionCount(f: Filter): number {
  if (f.compositeFilter) {
    const counts = (f.compositeFilter.filters ?? []).map(disjunctionCount);
    return f.compositeFilter.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
  }
  const op = f.fieldFilter?.op;
  if (op === 'IN' || op === 'ARRAY_CONTAINS_ANY')
    return Math.max(1, f.fieldFilter?.value?.arrayValue?.values?.length ?? 1);
  return 1;
}

function operators(f: Filter, out: string[] = []): string[] {
  if (f.compositeFilter) {
    out.push(f.compositeFilter.op ?? '');
    for (const x of f.compositeFilter.filters ?? []) operators(x, out);
  } else out.push(f.fieldFilter?.op ?? f.unaryFilter?.op ?? '');
  return out;
}

/** Firestore's limits on combining disjunctive operators. */
function checkFilterLimits(f: Filter): void {
  const ops = operators(f);
  const count = (op: string) => ops.filter((o) => o === op).length;
  if (count('NOT_IN') > 1) throw invalid("Invalid query. You cannot use more than one 'NOT_IN' filter.");
  if (count('NOT_IN') === 1) {
    for (const other of ['IN', 'ARRAY_CONTAINS_ANY', 'OR', 'NOT_EQUAL'])
      if (count(other) > 0) throw invalid(`Invalid query. You cannot use 'NOT_IN' filters with '${other}' filters.`);
  }
  if (count('ARRAY_CONTAINS') + count('ARRAY_CONTAINS_ANY') > 1)
    throw invalid("Invalid query. You cannot use more than one 'ARRAY_CONTAINS' or 'ARRAY_CONTAINS_ANY' filter.");
  const n = disjunctionCount(f);
  if (n > 30)
    throw invalid(
      `Invalid query. The query has ${n} disjunctions in disjunctive normal form; Firestore allows at most 30.`,
    );
}

export function compileQuery(db: Database, parent: string | undefined, q: StructuredQuery): CompiledQuery {
  const p = parseName(parent, 'parent');
  if (p.db !== db.name) throw invalid(`Parent "${parent}" does not belong to database "${db.name}".`);
  if (p.path !== '' && p.path.split('/').length % 2 !== 0)
    throw invalid(`Invalid parent "${parent}": a query parent must be a document or the database root.`);
  if (q.findNearest) throw invalid('findNearest (vector search) is not supported by this emulator.');
  const from = q.from ?? [];
  if (from.length !== 1) throw invalid('A query must have exactly one collection selector.');
  // An empty collection id with all_descendants (a "kindless" query, used by recursiveDelete) spans every collection.
  const { collectionId = '', allDescendants = false } = from[0];
  if (collectionId === '' && !allDescendants) throw invalid('A collection query requires a collection id.');
  if (collectionId.includes('/')) throw invalid(`Invalid collection id "${collectionId}".`);

  const inequalities = new Map<string, string[] | null>();
  const matches = q.where ? compileFilter(q.where, db.name, inequalities) : () => true;
  if (q.where) checkFilterLimits(q.where);

  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const o of q.orderBy ?? []) {
    const segs = fieldSegs(o.field, 'An orderBy clause');
    const field = segs === null ? NAME_FIELD : formatFieldPath(segs);
    if (seen.has(field)) throw invalid(`Order by field "${field}" is specified more than once.`);
    seen.add(field);
    orders.push({ field, segs, desc: o.direction === 'DESCENDING' });
  }
  const explicitOrders = orders.length;
  const lastDesc = orders.length > 0 && orders[orders.length - 1].desc;
  // Inequality fields not ordered explicitly are ordered implicitly, lexicographically, then __name__.
  for (const field of [...inequalities.keys()].sort(compareFieldPaths)) {
    const segs = inequalities.get(field)!;
    const norm = segs === null ? NAME_FIELD : formatFieldPath(segs);
    if (!seen.has(norm) && segs !== null) {
      seen.add(norm);
      orders.push({ field: norm, segs, desc: lastDesc });
    }
  }
  if (!seen.has(NAME_FIELD)) orders.push({ field: NAME_FIELD, segs: null, desc: lastDesc });

  for (const [name, c] of [
    ['startAt', q.startAt],
    ['endAt', q.endAt],
  ] as const) {
    const values = c?.values ?? [];
    if (values.length > orders.length)
      throw invalid(
        `Too many cursor values specified in ${name}. The specified values must match the orderBy() constraints of the query.`,
      );
    values.forEach((v, i) => {
      if (orders[i].segs === null) {
        if (kindOf(v) !== 'reference') throw invalid('Cursor value for __name__ must be a document reference.');
        const ref = parseName(v.referenceValue, 'cursor reference', true);
        if (!allDescendants && ref.path.slice(0, ref.path.lastIndexOf('/')) !== joinPath(p.path, collectionId))
          throw invalid(
            `Cursor reference "${v.referenceValue}" is not a document of the queried collection "${joinPath(p.path, collectionId)}".`,
          );
      }
    });
  }
  const offset = q.offset ?? 0;
  if (offset < 0) throw invalid('Offset must be non-negative.');
  const limit = q.limit?.value ?? undefined;
  if (limit !== undefined && limit < 0) throw invalid('Limit must be non-negative.');

  let projection: string[][] | undefined;
  if (q.select) {
    projection = [];
    for (const f of q.select.fields ?? []) {
      const segs = fieldSegs(f, 'A projection');
      if (segs !== null) projection.push(segs);
    }
  }
  return {
    db,
    parentPath: p.path,
    collectionId,
    allDescendants,
    where: q.where,
    orders,
    explicitOrders,
    matches,
    startAt: q.startAt,
    endAt: q.endAt,
    offset,
    limit,
    projection,
  };
}

export function joinPath(parent: string, id: string): string {
  return parent === '' ? id : `${parent}/${id}`;
}

export interface Keyed {
  doc: StoredDoc;
  keys: Value[];
}

export function makeComparator(orders: Order[], group: boolean): (a: Keyed, b: Keyed) => number {
  return (a, b) => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i];
      let c: number;
      if (o.segs === null) c = group ? compareReferences(a.doc.path, b.doc.path) : compareUtf8(a.doc.id, b.doc.id);
      else c = compareValues(a.keys[i], b.keys[i]);
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };
}

/** A cursor with its `__name__` values turned into document paths once. */
export interface Bound {
  values: (Value | string)[];
  before: boolean;
}

export function toBound(c: Cursor | undefined): Bound | undefined {
  if (!c) return undefined;
  const values = (c.values ?? []).map((v) =>
    v.referenceValue !== undefined ? parseName(v.referenceValue, 'cursor reference', true).path : v,
  );
  return { values, before: !!c.before };
}

export function cursorCompare(q: CompiledQuery, keys: Value[], doc: StoredDoc, cursor: Bound): number {
  const values = cursor.values;
  for (let i = 0; i < values.length; i++) {
    const o = q.orders[i];
    const v = values[i];
    const c = o.segs === null ? compareReferences(doc.path, v as string) : compareValues(keys[i], v as Value);
    if (c !== 0) return o.desc ? -c : c;
  }
  return 0;
}

function candidates(q: CompiledQuery): StoredDoc[][] {
  if (q.allDescendants) return q.db.collectionGroup(q.parentPath, q.collectionId || undefined).map((c) => c.list);
  const col = q.db.collections.get(joinPath(q.parentPath, q.collectionId));
  return col ? [col.list] : [];
}

/**
 * Runs the query by scanning its collection(s), for what the index planner (planner.ts) cannot serve.
 * `ordered: false` (aggregations without limit/offset/cursors) skips sorting.
 */
export function scanQuery(q: CompiledQuery, ordered = true): StoredDoc[] {
  const orders = q.orders;
  const nOrders = orders.length;
  const want = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (want === 0) return [];
  const compare = makeComparator(orders, q.allDescendants);
  const plainNameOrder = nOrders === 1 && !orders[0].desc && !q.allDescendants;
  let buf: Keyed[] = [];
  const heap = ordered && !plainNameOrder && want !== Infinity;
  const startAt = toBound(q.startAt);
  const endAt = toBound(q.endAt);
  for (const list of candidates(q)) {
    if (scan(list)) break;
  }
  if (ordered && !plainNameOrder) buf.sort(compare);
  if (ordered) buf = buf.slice(q.offset, want);
  return buf.map((k) => k.doc);

  /** Adds matching documents of one collection to `buf`; true when no more are needed. */
  function scan(list: StoredDoc[]): boolean {
    for (let d = 0; d < list.length; d++) {
      const doc = list[d];
      if (!q.matches(doc)) continue;
      const keys: Value[] = new Array(nOrders);
      let ok = true;
      for (let i = 0; i < nOrders; i++) {
        const o = orders[i];
        if (o.segs === null) continue;
        const v = fieldValue(doc, o.segs);
        if (v === undefined) {
          ok = false;
          break;
        }
        keys[i] = v;
      }
      if (!ok) continue;
      if (startAt) {
        const c = cursorCompare(q, keys, doc, startAt);
        if (startAt.before ? c < 0 : c <= 0) continue;
      }
      if (endAt) {
        const c = cursorCompare(q, keys, doc, endAt);
        if (endAt.before ? c >= 0 : c > 0) continue;
      }
      if (heap) {
        const k = { doc, keys };
        // Most candidates of a large scan lose against the worst kept one: one comparison and done.
        if (buf.length >= want && compare(k, buf[0]) >= 0) continue;
        heapPush(buf, k, compare);
      } else buf.push({ doc, keys });
      // Documents of one collection already come in name order: stop once enough are found.
      if (plainNameOrder && buf.length >= want) return true;
      // Keep only the best `want` documents: a heap with the worst kept one on top.
      if (heap && buf.length > want) heapPop(buf, compare);
    }
    return false;
  }
}

// A binary heap ordered so that the greatest element (by `compare`) is at index 0.
function heapPush(h: Keyed[], x: Keyed, compare: (a: Keyed, b: Keyed) => number): void {
  let i = h.push(x) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (compare(h[parent], h[i]) >= 0) break;
    [h[parent], h[i]] = [h[i], h[parent]];
    i = parent;
  }
}

function heapPop(h: Keyed[], compare: (a: Keyed, b: Keyed) => number): void {
  const last = h.pop()!;
  if (h.length === 0) return;
  h[0] = last;
  for (let i = 0; ;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < h.length && compare(h[l], h[m]) > 0) m = l;
    if (r < h.length && compare(h[r], h[m]) > 0) m = r;
    if (m === i) return;
    [h[m], h[i]] = [h[i], h[m]];
    i = m;
  }
}

export function projectDoc(doc: StoredDoc, projection: string[][] | undefined): DocumentProto {
  if (!projection) return doc.proto;
  return { ...doc.proto, fields: applyMask(doc.fields, projection) };
}
