// Composite indexes (firestore.indexes.json) derived from the callables' query shapes.
import type { QueryShape } from './list.js';

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION';
  fields: IndexField[];
}

type Direction = 'asc' | 'desc';
const REVERSE: Record<Direction, Direction> = { asc: 'desc', desc: 'asc' };

/**
 * Composite indexes (Firestore deploy format) for every combination of a shape's filters with each of its sorts, and
 * with each sort reversed: a list's `before` cursor runs its query in reverse order (`limitToLast`), and Firestore
 * serves a query only from an index in its own directions. A sort without filters runs on the automatic single-field
 * indexes (both directions) and needs none.
 */
export function compositeIndexes(shapes: readonly QueryShape[]): CompositeIndex[] {
  const indexes = new Map<string, CompositeIndex>();
  const add = (shape: QueryShape, filters: QueryShape['filters'], field: string, direction: Direction) => {
    const index: CompositeIndex = {
      collectionGroup: shape.collection,
      queryScope: 'COLLECTION',
      fields: [
        ...filters.map(({ field, op }): IndexField =>
          op === 'array-contains'
            ? { fieldPath: field, arrayConfig: 'CONTAINS' }
            : { fieldPath: field, order: 'ASCENDING' },
        ),
        { fieldPath: field, order: direction === 'asc' ? 'ASCENDING' : 'DESCENDING' },
      ],
    };
    const key = JSON.stringify(index);
    if (!indexes.has(key)) indexes.set(key, index);
  };
  // The sorts' own directions first, then the reverse ones a list lacks (a sort offered both ways has them already).
  for (const reversed of [false, true]) {
    for (const shape of shapes) {
      if (reversed && shape.unlisted) continue;
      const subsets = 2 ** shape.filters.length;
      for (let mask = 1; mask < subsets; mask++) {
        const filters = shape.filters.filter((_, i) => mask & (1 << i));
        for (const { field, direction } of Object.values(shape.sorts))
          add(shape, filters, field, reversed ? REVERSE[direction] : direction);
      }
    }
  }
  return [...indexes.values()];
}
