// Queries through firebase-admin: operators, NaN, type order, orderBy/limit/offset, OR, cursors, select, groups.
import { FieldPath, Filter, GeoPoint, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('queries'));
const q = db.collection('q');

beforeAll(async () => {
  const batch = db.batch();
  batch.set(q.doc('i1'), { n: 1, s: 'a', tags: ['x', 'y'], cat: 'A', m: { x: 1 } });
  batch.set(q.doc('i2'), { n: 2, s: 'b', tags: ['y'], cat: 'B', m: { x: 2 } });
  batch.set(q.doc('i3'), { n: 3, s: 'c', tags: [], cat: 'A' });
  batch.set(q.doc('i4'), { n: 4, s: 'd', tags: ['z', 'x'], cat: 'B' });
  batch.set(q.doc('i5'), { s: 'e', cat: 'C' });
  batch.set(q.doc('i6'), { n: null, s: 'f', cat: 'A', tags: 'x' });
  batch.set(q.doc('i7'), { n: 2.5, s: 'g', cat: 'C', tags: ['x'] });
  batch.set(q.doc('i8'), { n: 'text', s: 'h', cat: 'B' });
  // A same-named collection elsewhere must never leak into `q` queries.
  batch.set(db.doc('other/p/q/i0'), { n: 1, cat: 'A' });
  await batch.commit();
});

describe('field filter operators', () => {
  it('== on a number', async () => {
    expect(ids(await q.where('n', '==', 2).get())).toEqual(['i2']);
  });

  it('== on a string value of a field that also holds numbers', async () => {
    expect(ids(await q.where('n', '==', 'text').get())).toEqual(['i8']);
  });

  it('a field named like an object member (constructor, toString) is missing unless the document has it', async () => {
    expect(ids(await q.where('constructor', '!=', 'x').get())).toEqual([]);
    expect(ids(await q.where('m.toString', '!=', 'x').get())).toEqual([]);
    expect((await q.orderBy('constructor').get()).size).toBe(0);
  });

  it('== on a nested field', async () => {
    expect(ids(await q.where('m.x', '==', 2).get())).toEqual(['i2']);
  });

  it('!= excludes the value, missing fields and null; includes other types; ordered by the field', async () => {
    expect(ids(await q.where('n', '!=', 2).get())).toEqual(['i1', 'i7', 'i3', 'i4', 'i8']);
  });

  it('< matches only values of the same type', async () => {
    expect(ids(await q.where('n', '<', 3).get())).toEqual(['i1', 'i2', 'i7']);
  });

  it('<=', async () => {
    expect(ids(await q.where('n', '<=', 3).get())).toEqual(['i1', 'i2', 'i7', 'i3']);
  });

  it('> does not match strings or null', async () => {
    expect(ids(await q.where('n', '>', 2).get())).toEqual(['i7', 'i3', 'i4']);
  });

  it('>=', async () => {
    expect(ids(await q.where('n', '>=', 2).get())).toEqual(['i2', 'i7', 'i3', 'i4']);
  });

  it('a range on one field with both bounds', async () => {
    expect(ids(await q.where('n', '>', 2).where('n', '<', 4).get())).toEqual(['i7', 'i3']);
  });

  it('a string range', async () => {
    expect(ids(await q.where('s', '>=', 'b').where('s', '<', 'e').get())).toEqual(['i2', 'i3', 'i4']);
  });

  it('in (equality: ordered by name)', async () => {
    expect(ids(await q.where('n', 'in', [4, 1, 'text']).get())).toEqual(['i1', 'i4', 'i8']);
  });

  it('in with 30 values', async () => {
    const values = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(ids(await q.where('n', 'in', values).get())).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('not-in excludes the values, missing fields and null; ordered by the field', async () => {
    expect(ids(await q.where('n', 'not-in', [1, 2]).get())).toEqual(['i7', 'i3', 'i4', 'i8']);
  });

  it('array-contains matches arrays only (not a scalar equal to the value)', async () => {
    expect(ids(await q.where('tags', 'array-contains', 'x').get())).toEqual(['i1', 'i4', 'i7']);
  });

  it('array-contains-any returns each matching document once', async () => {
    expect(ids(await q.where('tags', 'array-contains-any', ['y', 'z']).get())).toEqual(['i1', 'i2', 'i4']);
  });

  it('== null matches only null values (IS_NULL)', async () => {
    expect(ids(await q.where('n', '==', null).get())).toEqual(['i6']);
  });

  it('!= null matches every present, non-null value (IS_NOT_NULL), ordered by the field', async () => {
    expect(ids(await q.where('n', '!=', null).get())).toEqual(['i1', 'i2', 'i7', 'i3', 'i4', 'i8']);
  });

  it('equality and range on different fields', async () => {
    expect(ids(await q.where('cat', '==', 'A').where('n', '>', 1).get())).toEqual(['i3']);
  });

  it('several equality filters', async () => {
    expect(ids(await q.where('cat', '==', 'B').where('s', '==', 'd').get())).toEqual(['i4']);
  });

  it('a query on a collection sees only that collection, not same-named collections elsewhere', async () => {
    expect(ids(await q.where('cat', '==', 'A').get())).toEqual(['i1', 'i3', 'i6']);
  });

  it('a query with no filter returns the whole collection ordered by name', async () => {
    expect(ids(await q.get())).toEqual(['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8']);
  });
});

describe('NaN', () => {
  const nan = db.collection('nan');
  beforeAll(async () => {
    await nan.doc('a').set({ v: NaN });
    await nan.doc('b').set({ v: 1 });
    await nan.doc('c').set({ v: 's' });
    await nan.doc('d').set({ other: 1 });
  });

  it('== NaN matches NaN (IS_NAN)', async () => {
    const snap = await nan.where('v', '==', NaN).get();
    expect(ids(snap)).toEqual(['a']);
    expect(snap.docs[0].get('v')).toBeNaN();
  });

  it('!= NaN matches present non-NaN values (IS_NOT_NAN)', async () => {
    expect(ids(await nan.where('v', '!=', NaN).get())).toEqual(['b', 'c']);
  });
});

describe('ordering across value types', () => {
  const mixed = db.collection('mixed');
  // In Firestore's order. Ids are assigned in reverse so that name order never coincides with value order.
  const ordered: unknown[] = [
    null,
    false,
    true,
    NaN,
    -Infinity,
    -5,
    0,
    0.5,
    1,
    Infinity,
    new Timestamp(1, 0),
    new Timestamp(2, 1000),
    'A',
    'a',
    'ab',
    '\uFFFD', // below U+FFFF: UTF-8 order puts it before the emoji, UTF-16 order would not
    '😀',
    Buffer.from([0]),
    Buffer.from([1, 2]),
    db.doc('a/a'),
    db.doc('a/b'),
    db.doc('a/b/c/d'),
    db.doc('b/a'),
    new GeoPoint(1, 2),
    new GeoPoint(1, 3),
    new GeoPoint(2, 0),
    [1],
    [1, 2],
    [2],
    { a: 1 },
    { a: 2 },
    { a: 2, b: 0 },
    { b: 0 },
  ];
  const idOf = (i: number) => `v${String(ordered.length - i).padStart(2, '0')}`;
  const expected = ordered.map((_, i) => idOf(i));

  beforeAll(async () => {
    const batch = db.batch();
    ordered.forEach((v, i) => batch.set(mixed.doc(idOf(i)), { v }));
    batch.set(mixed.doc('no-field'), { w: 1 });
    await batch.commit();
  });

  it('orderBy asc follows null < bool < NaN < numbers < timestamps < strings < bytes < refs < geo < arrays < maps', async () => {
    expect(ids(await mixed.orderBy('v').get())).toEqual(expected);
  });

  it('orderBy desc is the exact reverse', async () => {
    expect(ids(await mixed.orderBy('v', 'desc').get())).toEqual([...expected].reverse());
  });

  it('a range filter is bounded to its value type (strings)', async () => {
    const snap = await mixed.where('v', '>=', '').get();
    expect(snap.docs.map((d) => d.get('v'))).toEqual(['A', 'a', 'ab', '\uFFFD', '😀']);
  });

  it('a range filter is bounded to its value type (timestamps)', async () => {
    expect((await mixed.where('v', '>', new Timestamp(0, 0)).get()).size).toBe(2);
  });

  it('integers and doubles compare numerically', async () => {
    const snap = await mixed.where('v', '>', -1).where('v', '<', 1).get();
    expect(snap.docs.map((d) => d.get('v'))).toEqual([0, 0.5]);
  });
});

describe('orderBy, limit, offset', () => {
  const ord = db.collection('ord');
  beforeAll(async () => {
    const batch = db.batch();
    batch.set(ord.doc('o1'), { n: 2, k: 'b' });
    batch.set(ord.doc('o2'), { n: 1, k: 'b' });
    batch.set(ord.doc('o3'), { n: 2, k: 'a' });
    batch.set(ord.doc('o4'), { n: 3, k: 'a' });
    batch.set(ord.doc('o5'), { k: 'c' });
    batch.set(ord.doc('o6'), { n: 1, k: 'a' });
    await batch.commit();
  });

  it('orderBy asc breaks ties by name and excludes documents missing the field', async () => {
    expect(ids(await ord.orderBy('n').get())).toEqual(['o2', 'o6', 'o1', 'o3', 'o4']);
  });

  it('orderBy desc breaks ties by name descending', async () => {
    expect(ids(await ord.orderBy('n', 'desc').get())).toEqual(['o4', 'o3', 'o1', 'o6', 'o2']);
  });

  it('an explicit documentId order overrides the implicit one', async () => {
    const snap = await ord.orderBy('n').orderBy(FieldPath.documentId(), 'desc').get();
    expect(ids(snap)).toEqual(['o6', 'o2', 'o3', 'o1', 'o4']);
  });

  it('two orderBy fields (documents need both)', async () => {
    expect(ids(await ord.orderBy('k').orderBy('n', 'desc').get())).toEqual(['o4', 'o3', 'o6', 'o1', 'o2']);
  });

  it('limit', async () => {
    expect(ids(await ord.orderBy('n').limit(3).get())).toEqual(['o2', 'o6', 'o1']);
  });

  it('offset with limit', async () => {
    expect(ids(await ord.orderBy('n').offset(1).limit(2).get())).toEqual(['o6', 'o1']);
  });

  it('offset past the end gives nothing', async () => {
    expect((await ord.offset(100).get()).size).toBe(0);
  });

  it('limitToLast returns the last documents in query order', async () => {
    expect(ids(await ord.orderBy('n').limitToLast(2).get())).toEqual(['o3', 'o4']);
  });

  it('limitToLast with a descending order', async () => {
    expect(ids(await ord.orderBy('n', 'desc').limitToLast(3).get())).toEqual(['o1', 'o6', 'o2']);
  });

  it('limitToLast with a cursor', async () => {
    expect(ids(await ord.orderBy('n').endBefore(3).limitToLast(2).get())).toEqual(['o1', 'o3']);
  });

  it('inequality with orderBy desc on the same field', async () => {
    expect(ids(await ord.where('n', '>', 1).orderBy('n', 'desc').get())).toEqual(['o4', 'o3', 'o1']);
  });
});

describe('inequalities on several fields', () => {
  const m = db.collection('multi');
  beforeAll(async () => {
    const batch = db.batch();
    batch.set(m.doc('m1'), { a: 1, b: 1 });
    batch.set(m.doc('m2'), { a: 3, b: 1 });
    batch.set(m.doc('m3'), { a: 2, b: 1 });
    batch.set(m.doc('m4'), { a: 5, b: 2 });
    batch.set(m.doc('m5'), { a: 0, b: 9 });
    batch.set(m.doc('m6'), { a: 1, b: 0 });
    await batch.commit();
  });

  it('two inequality fields are ordered implicitly by those fields in name order', async () => {
    expect(ids(await m.where('b', '<', 5).where('a', '>', 0).get())).toEqual(['m6', 'm1', 'm3', 'm2', 'm4']);
  });

  it('an inequality field missing from orderBy is appended with the last direction', async () => {
    // ORDER BY b DESC becomes ORDER BY b DESC, a DESC, __name__ DESC.
    expect(ids(await m.where('a', '>', 0).orderBy('b', 'desc').get())).toEqual(['m4', 'm2', 'm3', 'm1', 'm6']);
  });
});

describe('composite filters', () => {
  it('Filter.or of equalities', async () => {
    expect(ids(await q.where(Filter.or(Filter.where('cat', '==', 'C'), Filter.where('s', '==', 'b'))).get())).toEqual([
      'i2',
      'i5',
      'i7',
    ]);
  });

  it('Filter.or with a range', async () => {
    expect(ids(await q.where(Filter.or(Filter.where('s', '==', 'b'), Filter.where('n', '>', 3))).get())).toEqual([
      'i2',
      'i4',
    ]);
  });

  it('Filter.or of Filter.and (nested)', async () => {
    const filter = Filter.or(
      Filter.and(Filter.where('cat', '==', 'A'), Filter.where('tags', 'array-contains', 'x')),
      Filter.and(Filter.where('cat', '==', 'B'), Filter.where('n', '==', 4)),
    );
    expect(ids(await q.where(filter).get())).toEqual(['i1', 'i4']);
  });

  it('Filter.and containing a Filter.or', async () => {
    const filter = Filter.and(
      Filter.where('cat', 'in', ['A', 'B']),
      Filter.or(Filter.where('s', '==', 'a'), Filter.where('s', '==', 'h'), Filter.where('s', '==', 'e')),
    );
    expect(ids(await q.where(filter).get())).toEqual(['i1', 'i8']);
  });

  it('Filter.and of one filter equals that filter', async () => {
    expect(ids(await q.where(Filter.and(Filter.where('n', '==', 3))).get())).toEqual(['i3']);
  });
});

describe('cursors', () => {
  const cur = db.collection('cur');
  let snaps: Record<string, QueryDocumentSnapshot> = {};
  beforeAll(async () => {
    const values: Record<string, number> = { c1: 10, c2: 20, c3: 20, c4: 30, c5: 40, c6: 50 };
    const batch = db.batch();
    for (const [id, n] of Object.entries(values)) batch.set(cur.doc(id), { n });
    await batch.commit();
    snaps = Object.fromEntries((await cur.get()).docs.map((d) => [d.id, d]));
  });

  it('startAt a value', async () => {
    expect(ids(await cur.orderBy('n').startAt(20).get())).toEqual(['c2', 'c3', 'c4', 'c5', 'c6']);
  });

  it('startAfter a value skips every document with that value', async () => {
    expect(ids(await cur.orderBy('n').startAfter(20).get())).toEqual(['c4', 'c5', 'c6']);
  });

  it('endAt a value', async () => {
    expect(ids(await cur.orderBy('n').endAt(30).get())).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('endBefore a value', async () => {
    expect(ids(await cur.orderBy('n').endBefore(30).get())).toEqual(['c1', 'c2', 'c3']);
  });

  it('startAt and endBefore together', async () => {
    expect(ids(await cur.orderBy('n').startAt(20).endBefore(40).get())).toEqual(['c2', 'c3', 'c4']);
  });

  it('a cursor value between stored values', async () => {
    expect(ids(await cur.orderBy('n').startAt(25).get())).toEqual(['c4', 'c5', 'c6']);
  });

  it('startAfter a DocumentSnapshot uses its field value and name', async () => {
    expect(ids(await cur.orderBy('n').startAfter(snaps.c2).get())).toEqual(['c3', 'c4', 'c5', 'c6']);
  });

  it('startAt a DocumentSnapshot includes it', async () => {
    expect(ids(await cur.orderBy('n').startAt(snaps.c3).get())).toEqual(['c3', 'c4', 'c5', 'c6']);
  });

  it('endBefore a DocumentSnapshot', async () => {
    expect(ids(await cur.orderBy('n').endBefore(snaps.c3).get())).toEqual(['c1', 'c2']);
  });

  it('endAt a DocumentSnapshot', async () => {
    expect(ids(await cur.orderBy('n').endAt(snaps.c2).get())).toEqual(['c1', 'c2']);
  });

  it('a DocumentSnapshot cursor without orderBy orders by name', async () => {
    expect(ids(await cur.startAfter(snaps.c4).get())).toEqual(['c5', 'c6']);
  });

  it('a two-value cursor (field, document id)', async () => {
    const snap = await cur.orderBy('n').orderBy(FieldPath.documentId()).startAfter(20, 'c2').get();
    expect(ids(snap)).toEqual(['c3', 'c4', 'c5', 'c6']);
  });

  it('a cursor on a descending order', async () => {
    expect(ids(await cur.orderBy('n', 'desc').startAt(30).get())).toEqual(['c4', 'c3', 'c2', 'c1']);
  });

  it('a cursor with limit (pagination)', async () => {
    const page1 = await cur.orderBy('n').limit(2).get();
    const page2 = await cur
      .orderBy('n')
      .startAfter(page1.docs[page1.size - 1])
      .limit(2)
      .get();
    const page3 = await cur
      .orderBy('n')
      .startAfter(page2.docs[page2.size - 1])
      .limit(2)
      .get();
    expect([ids(page1), ids(page2), ids(page3)]).toEqual([
      ['c1', 'c2'],
      ['c3', 'c4'],
      ['c5', 'c6'],
    ]);
  });

  it('a cursor with more values than orderBy clauses is rejected by the SDK', () => {
    expect(() => cur.orderBy('n').startAt(20, 'c2', 'extra')).toThrow(/Too many cursor values/);
  });
});

describe('select()', () => {
  it('returns only the selected fields, nested ones included', async () => {
    const snap = await q.where('cat', '==', 'A').select('s', 'm.x').get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([
      ['i1', { s: 'a', m: { x: 1 } }],
      ['i3', { s: 'c' }],
      ['i6', { s: 'f' }],
    ]);
  });

  it('select() with no fields returns existing documents with no data', async () => {
    const snap = await q.where('cat', '==', 'B').select().get();
    expect(ids(snap)).toEqual(['i2', 'i4', 'i8']);
    expect(snap.docs.every((d) => d.exists && Object.keys(d.data()).length === 0)).toBe(true);
  });

  it('select with orderBy and limit', async () => {
    const snap = await q.orderBy('s', 'desc').select('s').limit(2).get();
    expect(snap.docs.map((d) => d.data())).toEqual([{ s: 'h' }, { s: 'g' }]);
  });
});

describe('FieldPath.documentId()', () => {
  it('== a document id', async () => {
    expect(ids(await q.where(FieldPath.documentId(), '==', 'i3').get())).toEqual(['i3']);
  });

  it('in a list of ids (missing ids ignored)', async () => {
    expect(ids(await q.where(FieldPath.documentId(), 'in', ['i5', 'i1', 'nope']).get())).toEqual(['i1', 'i5']);
  });

  it('a range on document ids', async () => {
    expect(ids(await q.where(FieldPath.documentId(), '>=', 'i6').get())).toEqual(['i6', 'i7', 'i8']);
  });

  it('not-in on document ids', async () => {
    const snap = await q.where(FieldPath.documentId(), 'not-in', ['i1', 'i2', 'i3', 'i4', 'i5']).get();
    expect(ids(snap)).toEqual(['i6', 'i7', 'i8']);
  });

  it('orderBy documentId desc with limit', async () => {
    expect(ids(await q.orderBy(FieldPath.documentId(), 'desc').limit(2).get())).toEqual(['i8', 'i7']);
  });
});

describe('collection group queries', () => {
  const group = 'items';
  beforeAll(async () => {
    const batch = db.batch();
    batch.set(db.doc('a/1/items/x'), { v: 1 });
    batch.set(db.doc('a/2/items/x'), { v: 2 });
    batch.set(db.doc('b/1/items/y'), { v: 3 });
    batch.set(db.doc('items/top'), { v: 4 });
    batch.set(db.doc('a/1/items/x/items/deep'), { v: 5 });
    batch.set(db.doc('a/1/other/z'), { v: 6 });
    batch.set(db.doc('a/1/itemsx/w'), { v: 7 });
    await batch.commit();
  });

  it('returns documents of every collection with that id, at any depth, ordered by full path', async () => {
    const snap = await db.collectionGroup(group).get();
    expect(snap.docs.map((d) => d.ref.path)).toEqual([
      'a/1/items/x',
      'a/1/items/x/items/deep',
      'a/2/items/x',
      'b/1/items/y',
      'items/top',
    ]);
  });

  it('keeps documents with the same id under different parents apart', async () => {
    const snap = await db.collectionGroup(group).where('v', '<=', 2).get();
    expect(snap.docs.map((d) => [d.id, d.ref.parent.parent!.path, d.get('v')])).toEqual([
      ['x', 'a/1', 1],
      ['x', 'a/2', 2],
    ]);
  });

  it('with a filter and orderBy desc', async () => {
    const snap = await db.collectionGroup(group).where('v', '>=', 3).orderBy('v', 'desc').get();
    expect(snap.docs.map((d) => d.ref.path)).toEqual(['a/1/items/x/items/deep', 'items/top', 'b/1/items/y']);
  });

  it('restricted to one parent with a documentId range', async () => {
    const snap = await db
      .collectionGroup(group)
      .where(FieldPath.documentId(), '>=', 'a/1')
      .where(FieldPath.documentId(), '<', 'a/1\uf8ff')
      .get();
    expect(snap.docs.map((d) => d.ref.path)).toEqual(['a/1/items/x', 'a/1/items/x/items/deep']);
  });

  it('count over a collection group', async () => {
    expect((await db.collectionGroup(group).count().get()).data().count).toBe(5);
  });
});

describe('stream()', () => {
  it('streams the same documents as get()', async () => {
    const streamed: string[] = [];
    for await (const doc of q.where('cat', '==', 'B').stream()) {
      streamed.push((doc as unknown as QueryDocumentSnapshot).id);
    }
    expect(streamed).toEqual(['i2', 'i4', 'i8']);
  });
});

describe('invalid queries', () => {
  it('in with 31 values fails INVALID_ARGUMENT', async () => {
    const values = Array.from({ length: 31 }, (_, i) => i);
    await expectCode(q.where('n', 'in', values).get(), Code.INVALID_ARGUMENT);
  });

  it('more than 30 disjunctions fails INVALID_ARGUMENT', async () => {
    const filters = Array.from({ length: 31 }, (_, i) => Filter.where('n', '==', i));
    await expectCode(q.where(Filter.or(...filters)).get(), Code.INVALID_ARGUMENT);
  });

  it('in and not-in in one query fail INVALID_ARGUMENT', async () => {
    await expectCode(q.where('cat', 'in', ['A']).where('n', 'not-in', [1]).get(), Code.INVALID_ARGUMENT);
  });

  it('two not-in filters fail INVALID_ARGUMENT', async () => {
    await expectCode(q.where('cat', 'not-in', ['A']).where('n', 'not-in', [1]).get(), Code.INVALID_ARGUMENT);
  });

  it('the server still answers after rejected queries', async () => {
    expect(ids(await q.where('n', '==', 1).get())).toEqual(['i1']);
  });
});
