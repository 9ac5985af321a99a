// count(), sum() and average() through firebase-admin: filters, limits, cursors, numeric types, transactions.
import { AggregateField } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, uniqueProjectId } from './helpers';

const projectId = uniqueProjectId('aggregations');
const db = openDb(projectId);
// useBigInt decodes integers as bigint and doubles as number: it shows whether a sum came back as an integer.
const bigDb = openDb(projectId, { settings: { useBigInt: true } });
const col = db.collection('agg');
const bigCol = bigDb.collection('agg');

beforeAll(async () => {
  const batch = db.batch();
  batch.set(col.doc('a'), { kind: 'int', n: 1, d: 0.5, g: 'x' });
  batch.set(col.doc('b'), { kind: 'int', n: 2, d: 1.25, g: 'x' });
  batch.set(col.doc('c'), { kind: 'int', n: 3, d: 2, g: 'y' });
  batch.set(col.doc('e'), { kind: 'other', n: 'not a number', d: null, g: 'y' });
  batch.set(col.doc('f'), { kind: 'other', g: 'z' });
  batch.set(col.doc('h'), { kind: 'big', n: 9223372036854775807n, g: 'z' });
  batch.set(col.doc('i'), { kind: 'big', n: 10, g: 'z' });
  await batch.commit();
});

describe('count', () => {
  it('counts the whole collection', async () => {
    expect((await col.count().get()).data().count).toBe(7);
  });

  it('counts over a filter', async () => {
    expect((await col.where('g', '==', 'y').count().get()).data().count).toBe(2);
  });

  it('counts with a limit on the underlying query', async () => {
    expect((await col.limit(4).count().get()).data().count).toBe(4);
    expect((await col.where('g', '==', 'z').limit(10).count().get()).data().count).toBe(3);
  });

  it('counts with an offset', async () => {
    expect((await col.offset(5).count().get()).data().count).toBe(2);
  });

  it('count of an empty set is 0', async () => {
    expect((await col.where('g', '==', 'none').count().get()).data().count).toBe(0);
    expect((await db.collection('does-not-exist').count().get()).data().count).toBe(0);
  });

  it('count is an integer', async () => {
    expect((await bigCol.where('kind', '==', 'int').count().get()).data().count).toBe(3n);
  });

  it('count with an orderBy excludes documents missing the field', async () => {
    expect((await col.orderBy('n').count().get()).data().count).toBe(6);
  });

  it('count with a cursor', async () => {
    expect((await col.orderBy('g').startAfter('x').count().get()).data().count).toBe(5);
  });
});

describe('sum and average', () => {
  it('sum of integers is an integer', async () => {
    const snap = await bigCol
      .where('kind', '==', 'int')
      .aggregate({ s: AggregateField.sum('n') })
      .get();
    expect(snap.data().s).toBe(6n);
  });

  it('sum of doubles is a double', async () => {
    const snap = await bigCol
      .where('kind', '==', 'int')
      .aggregate({ s: AggregateField.sum('d') })
      .get();
    expect(snap.data().s).toBe(3.75);
  });

  it('integer values alone sum to an integer; non-numeric values are ignored', async () => {
    // g == 'y': d is 2 (integer) and null; n is 3 and a string.
    const snap = await bigCol
      .where('g', '==', 'y')
      .aggregate({ s: AggregateField.sum('d'), t: AggregateField.sum('n') })
      .get();
    expect(snap.data()).toEqual({ s: 2n, t: 3n });
  });

  it('integers and doubles sum to a double, even when the total is integral', async () => {
    const mix = bigDb.collection('mix');
    await mix.doc('one').set({ v: 1 });
    await mix.doc('half-a').set({ v: 0.5 });
    await mix.doc('half-b').set({ v: 0.5 });
    const snap = await mix.aggregate({ s: AggregateField.sum('v') }).get();
    expect(typeof snap.data().s).toBe('number');
    expect(snap.data().s).toBe(2);
  });

  it('an integer sum that overflows 64 bits becomes a double', async () => {
    const snap = await bigCol
      .where('kind', '==', 'big')
      .aggregate({ s: AggregateField.sum('n') })
      .get();
    expect(typeof snap.data().s).toBe('number');
    expect(snap.data().s).toBe(Number(9223372036854775807n + 10n));
  });

  it('average is always a double', async () => {
    const snap = await bigCol
      .where('kind', '==', 'int')
      .aggregate({ a: AggregateField.average('n') })
      .get();
    expect(snap.data().a).toBe(2);
    expect(typeof snap.data().a).toBe('number');
  });

  it('average of doubles', async () => {
    const snap = await col
      .where('kind', '==', 'int')
      .aggregate({ a: AggregateField.average('d') })
      .get();
    expect(snap.data().a).toBeCloseTo(3.75 / 3, 12);
  });

  it('sum and average ignore non-numeric and missing values', async () => {
    const snap = await col
      .where('kind', 'in', ['int', 'other'])
      .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n'), c: AggregateField.count() })
      .get();
    expect(snap.data()).toEqual({ s: 6, a: 2, c: 5 });
  });

  it('on an empty set: count 0, sum 0, average null', async () => {
    const snap = await col
      .where('g', '==', 'none')
      .aggregate({ c: AggregateField.count(), s: AggregateField.sum('n'), a: AggregateField.average('n') })
      .get();
    expect(snap.data()).toEqual({ c: 0, s: 0, a: null });
  });

  it('on a set with no numeric values: sum 0, average null', async () => {
    const snap = await col
      .where('kind', '==', 'other')
      .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n') })
      .get();
    expect(snap.data()).toEqual({ s: 0, a: null });
  });

  it('several aggregations with aliases in one query', async () => {
    const snap = await col
      .where('kind', '==', 'int')
      .aggregate({
        total: AggregateField.count(),
        sumN: AggregateField.sum('n'),
        avgN: AggregateField.average('n'),
        sumD: AggregateField.sum('d'),
      })
      .get();
    expect(snap.data()).toEqual({ total: 3, sumN: 6, avgN: 2, sumD: 3.75 });
  });

  it('sum with a limit applies to the limited documents', async () => {
    const snap = await col
      .where('kind', '==', 'int')
      .orderBy('n', 'desc')
      .limit(2)
      .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n') })
      .get();
    expect(snap.data()).toEqual({ s: 5, a: 2.5 });
  });

  it('aggregations inside a transaction', async () => {
    const result = await db.runTransaction(async (tx) => {
      const snap = await tx.get(
        col.where('g', '==', 'x').aggregate({ c: AggregateField.count(), s: AggregateField.sum('n') }),
      );
      return snap.data();
    });
    expect(result).toEqual({ c: 2, s: 3 });
  });

  it('the snapshot has a read time', async () => {
    const snap = await col.count().get();
    expect(snap.readTime.toMillis()).toBeGreaterThan(0);
  });
});
