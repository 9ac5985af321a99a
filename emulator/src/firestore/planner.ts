// Index-backed execution of compiled queries, falling back to the scan for what no index can serve.
// A query made of AND-ed equality (==, IS NULL, IS NAN, array-contains, one `in`) and range filters with its orderBy
// is served from one index of its collection, so its cost grows with the index range and offset + limit, not with
// the collection. The rest (OR, collection groups, ...) is scanned (query-evaluator.ts).
import type { Value } from '../common/firestore-value.js';
import { ContainsIndex, type CollectionIndex, type IndexComponent, type IndexSpec } from './collection-index.js';
import { fieldValue, type StoredDoc } from './document.js';
import { joinPath } from './paths.js';
import type { CompiledFilter, CompiledQuery, Condition } from './query-compiler.js';
import {
  cursorCompare,
  filterMatcher,
  makeComparator,
  scanQuery,
  toBound,
  type Bound,
  type Keyed,
} from './query-evaluator.js';
import type { Collection } from './store.js';
import { compareValues, isNaNValue, NULL_VALUE, typeRank } from './values.js';
import { nearestDocs } from './vectors.js';

/** Index positions [lo, hi). */
export interface Range {
  lo: number;
  hi: number;
}

export interface Plan {
  index: CollectionIndex;
  /** Walk the index backwards: its directions are the query's reversed. */
  reverse: boolean;
  /** Disjoint ranges (several for `in`), each in query order when walked; cursors already applied. */
  ranges: Range[];
  /** The ranges hold exactly the query's matches (before offset and limit): no filter is left to apply. */
  exact: boolean;
}

const NAN: Value = { doubleValue: NaN };
const RANGE_OPS = new Set(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']);

/** Flattens ANDs into `out`; false when the filter has an OR. */
function conjuncts(f: CompiledFilter | undefined, out: Condition[]): boolean {
  if (!f) return true;
  if ('filters' in f) return f.op === 'AND' && f.filters.every((x) => conjuncts(x, out));
  out.push(f);
  return true;
}

function distinct(values: Value[]): Value[] {
  const out: Value[] = [];
  // NaN equals nothing in a filter, so it selects nothing.
  for (const v of values) if (!isNaNValue(v) && !out.some((x) => compareValues(x, v) === 0)) out.push(v);
  return out;
}

/**
 * The first position where the entry's prefix is after `prefix`, or equal to it and `rest` holds (true: always,
 * false: never, else a test of component `prefix.length`).
 */
function boundOf(ix: CollectionIndex, prefix: Value[], rest: boolean | ((key: Value) => boolean)): number {
  const p = prefix.length;
  return ix.entries.lowerBound((doc) => {
    for (let i = 0; i < p; i++) {
      const c = compareValues(ix.keyOf(doc, i)!, prefix[i]);
      if (c !== 0) return c > 0;
    }
    return typeof rest === 'boolean' ? rest : rest(ix.keyOf(doc, p)!);
  });
}

function prefixRange(ix: CollectionIndex, prefix: Value[]): Range {
  return { lo: boundOf(ix, prefix, true), hi: boundOf(ix, prefix, false) };
}

/** Narrows a range to a range filter on component `prefix.length` (ascending in the index). */
function narrow(ix: CollectionIndex, prefix: Value[], r: Range, f: Condition): Range {
  const v = f.value!;
  if (isNaNValue(v)) return { lo: r.lo, hi: r.lo };
  const rank = typeRank(v);
  // Same type only; within numbers NaN sorts first and is never in range.
  const fromRank = (k: Value) => typeRank(k) > rank || (typeRank(k) === rank && !isNaNValue(k));
  const pastRank = (k: Value) => typeRank(k) > rank;
  let lo: number;
  let hi: number;
  switch (f.op) {
    case 'GREATER_THAN':
      lo = boundOf(ix, prefix, (k) => compareValues(k, v) > 0);
      hi = boundOf(ix, prefix, pastRank);
      break;
    case 'GREATER_THAN_OR_EQUAL':
      lo = boundOf(ix, prefix, (k) => compareValues(k, v) >= 0);
      hi = boundOf(ix, prefix, pastRank);
      break;
    case 'LESS_THAN':
      lo = boundOf(ix, prefix, fromRank);
      hi = boundOf(ix, prefix, (k) => compareValues(k, v) >= 0);
      break;
    default: // LESS_THAN_OR_EQUAL
      lo = boundOf(ix, prefix, fromRank);
      hi = boundOf(ix, prefix, (k) => compareValues(k, v) > 0);
  }
  lo = Math.max(lo, r.lo);
  hi = Math.min(hi, r.hi);
  return { lo, hi: Math.max(lo, hi) };
}

function keysOf(q: CompiledQuery, doc: StoredDoc): Value[] {
  return q.orders.map((o) => (o.segs === null ? (undefined as unknown as Value) : fieldValue(doc, o.segs)!));
}

/** Applies the query's cursors to a range that is in query order when walked (binary search). */
function applyCursors(
  q: CompiledQuery,
  ix: CollectionIndex,
  reverse: boolean,
  r: Range,
  start?: Bound,
  end?: Bound,
): Range {
  const n = r.hi - r.lo;
  const docAt = (j: number) => ix.entries.docAt(reverse ? r.hi - 1 - j : r.lo + j);
  const first = (from: number, passed: (c: number) => boolean, cursor: Bound) => {
    let lo = from;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const doc = docAt(mid);
      if (passed(cursorCompare(q, keysOf(q, doc), doc, cursor))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  // The same inclusion rules as the scan: startAt keeps c >= 0 (startAfter c > 0), endAt keeps c <= 0 (endBefore c < 0).
  const s = start ? first(0, start.before ? (c) => c >= 0 : (c) => c > 0, start) : 0;
  const e = end ? first(s, end.before ? (c) => c >= 0 : (c) => c > 0, end) : n;
  return reverse ? { lo: r.hi - e, hi: r.hi - s } : { lo: r.lo + s, hi: r.lo + e };
}

const valueComponent = (field: string, segs: string[]): IndexComponent => ({
  field,
  segs,
  contains: false,
  desc: false,
});

/** What a plan walks of an index: the index, or an array-contains index's partition of the element queried. */
const walked = (ix: CollectionIndex | ContainsIndex, element: Value | undefined): CollectionIndex =>
  ix instanceof ContainsIndex ? ix.partition(element!) : ix;

/** How the query is served from an index of `col`, or undefined when it is not (then it is scanned). */
export function planQuery(q: CompiledQuery, col: Collection): Plan | undefined {
  if (q.allDescendants) return undefined;
  const orders = q.orders;
  const last = orders.length - 1;
  // __name__ must be the final order (an explicit earlier one makes the rest irrelevant; rare, so scanned).
  if (orders[last].segs !== null || orders.slice(0, last).some((o) => o.segs === null)) return undefined;
  const filters: Condition[] = [];
  if (!conjuncts(q.where, filters)) return undefined;

  const eqs = new Map<string, { segs: string[]; value: Value }>();
  let contains: { field: string; segs: string[]; value: Value } | undefined;
  let within: { field: string; segs: string[]; values: Value[] } | undefined;
  const ranges: Condition[] = [];
  let residual = false;
  for (const f of filters) {
    if (f.segs === null) {
      residual = true;
      continue;
    }
    const eq =
      f.op === 'EQUAL' && !isNaNValue(f.value!)
        ? f.value!
        : f.op === 'IS_NULL'
          ? NULL_VALUE
          : f.op === 'IS_NAN'
            ? NAN
            : undefined;
    if (eq && !eqs.has(f.field)) eqs.set(f.field, { segs: f.segs, value: eq });
    else if (f.op === 'ARRAY_CONTAINS' && !isNaNValue(f.value!))
      contains = { field: f.field, segs: f.segs, value: f.value! };
    else if (f.op === 'IN' && !within) within = { field: f.field, segs: f.segs, values: distinct(f.values!) };
    else if (RANGE_OPS.has(f.op)) ranges.push(f);
    else residual = true;
  }
  if (within && eqs.has(within.field)) {
    within = undefined;
    residual = true;
  }
  // Orders on fields an equality fixes change nothing inside a range (an `in` range has one value too).
  const ordered = orders.slice(0, last).filter((o) => !eqs.has(o.field) && o.field !== within?.field);
  if (contains && ordered.some((o) => o.field === contains!.field)) return undefined;
  const reverse = ordered.length > 0 ? ordered[0].desc : orders[last].desc;
  const orderComps: IndexComponent[] = ordered.map((o) => ({
    field: o.field,
    segs: o.segs!,
    contains: false,
    desc: o.desc !== reverse,
  }));
  const nameDesc = orders[last].desc !== reverse;
  // A range filter on the first ordered field bounds the range; others filter it. (Without an ordered field
  // there is no range filter: inequality fields are always ordered, implicitly if not explicitly.)
  const bounds = ranges.filter((f) => ordered.length > 0 && f.field === ordered[0].field);
  if (bounds.length < ranges.length) residual = true;

  // Prefix components and their values: equalities by field name, the `in` field among them, array-contains last.
  const fixed: { comp: IndexComponent; values: Value[] }[] = [...eqs]
    .map(([field, e]) => ({ comp: valueComponent(field, e.segs), values: [e.value] }))
    .concat(within ? [{ comp: valueComponent(within.field, within.segs), values: within.values }] : [])
    .sort((a, b) => (a.comp.field < b.comp.field ? -1 : a.comp.field > b.comp.field ? 1 : 0));
  if (contains)
    fixed.push({
      comp: { field: contains.field, segs: contains.segs, contains: true, desc: false },
      values: [contains.value],
    });

  let index: CollectionIndex;
  let prefixes: Value[][];
  if (q.db.options.indexFile && orderComps.length === 0 && fixed.length > 1 && !q.startAt && !q.endAt) {
    // Composite indexes come from the file, which has none for equalities only: production merges single-field
    // indexes; here the one with the smallest range is walked and the other equalities filter it. (Not with
    // cursors: they are binary-searched, which needs every document of the range in query order.)
    let best: { index: CollectionIndex; prefix: Value[]; size: number } | undefined;
    for (const f of fixed) {
      if (f.values.length !== 1) continue;
      const ix = walked(col.index({ components: [f.comp], nameDesc }), f.values[0]);
      const prefix = f.comp.contains ? [] : f.values;
      const r = prefixRange(ix, prefix);
      if (!best || r.hi - r.lo < best.size) best = { index: ix, prefix, size: r.hi - r.lo };
    }
    index = best!.index;
    prefixes = [best!.prefix];
    residual = true;
  } else {
    const spec: IndexSpec = { components: [...fixed.map((f) => f.comp), ...orderComps], nameDesc };
    index = walked(col.index(spec), contains?.value);
    // One prefix per `in` value (the other components have one value each); a partition has no element component.
    prefixes = [[]];
    for (const f of fixed) if (!f.comp.contains) prefixes = prefixes.flatMap((p) => f.values.map((v) => [...p, v]));
  }

  const start = toBound(q.startAt);
  const end = toBound(q.endAt);
  const out: Range[] = [];
  for (const prefix of prefixes) {
    let r = prefixRange(index, prefix);
    for (const f of bounds) r = narrow(index, prefix, r, f);
    if (start || end) r = applyCursors(q, index, reverse, r, start, end);
    if (r.hi > r.lo) out.push(r);
  }
  return { index, reverse, ranges: out, exact: !residual };
}

/** Calls `visit` with the documents of the plan's ranges in query order (merging `in` ranges) until it returns false. */
function eachInOrder(q: CompiledQuery, plan: Plan, visit: (doc: StoredDoc) => boolean): void {
  const entries = plan.index.entries;
  const { ranges, reverse } = plan;
  if (ranges.length === 1) return entries.walk(ranges[0].lo, ranges[0].hi, reverse, visit);
  const compare = makeComparator(q.orders, false);
  const heads: { pos: number; end: number; keyed: Keyed }[] = [];
  const keyed = (pos: number): Keyed => {
    const doc = entries.docAt(pos);
    return { doc, keys: keysOf(q, doc) };
  };
  for (const r of ranges) {
    const pos = reverse ? r.hi - 1 : r.lo;
    heads.push({ pos, end: reverse ? r.lo - 1 : r.hi, keyed: keyed(pos) });
  }
  while (heads.length > 0) {
    let m = 0;
    for (let i = 1; i < heads.length; i++) if (compare(heads[i].keyed, heads[m].keyed) < 0) m = i;
    const h = heads[m];
    if (!visit(h.keyed.doc)) return;
    h.pos += reverse ? -1 : 1;
    if (h.pos === h.end) heads.splice(m, 1);
    else h.keyed = keyed(h.pos);
  }
}

function collectionOf(q: CompiledQuery): Collection | undefined {
  return q.db.collections.get(joinPath(q.parentPath, q.collectionId));
}

/**
 * Runs the query: from an index when the planner can serve it, else by scanning. `ordered: false` lets the scan
 * skip sorting (aggregations without limit, offset or cursors).
 */
export function executeQuery(q: CompiledQuery, ordered = true): StoredDoc[] {
  // Vector search ranks the documents the rest of the query matches (its prefilter), in any order.
  if (q.nearest) return nearestDocs(q.nearest, executeQuery({ ...q, nearest: undefined }, false));
  const limit = q.limit ?? Infinity;
  if (limit === 0) return [];
  if (q.allDescendants) return scanQuery(q, ordered);
  const col = collectionOf(q);
  if (!col) return [];
  const plan = planQuery(q, col);
  if (!plan) return scanQuery(q, ordered);
  const out: StoredDoc[] = [];
  if (plan.exact && plan.ranges.length === 1) {
    // Offset and limit are positions in the range.
    const { lo, hi } = plan.ranges[0];
    const from = plan.reverse ? Math.max(lo, hi - q.offset - limit) : lo + q.offset;
    const to = plan.reverse ? hi - q.offset : Math.min(hi, lo + q.offset + limit);
    plan.index.entries.walk(from, to, plan.reverse, (doc) => out.push(doc) > 0);
    return out;
  }
  let skip = q.offset;
  const matches = filterMatcher(q.where);
  eachInOrder(q, plan, (doc) => {
    if (!plan.exact && !matches(doc)) return true;
    if (skip > 0) skip--;
    else out.push(doc);
    return out.length < limit;
  });
  return out;
}

/** Number of documents the query returns, counted from index ranges without reading documents when exact. */
export function countQuery(q: CompiledQuery): number {
  if (q.nearest) return executeQuery(q).length;
  const limit = q.limit ?? Infinity;
  const col = q.allDescendants ? undefined : collectionOf(q);
  const plan = col && planQuery(q, col);
  let n: number;
  if (plan?.exact) n = plan.ranges.reduce((s, r) => s + r.hi - r.lo, 0);
  else if (plan) {
    const want = q.offset + limit;
    const matches = filterMatcher(q.where);
    n = 0;
    if (want > 0)
      eachInOrder(q, plan, (doc) => {
        if (matches(doc)) n++;
        return n < want;
      });
  } else if (!q.allDescendants && !col) n = 0;
  else return scanQuery(q, q.limit !== undefined || q.offset > 0 || !!q.startAt || !!q.endAt).length;
  return Math.max(0, Math.min(n - q.offset, limit));
}
