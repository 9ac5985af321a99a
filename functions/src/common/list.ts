// List queries: a collection's query shapes, and one page with its total counted by an aggregation.
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ListPaging, ListResponse } from '@trialdesk/shared';
import { fail } from './errors.js';
import { db } from './firebase.js';

/**
 * The query shapes of one collection: filters are applied in this order, each combined with any sort. The same
 * description generates `firestore.indexes.json` (scripts/write-indexes.ts), so every shape has its index.
 */
export interface QueryShape<S extends string = string> {
  collection: string;
  filters: readonly { field: string; op: '==' | 'array-contains' }[];
  sorts: Record<S, { field: string; direction: 'asc' | 'desc' }>;
  /**
   * A query no list pages (the dashboard's): no `before` cursor runs it in reverse order, so its sorts need no
   * reverse index (see compositeIndexes).
   */
  unlisted?: true;
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
 * The page next to the cursor record: Firestore places it by that record's sort values and id, so no row before it is
 * read. A record that no longer exists cannot place the page: the person starts again from the first page.
 */
async function nextTo(
  query: Query<DocumentData>,
  collection: string,
  id: string,
  { pageSize, after }: ListPaging,
): Promise<Query<DocumentData>> {
  const snapshot = await db().collection(collection).doc(id).get();
  if (!snapshot.exists) throw fail('failed-precondition', 'cursorStale');
  return after !== undefined
    ? query.startAfter(snapshot).limit(pageSize)
    : query.endBefore(snapshot).limitToLast(pageSize);
}

/**
 * One page and the total of the same query, counted by an aggregation (never by reading the documents). The page is
 * placed by offset, or by a cursor record of `collection` (validation refuses an offset past MAX_OFFSET without one).
 * `fields`: the page reads only these (internal fields such as search tokens can be most of a document).
 */
export async function runList<T>(
  collection: string,
  query: Query<DocumentData>,
  request: ListPaging,
  toItems: (docs: QueryDocumentSnapshot[]) => T[] | Promise<T[]>,
  fields?: readonly string[],
): Promise<ListResponse<T>> {
  const { page, pageSize } = request;
  const cursor = request.after ?? request.before;
  const readPage = async () => {
    const paged =
      cursor === undefined
        ? query.offset((page - 1) * pageSize).limit(pageSize)
        : await nextTo(query, collection, cursor, request);
    return (fields ? paged.select(...fields) : paged).get();
  };
  const [count, snap] = await Promise.all([query.count().get(), readPage()]);
  return { items: await toItems(snap.docs), total: count.data().count, page, pageSize };
}
