// Evaluating a compiled query against documents: filter matching, result order, cursors, projection, and the scan.
import type { Value } from '../common/firestore-value.js';
import { fieldValue, type DocumentProto, type StoredDoc } from './document.js';
import { applyMask, joinPath, parseName } from './paths.js';
import type { CompiledFilter, CompiledQuery, Cursor, Order } from './query-compiler.js';
import {
  compareReferences,
  compareSegments,
  compareValues,
  isNaNValue,
  isNullValue,
  typeRank,
  valuesEqual,
} from './values.js';
import { nearestDocs } from './vectors.js';

/** A test of whether a document matches the filter (every document when there is none). */
export function filterMatcher(f: CompiledFilter | undefined): (doc: StoredDoc) => boolean {
  if (!f) return () => true;
  if ('filters' in f) {
    const parts = f.filters.map(filterMatcher);
    return f.op === 'AND' ? (d) => parts.every((p) => p(d)) : (d) => parts.some((p) => p(d));
  }
  const { segs, value, values } = f;
  switch (f.op) {
    case 'EQUAL':
      return (d) => {
        const v = fieldValue(d, segs);
        return v !== undefined && valuesEqual(v, value!);
      };
    case 'NOT_EQUAL':
      return (d) => {
        const v = fieldValue(d, segs);
        return v !== undefined && !isNullValue(v) && !valuesEqual(v, value!);
      };
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL': {
      const rank = typeRank(value!);
      const op = f.op;
      const test =
        op === 'LESS_THAN'
          ? (c: number) => c < 0
          : op === 'LESS_THAN_OR_EQUAL'
            ? (c: number) => c <= 0
            : op === 'GREATER_THAN'
              ? (c: number) => c > 0
              : (c: number) => c >= 0;
      // NaN compares with nothing, as in Firestore.
      if (isNaNValue(value!)) return () => false;
      return (d) => {
        const v = fieldValue(d, segs);
        return v !== undefined && typeRank(v) === rank && !isNaNValue(v) && test(compareValues(v, value!));
      };
    }
    case 'ARRAY_CONTAINS':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v?.arrayValue && (v.arrayValue.values ?? []).some((x) => valuesEqual(x, value!));
      };
    case 'IN':
      return (d) => {
        const v = fieldValue(d, segs);
        return v !== undefined && values!.some((x) => valuesEqual(v, x));
      };
    case 'NOT_IN':
      // A list holding null matches no document at all in Firestore (a value can never be "not in" it).
      if (values!.some(isNullValue)) return () => false;
      return (d) => {
        const v = fieldValue(d, segs);
        return v !== undefined && !isNullValue(v) && !values!.some((x) => valuesEqual(v, x));
      };
    case 'ARRAY_CONTAINS_ANY':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v?.arrayValue && (v.arrayValue.values ?? []).some((x) => values!.some((y) => valuesEqual(x, y)));
      };
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
  }
}

/** A document with the values of the query's ordered fields (unset at `__name__` positions). */
export interface Keyed {
  doc: StoredDoc;
  keys: Value[];
}

export function makeComparator(orders: Order[], group: boolean): (a: Keyed, b: Keyed) => number {
  return (a, b) => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i];
      let c: number;
      if (o.segs === null) c = group ? compareReferences(a.doc.path, b.doc.path) : compareSegments(a.doc.id, b.doc.id);
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

/**
 * The values of a document's ordered fields when the query's scan keeps it (every ordered field present, within the
 * cursors), else undefined: the rule the scan and the listeners' matching share.
 */
export function cursorKeys(q: CompiledQuery): (doc: StoredDoc) => Value[] | undefined {
  const startAt = toBound(q.startAt);
  const endAt = toBound(q.endAt);
  return (doc) => {
    const keys: Value[] = new Array(q.orders.length);
    for (let i = 0; i < q.orders.length; i++) {
      const segs = q.orders[i].segs;
      if (segs === null) continue;
      const v = fieldValue(doc, segs);
      if (v === undefined) return undefined;
      keys[i] = v;
    }
    if (startAt) {
      const c = cursorCompare(q, keys, doc, startAt);
      if (startAt.before ? c < 0 : c <= 0) return undefined;
    }
    if (endAt) {
      const c = cursorCompare(q, keys, doc, endAt);
      if (endAt.before ? c >= 0 : c > 0) return undefined;
    }
    return keys;
  };
}

function candidates(q: CompiledQuery): StoredDoc[][] {
  if (q.allDescendants) return q.db.collectionGroup(q.parentPath, q.collectionId || undefined).map((c) => c.list);
  const col = q.db.collections.get(joinPath(q.parentPath, q.collectionId));
  return col ? [col.list] : [];
}

/**
 * Runs the query by scanning its collection(s), for what the index planner (planner.ts) cannot serve.
 * `ordered: false` (aggregations without limit/offset/cursors) skips sorting. `lists`: the documents to scan, one
 * list per collection in id order, instead of the collections' current documents.
 */
export function scanQuery(q: CompiledQuery, ordered = true, lists = candidates(q)): StoredDoc[] {
  const orders = q.orders;
  const nOrders = orders.length;
  const want = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (want === 0) return [];
  const matches = filterMatcher(q.where);
  const compare = makeComparator(orders, q.allDescendants);
  const plainNameOrder = nOrders === 1 && !orders[0].desc && !q.allDescendants;
  let buf: Keyed[] = [];
  const heap = ordered && !plainNameOrder && want !== Infinity;
  const inCursors = cursorKeys(q);
  for (const list of lists) {
    if (scan(list)) break;
  }
  if (ordered && !plainNameOrder) buf.sort(compare);
  if (ordered) buf = buf.slice(q.offset, want);
  return buf.map((k) => k.doc);

  /** Adds matching documents of one collection to `buf`; true when no more are needed. */
  function scan(list: StoredDoc[]): boolean {
    for (let d = 0; d < list.length; d++) {
      const doc = list[d];
      if (!matches(doc)) continue;
      const keys = inCursors(doc);
      if (!keys) continue;
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

/** Runs the query on the documents as they were at time `t` (a past readTime): rare, so it scans. */
export function scanQueryAt(q: CompiledQuery, t: number, ordered = true): StoredDoc[] {
  // Vector search ranks the documents the rest of the query matched then (its prefilter).
  if (q.nearest) return nearestDocs(q.nearest, scanQueryAt({ ...q, nearest: undefined }, t, false));
  const collectionId = q.allDescendants ? q.collectionId || undefined : q.collectionId;
  return scanQuery(q, ordered, q.db.collectionsAt(q.parentPath, collectionId, q.allDescendants, t));
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
