// Routes running queries: RunQuery, RunAggregationQuery and PartitionQuery, and how a query is compiled for them and
// for the Listen stream's query targets (checked against the indexes file as production checks its indexes).
import type { Value } from '../../common/firestore-value.js';
import { aggregate, validateAggregations, type Aggregation } from '../aggregate.js';
import { invalid, unimplemented } from '../errors.js';
import { authorizeQuery, requireAdmin, type Caller } from '../firestore-rules.js';
import { checkIndexes } from '../index-config.js';
import { parseName } from '../paths.js';
import { countQuery, executeQuery } from '../planner.js';
import { compileQuery, type CompiledQuery, type StructuredQuery } from '../query-compiler.js';
import { projectDoc, scanQueryAt } from '../query-evaluator.js';
import type { EmulatorState } from '../state.js';
import type { Database } from '../store.js';
import { tsFromMicros } from '../values.js';
import { readTimeOf, readTransaction, recordQuery, type ReadConsistency } from './consistency.js';

/** A query compiled (validated) and, with an indexes file, refused when it needs a composite index not declared. */
export function compileChecked(
  state: EmulatorState,
  db: Database,
  parent: string | undefined,
  sq: StructuredQuery | undefined,
): CompiledQuery {
  if (!sq) throw invalid('A structured query is required.');
  const q = compileQuery(db, parent, sq);
  if (state.indexes && q.collectionId !== '')
    checkIndexes(state.indexes, db.name.split('/')[1], {
      collectionId: q.collectionId,
      collectionGroup: q.allDescendants,
      where: q.where,
      orders: q.orders,
      nearest: q.nearest,
    });
  return q;
}

export async function runQuery(
  state: EmulatorState,
  req: { parent?: string; structuredQuery?: StructuredQuery; explainOptions?: unknown } & ReadConsistency,
  caller: Caller,
) {
  if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
  const db = state.store.db(parseName(req.parent, 'parent').db);
  const q = compileChecked(state, db, req.parent, req.structuredQuery);
  const at = readTimeOf(state, db, req);
  const docs = at === undefined ? executeQuery(q) : scanQueryAt(q, at);
  if (!caller.admin) await authorizeQuery(state, caller, q, docs);
  const { tx, newId } = readTransaction(state, db, req);
  if (tx) recordQuery(state, tx, q, docs);
  const readTime = tsFromMicros(at ?? state.store.nextTime());
  const out: object[] = docs.map((d) => ({ document: projectDoc(d, q.projection), readTime }));
  if (out.length === 0) out.push({ readTime });
  if (newId) Object.assign(out[0], { transaction: newId });
  return out;
}

export async function runAggregationQuery(
  state: EmulatorState,
  req: {
    parent?: string;
    structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
    explainOptions?: unknown;
  } & ReadConsistency,
  caller: Caller,
) {
  if (req.explainOptions) throw unimplemented('Query explain is not supported by this emulator.');
  const db = state.store.db(parseName(req.parent, 'parent').db);
  const saq = req.structuredAggregationQuery;
  const aggs = saq?.aggregations ?? [];
  validateAggregations(aggs);
  const q = compileChecked(state, db, req.parent, saq?.structuredQuery);
  const at = readTimeOf(state, db, req);
  if (!caller.admin) {
    await authorizeQuery(state, caller, q, () => (at === undefined ? executeQuery(q) : scanQueryAt(q, at)));
  }
  const { tx, newId } = readTransaction(state, db, req);
  let result: Record<string, Value>;
  if (!tx && at === undefined && aggs.every((a) => a.count)) {
    // Counts come from index ranges without reading documents (a transaction records what it read).
    result = aggregate([], aggs, countQuery(q));
  } else {
    // Order only matters when offset, limit or cursors pick a part of the result.
    const ordered = q.limit !== undefined || q.offset > 0 || !!q.startAt || !!q.endAt;
    const docs = at === undefined ? executeQuery(q, ordered) : scanQueryAt(q, at, ordered);
    if (tx) recordQuery(state, tx, q, docs);
    result = aggregate(docs, aggs);
  }
  const readTime = tsFromMicros(at ?? state.store.nextTime());
  return [
    {
      result: { aggregateFields: result },
      readTime,
      ...(newId ? { transaction: newId } : {}),
    },
  ];
}

// One partition (the whole query) is a valid answer: "may return fewer partitions than requested".
export function partitionQuery(
  state: EmulatorState,
  req: { parent?: string; structuredQuery?: StructuredQuery },
  caller: Caller,
) {
  requireAdmin(caller);
  const db = state.store.db(parseName(req.parent, 'parent').db);
  compileQuery(db, req.parent, req.structuredQuery ?? {});
  return { partitions: [], nextPageToken: '' };
}
