// find_nearest validation (what SDKs refuse before sending), distances, and vector indexes of firestore.indexes.json.
import { status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { checkIndexes, parseIndexConfig, type IndexConfig } from '../../src/firestore/index-config.js';
import { RpcError } from '../../src/firestore/errors.js';
import { compileQuery, type Filter, type StructuredQuery } from '../../src/firestore/query-compiler.js';
import { Database } from '../../src/firestore/store.js';
import type { Value } from '../../src/common/firestore-value.js';
import { vectorDistance, type FindNearest } from '../../src/firestore/vectors.js';
import { validateFields } from '../../src/firestore/writes.js';

const db = new Database('projects/demo-vec/databases/(default)');
const root = `${db.name}/documents`;

const vector = (xs: number[]): Value => ({
  mapValue: {
    fields: {
      __type__: { stringValue: '__vector__' },
      value: { arrayValue: { values: xs.map((doubleValue) => ({ doubleValue })) } },
    },
  },
});
const nearest = (over: Partial<FindNearest> = {}): FindNearest => ({
  vectorField: { fieldPath: 'embedding' },
  queryVector: vector([1, 2, 3]),
  distanceMeasure: 'EUCLIDEAN',
  limit: { value: 10 },
  ...over,
});
const compile = (q: Omit<StructuredQuery, 'from'>) =>
  compileQuery(db, root, { ...q, from: [{ collectionId: 'items' }] });

function codeOf(f: () => unknown): number | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as RpcError).code;
  }
}

describe('findNearest validation', () => {
  it('accepts a complete request and keeps its parts', () => {
    const q = compile({
      findNearest: nearest({ distanceResultField: 'd', distanceThreshold: { value: 2 }, distanceMeasure: 'COSINE' }),
    });
    expect(q.nearest).toEqual({
      field: 'embedding',
      segs: ['embedding'],
      query: [1, 2, 3],
      measure: 'COSINE',
      limit: 10,
      resultSegs: ['d'],
      threshold: 2,
    });
  });

  it.each([
    ['an empty query vector', nearest({ queryVector: vector([]) })],
    ['a query vector that is an array', nearest({ queryVector: { arrayValue: { values: [{ doubleValue: 1 }] } } })],
    ['no query vector', nearest({ queryVector: undefined })],
    ['more than 2048 dimensions', nearest({ queryVector: vector(new Array(2049).fill(1)) })],
    ['no vector field', nearest({ vectorField: {} })],
    ['no distance measure', nearest({ distanceMeasure: 'DISTANCE_MEASURE_UNSPECIFIED' })],
    ['a limit of 0', nearest({ limit: { value: 0 } })],
    ['a limit above 1000', nearest({ limit: { value: 1001 } })],
    ['no limit', nearest({ limit: undefined })],
    ['a reserved distance result field', nearest({ distanceResultField: '__d__' })],
    ['a zero query vector with COSINE', nearest({ queryVector: vector([0, 0]), distanceMeasure: 'COSINE' })],
  ])('refuses %s with INVALID_ARGUMENT', (_, f) => {
    expect(codeOf(() => compile({ findNearest: f }))).toBe(status.INVALID_ARGUMENT);
  });

  it('refuses cursors, offset and a query limit alongside it', () => {
    const cursor = { values: [{ integerValue: '1' }], before: true };
    expect(
      codeOf(() => compile({ findNearest: nearest(), orderBy: [{ field: { fieldPath: 'a' } }], startAt: cursor })),
    ).toBe(status.INVALID_ARGUMENT);
    expect(codeOf(() => compile({ findNearest: nearest(), offset: 1 }))).toBe(status.INVALID_ARGUMENT);
    expect(codeOf(() => compile({ findNearest: nearest(), limit: { value: 3 } }))).toBe(status.INVALID_ARGUMENT);
  });

  it('a stored vector must be a map of __type__ and an array of doubles of at most 2048 elements', () => {
    const bad = (v: Value) => codeOf(() => validateFields({ v }));
    expect(bad(vector([1, 2]))).toBeUndefined();
    expect(bad(vector(new Array(2049).fill(0)))).toBe(status.INVALID_ARGUMENT);
    const withInt: Value = {
      mapValue: {
        fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [{ integerValue: '1' }] } } },
      },
    };
    expect(bad(withInt)).toBe(status.INVALID_ARGUMENT);
    expect(bad(vector([1, NaN]))).toBe(status.INVALID_ARGUMENT);
    expect(bad(vector([Infinity, -Infinity]))).toBeUndefined();
  });
});

describe('distances', () => {
  it('EUCLIDEAN, COSINE and DOT_PRODUCT as Firestore defines them', () => {
    expect(vectorDistance('EUCLIDEAN', [0, 3], [4, 0])).toBe(5);
    expect(vectorDistance('COSINE', [1, 0], [0, 2])).toBe(1);
    expect(vectorDistance('COSINE', [2, 2], [1, 1])).toBeCloseTo(0, 12);
    expect(vectorDistance('COSINE', [1, 0], [-1, 0])).toBe(2);
    expect(vectorDistance('DOT_PRODUCT', [1, 2, 3], [4, -5, 6])).toBe(12);
    // Cosine is undefined against a zero vector: such documents are skipped.
    expect(vectorDistance('COSINE', [0, 0], [1, 1])).toBeUndefined();
  });
});

describe('vector indexes in firestore.indexes.json', () => {
  const vectorField = (dimension: number) => ({ fieldPath: 'embedding', vectorConfig: { dimension, flat: {} } });
  const cfg: IndexConfig = parseIndexConfig({
    indexes: [
      { collectionGroup: 'items', queryScope: 'COLLECTION', fields: [vectorField(3)] },
      {
        collectionGroup: 'items',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'color', order: 'ASCENDING' },
          { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
          vectorField(3),
        ],
      },
    ],
  });
  const eq = (field: string): Filter => ({
    fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: 'x' } },
  });
  const contains: Filter = {
    fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: { stringValue: 't' } },
  };
  function check(q: Omit<StructuredQuery, 'from'>, group = false, config = cfg): number | undefined {
    const c = compileQuery(db, root, { ...q, from: [{ collectionId: 'items', allDescendants: group }] });
    const shape = {
      collectionId: 'items',
      collectionGroup: group,
      where: c.where,
      orders: c.orders,
      nearest: c.nearest,
    };
    return codeOf(() => checkIndexes(config, 'demo-vec', shape));
  }

  it('serves a search whose prefilter fields are exactly the index fields before the vector', () => {
    expect(check({ findNearest: nearest() })).toBeUndefined();
    const where = { compositeFilter: { op: 'AND', filters: [contains, eq('color')] } };
    expect(check({ findNearest: nearest(), where })).toBeUndefined();
  });

  it('a prefilter field missing from every vector index, or a collection group query, is FAILED_PRECONDITION', () => {
    expect(check({ findNearest: nearest(), where: eq('color') })).toBe(status.FAILED_PRECONDITION);
    expect(check({ findNearest: nearest(), where: eq('size') })).toBe(status.FAILED_PRECONDITION);
    expect(check({ findNearest: nearest() }, true)).toBe(status.FAILED_PRECONDITION);
    expect(check({ findNearest: nearest({ vectorField: { fieldPath: 'other' } }) })).toBe(status.FAILED_PRECONDITION);
  });

  it('a query vector of another dimension than the index is INVALID_ARGUMENT', () => {
    expect(check({ findNearest: nearest({ queryVector: vector([1, 2]) }) })).toBe(status.INVALID_ARGUMENT);
  });

  it('a vector index never serves an ordinary query', () => {
    const vectorOnly = parseIndexConfig({
      indexes: [{ collectionGroup: 'items', fields: [{ fieldPath: 'color', order: 'ASCENDING' }, vectorField(3)] }],
    });
    const ordinary = { where: eq('color'), orderBy: [{ field: { fieldPath: 'embedding' } }] };
    expect(check(ordinary, false, vectorOnly)).toBe(status.FAILED_PRECONDITION);
    expect(check({ ...ordinary, findNearest: nearest() }, false, vectorOnly)).toBeUndefined();
  });

  it('refuses a vectorConfig without a valid dimension or not in last position', () => {
    const parse = (fields: unknown[]) => () => parseIndexConfig({ indexes: [{ collectionGroup: 'items', fields }] });
    expect(parse([vectorField(0)])).toThrow(/dimension/);
    expect(parse([vectorField(3), { fieldPath: 'color', order: 'ASCENDING' }])).toThrow(/last field/);
  });
});
