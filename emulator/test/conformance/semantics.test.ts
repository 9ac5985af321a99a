// Firestore semantics through firebase-admin: not-in and != with null, numeric ids, reads at a past readTime,
// aggregations over several fields, and the results of deletes.
import { AggregateField, FieldPath, Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('semantics'));

/** A timestamp `micros` microseconds after `t` (negative: before). */
function shift(t: Timestamp, micros: number): Timestamp {
  // Seconds and nanoseconds apart: their sum in nanoseconds is beyond a double's exact integers.
  const nanos = t.nanoseconds + micros * 1000;
  const carry = Math.floor(nanos / 1e9);
  return new Timestamp(t.seconds + carry, nanos - carry * 1e9);
}

describe('not-in and != with null', () => {
  const col = db.collection('nulls');
  const data: Record<string, DocumentData> = {
    one: { v: 1 },
    two: { v: 2 },
    str: { v: 'a' },
    nul: { v: null },
    missing: { other: true },
  };

  beforeAll(async () => {
    const batch = db.batch();
    for (const [id, d] of Object.entries(data)) batch.set(col.doc(id), d);
    await batch.commit();
  });

  /** Ids whose `v` exists, is not null, and passes `keep`, sorted as the query orders them (by v, then id). */
  function expected(keep: (v: unknown) => boolean): string[] {
    return Object.entries(data)
      .filter(([, d]) => 'v' in d && d.v !== null && keep(d.v))
      .sort(([a, x], [b, y]) => {
        const rank = (v: unknown) => (typeof v === 'number' ? 0 : 1);
        return rank(x.v) - rank(y.v) || (x.v < y.v ? -1 : x.v > y.v ? 1 : 0) || (a < b ? -1 : 1);
      })
      .map(([id]) => id);
  }

  it('not-in [null] matches no document', async () => {
    expect(ids(await col.where('v', 'not-in', [null]).get())).toEqual([]);
  });

  it('not-in a list that holds null among other values matches no document', async () => {
    expect(ids(await col.where('v', 'not-in', [1, null]).get())).toEqual([]);
    expect((await col.where('v', 'not-in', ['a', null]).count().get()).data().count).toBe(0);
  });

  it('not-in without null excludes the values, null and documents missing the field', async () => {
    const snap = await col.where('v', 'not-in', [1]).get();
    expect(ids(snap)).toEqual(expected((v) => v !== 1));
  });

  it('!= null matches the documents whose field exists and is not null', async () => {
    expect(ids(await col.where('v', '!=', null).get())).toEqual(expected(() => true));
  });
});

describe('numeric document ids (__id<n>__)', () => {
  const col = db.collection('numeric-ids');
  const docIds = ['__id10__', '__id7__', '__id-3__', '__id0__', 'a', 'B', '_x', '__idx'];

  /** Firestore's order of ids: numeric ids first, by number; then the others by their UTF-8 bytes. */
  function compareIds(a: string, b: string): number {
    const num = (s: string) => /^__id(-?\d+)__$/.exec(s)?.[1];
    const na = num(a);
    const nb = num(b);
    if (na !== undefined && nb !== undefined) return Number(na) - Number(nb);
    if (na !== undefined || nb !== undefined) return na !== undefined ? -1 : 1;
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }

  beforeAll(async () => {
    const batch = db.batch();
    docIds.forEach((id, i) => batch.set(col.doc(id), { i, same: 1 }));
    await batch.commit();
  });

  it('a numeric id is accepted and read back', async () => {
    const snap = await col.doc('__id7__').get();
    expect(snap.exists).toBe(true);
    expect(snap.get('i')).toBe(docIds.indexOf('__id7__'));
    expect(snap.id).toBe('__id7__');
  });

  it('other reserved ids (__...__) stay refused', async () => {
    await expectCode(col.doc('__idx__').set({ a: 1 }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('__id__').set({ a: 1 }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('__name7__').set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('numeric ids sort first, by number, in queries', async () => {
    const sorted = [...docIds].sort(compareIds);
    expect(ids(await col.get())).toEqual(sorted);
    expect(ids(await col.orderBy(FieldPath.documentId()).limit(3).get())).toEqual(sorted.slice(0, 3));
    expect(ids(await col.orderBy(FieldPath.documentId(), 'desc').get())).toEqual([...sorted].reverse());
    // Ties on a field are broken by the id in the same order.
    expect(ids(await col.where('same', '==', 1).orderBy('same').get())).toEqual(sorted);
  });

  it('cursors on a numeric id', async () => {
    const sorted = [...docIds].sort(compareIds);
    const after = sorted.indexOf('__id7__');
    const snap = await col.orderBy(FieldPath.documentId()).startAfter('__id7__').get();
    expect(ids(snap)).toEqual(sorted.slice(after + 1));
  });
});

describe('reads at a past readTime (read-only transactions)', () => {
  const col = db.collection('past');

  /** Runs `fn` in a read-only transaction reading at `readTime`. */
  function at<T>(readTime: Timestamp, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.runTransaction(fn, { readOnly: true, readTime });
  }

  it('a document read at each of its write times sees that version, and before its creation nothing', async () => {
    const ref = col.doc('versions');
    const created = (await ref.set({ v: 1 })).writeTime;
    const updated = (await ref.set({ v: 2 })).writeTime;
    const deleted = (await ref.delete()).writeTime;
    const recreated = (await ref.set({ v: 3 })).writeTime;
    const read = (t: Timestamp) => at(t, (tx) => tx.get(ref));
    expect((await read(shift(created, -1))).exists).toBe(false);
    expect((await read(created)).get('v')).toBe(1);
    expect((await read(shift(updated, -1))).get('v')).toBe(1);
    expect((await read(updated)).get('v')).toBe(2);
    expect((await read(deleted)).exists).toBe(false);
    const again = await read(recreated);
    expect(again.get('v')).toBe(3);
    expect(again.createTime!.isEqual(recreated)).toBe(true);
    const old = await read(updated);
    expect(old.createTime!.isEqual(created)).toBe(true);
    expect(old.updateTime!.isEqual(updated)).toBe(true);
    expect(old.readTime.isEqual(updated)).toBe(true);
    expect((await ref.get()).get('v')).toBe(3);
  });

  it('getAll, queries and aggregations see the data as of the readTime', async () => {
    const q = col.where('group', '==', 'g');
    const before: Record<string, number> = { a: 1, b: 2, c: 3 };
    const batch = db.batch();
    for (const [id, n] of Object.entries(before)) batch.set(col.doc(id), { group: 'g', n });
    const [written] = await batch.commit();
    const then = written.writeTime;
    // Changes after `then`: b updated, c deleted, d added, a moved out of the group.
    await col.doc('b').update({ n: 20 });
    await col.doc('c').delete();
    await col.doc('d').set({ group: 'g', n: 4 });
    await col.doc('a').update({ group: 'h' });

    const snaps = await at(then, (tx) => tx.getAll(col.doc('a'), col.doc('b'), col.doc('c'), col.doc('d')));
    expect(snaps.map((s) => (s.exists ? s.get('n') : null))).toEqual([1, 2, 3, null]);

    const pastQuery = await at(then, (tx) => tx.get(q.orderBy('n', 'desc')));
    expect(ids(pastQuery)).toEqual(Object.keys(before).sort((x, y) => before[y] - before[x]));
    expect(pastQuery.readTime.isEqual(then)).toBe(true);
    const filtered = await at(then, (tx) => tx.get(q.where('n', '>=', 2)));
    expect(ids(filtered)).toEqual(Object.keys(before).filter((id) => before[id] >= 2));

    const total = Object.values(before).reduce((s, n) => s + n, 0);
    const agg = await at(then, (tx) =>
      tx.get(q.aggregate({ c: AggregateField.count(), s: AggregateField.sum('n'), a: AggregateField.average('n') })),
    );
    expect(agg.data()).toEqual({ c: 3, s: total, a: total / 3 });
    expect((await at(then, (tx) => tx.get(q.count()))).data().count).toBe(3);

    // The current data is unchanged by those reads.
    expect(ids(await q.orderBy('n').get())).toEqual(['d', 'b']);
    expect((await q.count().get()).data().count).toBe(2);
  });

  it('a collection group query at a past readTime', async () => {
    const sub = col.doc('parent').collection('kids');
    const t = (await sub.doc('k1').set({ n: 1 })).writeTime;
    await sub.doc('k1').delete();
    await sub.doc('k2').set({ n: 2 });
    const snap = await at(t, (tx) => tx.get(db.collectionGroup('kids')));
    expect(ids(snap)).toEqual(['k1']);
    expect(ids(await db.collectionGroup('kids').get())).toEqual(['k2']);
  });

  it('a readTime more than one hour old fails FAILED_PRECONDITION', async () => {
    const old = Timestamp.fromMillis(Date.now() - 61 * 60 * 1000);
    await expectCode(
      at(old, (tx) => tx.get(col.doc('a'))),
      Code.FAILED_PRECONDITION,
    );
  });

  it.runIf(inject('builtInEmulator'))('a readTime in the future fails INVALID_ARGUMENT', async () => {
    const future = Timestamp.fromMillis(Date.now() + 60 * 60 * 1000);
    await expectCode(
      at(future, (tx) => tx.get(col.doc('a'))),
      Code.INVALID_ARGUMENT,
    );
  });
});

describe('aggregations over several fields', () => {
  const col = db.collection('multi-agg');
  const data: Record<string, DocumentData> = {
    both: { x: 1, y: 2 },
    both2: { x: 5, y: 8 },
    onlyX: { x: 3 },
    onlyY: { y: 4 },
    odd: { x: 'text', y: null },
    none: { z: 1 },
  };

  beforeAll(async () => {
    const batch = db.batch();
    for (const [id, d] of Object.entries(data)) batch.set(col.doc(id), d);
    await batch.commit();
  });

  it('sum, average and count cover only the documents having every aggregated field', async () => {
    const having = Object.values(data).filter((d) => 'x' in d && 'y' in d);
    const xs = having.map((d) => d.x).filter((v): v is number => typeof v === 'number');
    const ys = having.map((d) => d.y).filter((v): v is number => typeof v === 'number');
    const snap = await col
      .aggregate({ s: AggregateField.sum('x'), a: AggregateField.average('y'), c: AggregateField.count() })
      .get();
    expect(snap.data()).toEqual({
      s: xs.reduce((t, v) => t + v, 0),
      a: ys.reduce((t, v) => t + v, 0) / ys.length,
      c: having.length,
    });
  });

  it('an aggregation over one field still sums every document having it', async () => {
    const xs = Object.values(data)
      .map((d) => d.x)
      .filter((v): v is number => typeof v === 'number');
    const snap = await col.aggregate({ s: AggregateField.sum('x'), a: AggregateField.average('x') }).get();
    expect(snap.data()).toEqual({ s: xs.reduce((t, v) => t + v, 0), a: xs.reduce((t, v) => t + v, 0) / xs.length });
  });
});

describe('the result of a delete', () => {
  const col = db.collection('delete-results');

  it('a BulkWriter delete reports no write time', async () => {
    await col.doc('gone').set({ v: 1 });
    const writer = db.bulkWriter();
    const deleted = writer.delete(col.doc('gone'));
    const written = writer.set(col.doc('kept'), { v: 1 });
    await writer.close();
    // The SDK reports a result without update time as the epoch.
    expect((await deleted).writeTime.isEqual(Timestamp.fromMillis(0))).toBe(true);
    expect((await written).writeTime.toMillis()).toBeGreaterThan(0);
    expect((await col.doc('gone').get()).exists).toBe(false);
  });

  it('a delete in a batch reports the commit time, as every write of the batch', async () => {
    await col.doc('gone2').set({ v: 1 });
    const [del, set] = await db.batch().delete(col.doc('gone2')).set(col.doc('kept2'), { v: 2 }).commit();
    expect(del.writeTime.isEqual(set.writeTime)).toBe(true);
  });
});
