// Vector values (FieldValue.vector) stored, read and ordered, and findNearest vector search, through firebase-admin.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue, GeoPoint, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCli, type CliServer } from './cli';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

const builtIn = inject('builtInEmulator');
const projectId = uniqueProjectId('vectors');
const db = openDb(projectId);

type Measure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

// Distances as Firestore defines them, computed here from the test data.
function distance(measure: Measure, a: number[], b: number[]): number {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  if (measure === 'DOT_PRODUCT') return dot;
  if (measure === 'EUCLIDEAN') return Math.sqrt(a.reduce((s, x, i) => s + (x - b[i]) ** 2, 0));
  return 1 - dot / (Math.hypot(...a) * Math.hypot(...b));
}

/** The expected result: documents with a vector of the query's dimension, closest first, within the threshold. */
function expected(
  docs: Record<string, { embedding?: unknown; color?: string }>,
  vectors: Record<string, number[]>,
  measure: Measure,
  query: number[],
  limit: number,
  opts: { threshold?: number; color?: string } = {},
): { id: string; d: number }[] {
  const larger = measure === 'DOT_PRODUCT';
  return Object.entries(vectors)
    .filter(([id, v]) => v.length === query.length && (opts.color === undefined || docs[id].color === opts.color))
    .map(([id, v]) => ({ id, d: distance(measure, v, query) }))
    .filter(({ d }) => opts.threshold === undefined || (larger ? d >= opts.threshold : d <= opts.threshold))
    .sort((a, b) => (larger ? b.d - a.d : a.d - b.d))
    .slice(0, limit);
}

describe('vector values', () => {
  const col = db.collection('vector-values');

  it('round-trip as VectorValue, top-level, nested in a map and in an array', async () => {
    const ref = col.doc('round-trip');
    await ref.set({
      embedding: FieldValue.vector([1, 2.5, -3]),
      nested: { inner: FieldValue.vector([0.25]) },
      list: [FieldValue.vector([4, 5])],
      empty: FieldValue.vector([]),
    });
    const snap = await ref.get();
    const embedding = snap.get('embedding');
    expect(embedding.constructor.name).toBe('VectorValue');
    expect(embedding.toArray()).toEqual([1, 2.5, -3]);
    expect(embedding.isEqual(FieldValue.vector([1, 2.5, -3]))).toBe(true);
    expect(snap.get('nested.inner').toArray()).toEqual([0.25]);
    expect(snap.get('list')[0].toArray()).toEqual([4, 5]);
    expect(snap.get('empty').toArray()).toEqual([]);
  });

  it('can be updated in place and through a field path', async () => {
    const ref = col.doc('update');
    await ref.set({ a: 1 });
    await ref.update({ embedding: FieldValue.vector([9, 8]), 'm.v': FieldValue.vector([7]) });
    const snap = await ref.get();
    expect(snap.get('embedding').toArray()).toEqual([9, 8]);
    expect(snap.get('m.v').toArray()).toEqual([7]);
  });

  it('±Infinity elements round-trip; NaN and more than 2048 dimensions are INVALID_ARGUMENT', async () => {
    const ref = col.doc('infinity');
    await ref.set({ v: FieldValue.vector([Infinity, -Infinity, 0]) });
    expect((await ref.get()).get('v').toArray()).toEqual([Infinity, -Infinity, 0]);
    await expectCode(col.doc('nan').set({ v: FieldValue.vector([1, NaN]) }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('big').set({ v: FieldValue.vector(new Array(2049).fill(1)) }), Code.INVALID_ARGUMENT);
    // 2048 dimensions is the largest accepted.
    await col.doc('largest').set({ v: FieldValue.vector(new Array(2048).fill(1)) });
  });

  it('other __type__ maps and other reserved field names stay refused', async () => {
    await expectCode(col.doc('bad-type').set({ m: { __type__: 'other', value: [1] } }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('bad-name').set({ __reserved__: 1 }), Code.INVALID_ARGUMENT);
  });

  it.runIf(builtIn)('a malformed vector map is INVALID_ARGUMENT (built-in emulator)', async () => {
    await expectCode(col.doc('bad-vector').set({ m: { __type__: '__vector__', value: 'x' } }), Code.INVALID_ARGUMENT);
    await expectCode(
      col.doc('bad-vector-2').set({ m: { __type__: '__vector__', value: [1], extra: 2 } }),
      Code.INVALID_ARGUMENT,
    );
  });
});

describe('vector ordering', () => {
  const col = db.collection('vector-order');
  // One value per type, in Firestore's documented type order (arrays, then vectors, then maps); vectors among
  // themselves by dimension, then element by element. Ids are unrelated to the order.
  const ordered: [string, unknown][] = [
    ['k-null', null],
    ['c-bool', true],
    ['q-number', 42],
    ['a-time', Timestamp.fromMillis(1_000)],
    ['z-string', 'text'],
    ['h-ref', db.doc('x/y')],
    ['m-geo', new GeoPoint(1, 2)],
    ['b-array-long', [1, 2, 3, 4]],
    ['y-vector-1d', FieldValue.vector([100])],
    ['e-vector-2d-low', FieldValue.vector([1, 2])],
    ['p-vector-2d-high', FieldValue.vector([1, 3])],
    ['d-vector-3d', FieldValue.vector([-5, -5, -5])],
    ['x-map', { A: 1 }],
  ];
  const want = ordered.map(([id]) => id);

  beforeAll(async () => {
    const batch = db.batch();
    for (const [id, v] of ordered) batch.set(col.doc(id), { v });
    await batch.commit();
  });

  it('orderBy places vectors after arrays and before maps, by dimension then elements', async () => {
    expect(ids(await col.orderBy('v').get())).toEqual(want);
    expect(ids(await col.orderBy('v', 'desc').get())).toEqual([...want].reverse());
  });

  it('cursors and range filters on a vector stay within vectors', async () => {
    const start = FieldValue.vector([1, 2]);
    expect(ids(await col.orderBy('v').startAfter(start).get())).toEqual(
      want.slice(want.indexOf('e-vector-2d-low') + 1),
    );
    const vectors = want.filter((id) => id.includes('vector'));
    expect(ids(await col.where('v', '>=', start).orderBy('v').get())).toEqual(vectors.slice(1));
    expect(ids(await col.where('v', '<', start).get())).toEqual(['y-vector-1d']);
  });

  it('== and in match equal vectors only', async () => {
    expect(ids(await col.where('v', '==', FieldValue.vector([1, 3])).get())).toEqual(['p-vector-2d-high']);
    expect(ids(await col.where('v', '==', FieldValue.vector([1, 3, 0])).get())).toEqual([]);
    const inQuery = col.where('v', 'in', [FieldValue.vector([100]), FieldValue.vector([-5, -5, -5]), [1, 2, 3, 4]]);
    expect(ids(await inQuery.orderBy('v').get())).toEqual(['b-array-long', 'y-vector-1d', 'd-vector-3d']);
  });
});

describe('findNearest', () => {
  const col = db.collection('vector-search');
  const colors = ['red', 'blue'];
  // Deterministic 3-d vectors, plus documents findNearest must skip (other dimension, array, string, no field).
  const vectors: Record<string, number[]> = {};
  const docs: Record<string, { embedding?: unknown; color?: string }> = {};
  for (let i = 0; i < 12; i++) {
    const v = [Math.sin(i + 1) * 3, Math.cos(2 * i + 1) * 2, ((i * 7) % 5) - 2];
    vectors[`doc${i}`] = v;
    docs[`doc${i}`] = { embedding: FieldValue.vector(v), color: colors[i % 2] };
  }
  vectors['two-d'] = [0.5, 0.5];
  docs['two-d'] = { embedding: FieldValue.vector([0.5, 0.5]), color: 'red' };
  docs['plain-array'] = { embedding: [1, 2, 3], color: 'red' };
  docs['string'] = { embedding: 'not a vector', color: 'red' };
  docs['missing'] = { color: 'red' };
  const query = [1, -0.5, 0.75];

  beforeAll(async () => {
    const batch = db.batch();
    for (const [id, data] of Object.entries(docs)) batch.set(col.doc(id), data);
    await batch.commit();
  });

  for (const measure of ['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'] as const) {
    it(`${measure}: closest first, limited, with the distance in distanceResultField`, async () => {
      const snap = await col
        .findNearest({
          vectorField: 'embedding',
          queryVector: query,
          limit: 5,
          distanceMeasure: measure,
          distanceResultField: 'dist',
        })
        .get();
      const want = expected(docs, vectors, measure, query, 5);
      expect(snap.docs.map((d) => d.id)).toEqual(want.map((w) => w.id));
      snap.docs.forEach((d, i) => expect(d.get('dist')).toBeCloseTo(want[i].d, 10));
      // The stored document is unchanged: the distance is only in the result.
      expect((await col.doc(want[0].id).get()).get('dist')).toBeUndefined();
    });

    it(`${measure}: distanceThreshold keeps documents at least that close`, async () => {
      const all = expected(docs, vectors, measure, query, 100);
      // A threshold between two results, so that it excludes some and keeps others.
      const threshold = (all[3].d + all[4].d) / 2;
      const snap = await col
        .findNearest({
          vectorField: 'embedding',
          queryVector: FieldValue.vector(query),
          limit: 100,
          distanceMeasure: measure,
          distanceThreshold: threshold,
        })
        .get();
      const want = expected(docs, vectors, measure, query, 100, { threshold });
      expect(want.length).toBe(4);
      expect(snap.docs.map((d) => d.id)).toEqual(want.map((w) => w.id));
    });
  }

  it('a where clause prefilters the documents searched', async () => {
    const snap = await col
      .where('color', '==', 'blue')
      .findNearest({ vectorField: 'embedding', queryVector: query, limit: 3, distanceMeasure: 'EUCLIDEAN' })
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(
      expected(docs, vectors, 'EUCLIDEAN', query, 3, { color: 'blue' }).map((w) => w.id),
    );
  });

  it('only documents whose vector has the query dimension are returned', async () => {
    const snap = await col
      .findNearest({ vectorField: 'embedding', queryVector: [0, 0], limit: 10, distanceMeasure: 'EUCLIDEAN' })
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(['two-d']);
  });

  it('searches a collection group, subcollections included', async () => {
    await db.doc('parents/p1/vector-search/sub').set({ embedding: FieldValue.vector(query), color: 'red' });
    const snap = await db
      .collectionGroup('vector-search')
      .findNearest({ vectorField: 'embedding', queryVector: query, limit: 3, distanceMeasure: 'EUCLIDEAN' })
      .get();
    // The copy of the query vector is at distance 0, then the top-level collection's closest.
    const want = ['sub', ...expected(docs, vectors, 'EUCLIDEAN', query, 2).map((w) => w.id)];
    expect(snap.docs.map((d) => d.id)).toEqual(want);
    expect(snap.docs[0].ref.path).toBe('parents/p1/vector-search/sub');
  });

  it.runIf(builtIn)('select keeps the distance result field (built-in emulator)', async () => {
    const snap = await col
      .select('color')
      .findNearest({
        vectorField: 'embedding',
        queryVector: query,
        limit: 2,
        distanceMeasure: 'DOT_PRODUCT',
        distanceResultField: 'score',
      })
      .get();
    const want = expected(docs, vectors, 'DOT_PRODUCT', query, 2);
    expect(snap.docs.map((d) => Object.keys(d.data()).sort())).toEqual([
      ['color', 'score'],
      ['color', 'score'],
    ]);
    snap.docs.forEach((d, i) => expect(d.get('score')).toBeCloseTo(want[i].d, 10));
  });

  it('a limit above 1000 is INVALID_ARGUMENT', async () => {
    const e = await expectCode(
      col.findNearest({ vectorField: 'embedding', queryVector: query, limit: 1001, distanceMeasure: 'COSINE' }).get(),
      Code.INVALID_ARGUMENT,
    );
    expect(e.message).toMatch(/limit must be a positive integer of no more than 1000/i);
  });

  it('an unknown distance measure is INVALID_ARGUMENT', async () => {
    const measure = 'CHEBYSHEV' as 'EUCLIDEAN';
    await expectCode(
      col.findNearest({ vectorField: 'embedding', queryVector: query, limit: 3, distanceMeasure: measure }).get(),
      Code.INVALID_ARGUMENT,
    );
  });
});

describe.skipIf(!builtIn)('findNearest against firestore.indexes.json (built-in emulator only)', () => {
  let server: CliServer;
  let dir: string;
  let idb: Firestore;
  const search = (q: Query, field = 'embedding', vector = [1, 0, 0]) =>
    q.findNearest({ vectorField: field, queryVector: vector, limit: 2, distanceMeasure: 'EUCLIDEAN' }).get();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fs-emu-vectors-'));
    const file = join(dir, 'firestore.indexes.json');
    const vectorField = { fieldPath: 'embedding', vectorConfig: { dimension: 3, flat: {} } };
    await writeFile(
      file,
      JSON.stringify({
        indexes: [
          { collectionGroup: 'items', queryScope: 'COLLECTION', fields: [vectorField] },
          {
            collectionGroup: 'items',
            queryScope: 'COLLECTION',
            fields: [{ fieldPath: 'color', order: 'ASCENDING' }, vectorField],
          },
        ],
        fieldOverrides: [],
      }),
    );
    server = await startCli(['--indexes', file]);
    idb = openDb(uniqueProjectId('vector-index'), { host: server.address });
    const batch = idb.batch();
    batch.set(idb.doc('items/a'), { embedding: FieldValue.vector([1, 0, 0]), color: 'red', size: 1 });
    batch.set(idb.doc('items/b'), { embedding: FieldValue.vector([0, 1, 0]), color: 'blue', size: 2 });
    batch.set(idb.doc('items/c'), { embedding: FieldValue.vector([0.9, 0.1, 0]), color: 'blue', size: 3 });
    await batch.commit();
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a declared vector index (with its prefilter fields) serves the search', async () => {
    expect(ids(await search(idb.collection('items')))).toEqual(['a', 'c']);
    expect(ids(await search(idb.collection('items').where('color', '==', 'blue')))).toEqual(['c', 'b']);
  });

  it('no vector index for the field or the prefilter is FAILED_PRECONDITION "missing vector index"', async () => {
    const e1 = await expectCode(search(idb.collection('items'), 'other'), Code.FAILED_PRECONDITION);
    expect(e1.message).toMatch(/missing vector index/i);
    const e2 = await expectCode(search(idb.collection('items').where('size', '==', 2)), Code.FAILED_PRECONDITION);
    expect(e2.message).toMatch(/missing vector index/i);
    await expectCode(search(idb.collection('others')), Code.FAILED_PRECONDITION);
  });

  it("a query vector of another dimension than the index's is INVALID_ARGUMENT", async () => {
    const e = await expectCode(search(idb.collection('items'), 'embedding', [1, 0]), Code.INVALID_ARGUMENT);
    expect(e.message).toMatch(/2 dimensions/);
  });
});
