// Compiling a StructuredQuery: validation, normalised filters, orders (implicit ones added) and checked cursors.
import type { Value } from '../common/firestore-value.js';
import { invalid } from './errors.js';
import { NAME_FIELD } from './document.js';
import { formatFieldPath, joinPath, parseFieldPath, parseName } from './paths.js';
import type { Database } from './store.js';
import { compareUtf8, kindOf } from './values.js';
import { compileNearest, type FindNearest, type Nearest } from './vectors.js';

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
  findNearest?: FindNearest;
}

export type FieldOp =
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'NOT_IN'
  | 'ARRAY_CONTAINS_ANY';
export type UnaryOp = 'IS_NULL' | 'IS_NAN' | 'IS_NOT_NULL' | 'IS_NOT_NAN';

/** A field or unary filter, validated. */
export interface Condition {
  /** Normalised field path (`__name__` for the document name). */
  field: string;
  /** null for `__name__`. */
  segs: string[] | null;
  op: FieldOp | UnaryOp;
  /** The operand of a field filter (unary filters have none). */
  value?: Value;
  /** The elements of an IN, NOT_IN or ARRAY_CONTAINS_ANY operand (1 to 30 of them). */
  values?: Value[];
}

/** A validated where clause: AND/OR of conditions, in the order written. */
export type CompiledFilter = { op: 'AND' | 'OR'; filters: CompiledFilter[] } | Condition;

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
  where?: CompiledFilter;
  /** Explicit orderBy as written, then implicit ones, ending with `__name__`. */
  orders: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  /** Field paths to return, or undefined for whole documents. */
  projection?: string[][];
  /** Vector search over the documents the rest of the query matches (its prefilter). */
  nearest?: Nearest;
}

const FIELD_OPS = new Set<string>([
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'NOT_IN',
  'ARRAY_CONTAINS_ANY',
]);
const UNARY_OPS = new Set<string>(['IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN']);
const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);
/** Operators whose `__name__` operand must be a reference to a document of the queried database. */
const NAME_CHECKED_OPS = new Set([...INEQUALITY_OPS, 'EQUAL', 'IN']);

function fieldSegs(ref: FieldReference | undefined, what: string): string[] | null {
  const fp = ref?.fieldPath;
  if (!fp) throw invalid(`${what} requires a field path.`);
  return fp === NAME_FIELD ? null : parseFieldPath(fp);
}

const fieldName = (segs: string[] | null) => (segs === null ? NAME_FIELD : formatFieldPath(segs));

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

/** Validates a filter; records the field paths (as written) of inequality filters in `inequalities`. */
function compileFilter(f: Filter, db: string, inequalities: Map<string, string[] | null>): CompiledFilter {
  if (f.compositeFilter) {
    const op = f.compositeFilter.op;
    const filters = (f.compositeFilter.filters ?? []).map((x) => compileFilter(x, db, inequalities));
    if (op === 'AND' || op === 'OR') return { op, filters };
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
    if (!FIELD_OPS.has(op)) throw invalid(`Unsupported field filter operator ${op}.`);
    const values = op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY' ? requireArray(value, op) : undefined;
    if (isName && NAME_CHECKED_OPS.has(op)) (values ?? [value]).forEach((x) => checkNameValue(x, db));
    return { field: fieldName(segs), segs, op: op as FieldOp, value, ...(values ? { values } : {}) };
  }
  if (f.unaryFilter) {
    const { op } = f.unaryFilter;
    const segs = fieldSegs(f.unaryFilter.field, 'A unary filter');
    if (op === 'IS_NOT_NULL' || op === 'IS_NOT_NAN') inequalities.set(f.unaryFilter.field!.fieldPath!, segs);
    if (op === undefined || !UNARY_OPS.has(op)) throw invalid(`Unsupported unary filter operator ${op}.`);
    return { field: fieldName(segs), segs, op: op as UnaryOp };
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
function disjunctionCount(f: CompiledFilter): number {
  if ('filters' in f) {
    const counts = f.filters.map(disjunctionCount);
    return f.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
  }
  return f.op === 'IN' || f.op === 'ARRAY_CONTAINS_ANY' ? f.values!.length : 1;
}

function operators(f: CompiledFilter, out: string[] = []): string[] {
  out.push(f.op);
  if ('filters' in f) for (const x of f.filters) operators(x, out);
  return out;
}

/** Firestore's limits on combining disjunctive operators. */
function checkFilterLimits(f: CompiledFilter): void {
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
  const from = q.from ?? [];
  if (from.length !== 1) throw invalid('A query must have exactly one collection selector.');
  // An empty collection id with all_descendants (a "kindless" query, used by recursiveDelete) spans every collection.
  const { collectionId = '', allDescendants = false } = from[0];
  if (collectionId === '' && !allDescendants) throw invalid('A collection query requires a collection id.');
  if (collectionId.includes('/')) throw invalid(`Invalid collection id "${collectionId}".`);

  const inequalities = new Map<string, string[] | null>();
  const where = q.where ? compileFilter(q.where, db.name, inequalities) : undefined;
  if (where) checkFilterLimits(where);

  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const o of q.orderBy ?? []) {
    const segs = fieldSegs(o.field, 'An orderBy clause');
    const field = fieldName(segs);
    if (seen.has(field)) throw invalid(`Order by field "${field}" is specified more than once.`);
    seen.add(field);
    orders.push({ field, segs, desc: o.direction === 'DESCENDING' });
  }
  const lastDesc = orders.length > 0 && orders[orders.length - 1].desc;
  // Inequality fields not ordered explicitly are ordered implicitly, lexicographically, then __name__.
  for (const field of [...inequalities.keys()].sort(compareFieldPaths)) {
    const segs = inequalities.get(field)!;
    const norm = fieldName(segs);
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
  let nearest: Nearest | undefined;
  if (q.findNearest) {
    nearest = compileNearest(q.findNearest);
    // The nearest-neighbour order and limit replace the query's own; cursors are not supported with it.
    if (q.startAt || q.endAt) throw invalid('Cursors are not supported with findNearest.');
    if (offset > 0 || limit !== undefined)
      throw invalid('offset and limit are not supported with findNearest: use the findNearest limit.');
    if (projection && nearest.resultSegs) projection.push(nearest.resultSegs);
  }
  return {
    db,
    parentPath: p.path,
    collectionId,
    allDescendants,
    where,
    orders,
    startAt: q.startAt,
    endAt: q.endAt,
    offset,
    limit,
    projection,
    ...(nearest ? { nearest } : {}),
  };
}
