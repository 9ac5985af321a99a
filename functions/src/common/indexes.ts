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

/**
 * Composite indexes (Firestore deploy format) for every combination of a shape's filters with each of its sorts.
 * A sort without filters runs on the automatic single-field index and needs none.
 */
export function compositeIndexes(shapes: readonly QueryShape[]): CompositeIndex[] {
  const indexes: CompositeIndex[] = [];
  for (const shape of shapes) {
    const subsets = 2 ** shape.filters.length;
    for (let mask = 1; mask < subsets; mask++) {
      const filters = shape.filters.filter((_, i) => mask & (1 << i));
      for (const sort of Object.values(shape.sorts)) {
        indexes.push({
          collectionGroup: shape.collection,
          queryScope: 'COLLECTION',
          fields: [
            ...filters.map(({ field, op }): IndexField =>
              op === 'array-contains'
                ? { fieldPath: field, arrayConfig: 'CONTAINS' }
                : { fieldPath: field, order: 'ASCENDING' },
            ),
            { fieldPath: sort.field, order: sort.direction === 'asc' ? 'ASCENDING' : 'DESCENDING' },
          ],
        });
      }
    }
  }
  return indexes;
}
