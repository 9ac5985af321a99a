// List queries: a collection's query shapes, and one page with its total counted by an aggregation.
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ListResponse } from '@trialdesk/shared';
import { db } from './firebase.js';

/**
 * The query shapes of one collection: filters are applied in this order, each combined with any sort. The same
 * description generates `firestore.indexes.json` (scripts/write-indexes.ts), so every shape has its index.
 */
export interface QueryShape<S extends string = string> {
  collection: string;
  filters: readonly { field: string; op: '==' | 'array-contains' }[];
  sorts: Record<S, { field: string; direction: 'asc' | 'desc' }>;
}

/** The collection's query with the given filters (undefined ones skipped) and sort. */
export function shapedQuery<S extends string>(
  shape: QueryShape<S>,
  values: Record<string, unknown>,
  sort: S,
): Query<DocumentData> {
  let query: Query<DocumentData> = db().collection(shape.collection);
  for (const { field, op } of shape.filters) {
    if (values[field] !== undefined) query = query.where(field, op, values[field]);
  }
  const { field, direction } = shape.sorts[sort];
  return query.orderBy(field, direction);
}

/**
 * One page and the total of the same query, counted by an aggregation (never by reading the documents). `fields`:
 * the page reads only these (internal fields such as search tokens can be most of a document).
 */
export async function runList<T>(
  query: Query<DocumentData>,
  page: number,
  pageSize: number,
  toItems: (docs: QueryDocumentSnapshot[]) => T[] | Promise<T[]>,
  fields?: readonly string[],
): Promise<ListResponse<T>> {
  const paged = query.offset((page - 1) * pageSize).limit(pageSize);
  const [count, snap] = await Promise.all([query.count().get(), (fields ? paged.select(...fields) : paged).get()]);
  return { items: await toItems(snap.docs), total: count.data().count, page, pageSize };
}
