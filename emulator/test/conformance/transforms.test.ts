// Field transforms through firebase-admin: serverTimestamp, increment, arrayUnion, arrayRemove, and combinations.
// firebase-admin 13 exposes serverTimestamp, increment, arrayUnion and arrayRemove. The wire API's `maximum` and
// `minimum` transforms have no public firebase-admin API, so this suite cannot reach them.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { Code, expectCode, openDb, uniqueProjectId } from './helpers';

const projectId = uniqueProjectId('transforms');
const db = openDb(projectId);
// With useBigInt the SDK decodes integers as bigint and doubles as number, which shows the stored type.
const bigDb = openDb(projectId, { settings: { useBigInt: true } });
const col = db.collection('t');
const bigCol = bigDb.collection('t');

describe('serverTimestamp', () => {
  it('sets the field to the commit time (the write time)', async () => {
    const ref = col.doc('st');
    const result = await ref.set({ t: FieldValue.serverTimestamp(), other: 1 });
    const snap = await ref.get();
    const t = snap.get('t') as Timestamp;
    expect(t).toBeInstanceOf(Timestamp);
    expect(t.isEqual(result.writeTime)).toBe(true);
    expect(snap.get('other')).toBe(1);
  });

  it('works nested in a map', async () => {
    const ref = col.doc('st-nested');
    const result = await ref.set({ m: { at: FieldValue.serverTimestamp(), keep: 'k' } });
    const data = (await ref.get()).data()!;
    expect((data.m.at as Timestamp).isEqual(result.writeTime)).toBe(true);
    expect(data.m.keep).toBe('k');
  });

  it('works in update with a dotted path', async () => {
    const ref = col.doc('st-update');
    await ref.set({ m: { a: 1 } });
    const result = await ref.update({ 'm.at': FieldValue.serverTimestamp() });
    const data = (await ref.get()).data()!;
    expect(data.m.a).toBe(1);
    expect((data.m.at as Timestamp).isEqual(result.writeTime)).toBe(true);
  });

  it('inside an array is rejected by the SDK', () => {
    expect(() => col.doc('st-array').set({ a: [FieldValue.serverTimestamp()] })).toThrow(
      /serverTimestamp\(\) cannot be used inside of an array/,
    );
  });
});

describe('increment', () => {
  it('integer + integer stays an integer', async () => {
    const ref = bigCol.doc('inc-int');
    await ref.set({ n: 5 });
    await ref.update({ n: FieldValue.increment(3) });
    expect((await ref.get()).get('n')).toBe(8n);
  });

  it('negative increments subtract', async () => {
    const ref = bigCol.doc('inc-neg');
    await ref.set({ n: 5 });
    await ref.update({ n: FieldValue.increment(-7) });
    expect((await ref.get()).get('n')).toBe(-2n);
  });

  it('double + double is a double', async () => {
    const ref = bigCol.doc('inc-double');
    await ref.set({ n: 1.25 });
    await ref.update({ n: FieldValue.increment(1.5) });
    expect((await ref.get()).get('n')).toBe(2.75);
  });

  it('integer + double is a double, even when the result is integral', async () => {
    const ref = bigCol.doc('inc-mixed');
    await ref.set({ a: 5, b: 1 });
    await ref.update({ a: FieldValue.increment(0.5), b: FieldValue.increment(1.5) });
    const data = (await ref.get()).data()!;
    expect(data.a).toBe(5.5);
    expect(typeof data.b).toBe('number');
    expect(data.b).toBe(2.5);
  });

  it('double + integer with an integral result stays a double', async () => {
    const ref = bigCol.doc('inc-double-int');
    await ref.set({ n: 0.5 });
    await ref.update({ n: FieldValue.increment(0.5) });
    const v = (await ref.get()).get('n');
    expect(typeof v).toBe('number');
    expect(v).toBe(1);
  });

  it('on a missing field sets the operand', async () => {
    const ref = bigCol.doc('inc-missing');
    await ref.set({ other: true });
    await ref.update({ n: FieldValue.increment(4) });
    expect((await ref.get()).data()).toEqual({ other: true, n: 4n });
  });

  it('on a non-numeric field replaces it with the operand', async () => {
    const ref = bigCol.doc('inc-string');
    await ref.set({ n: 'abc', m: null });
    await ref.update({ n: FieldValue.increment(2), m: FieldValue.increment(1.5) });
    expect((await ref.get()).data()).toEqual({ n: 2n, m: 1.5 });
  });

  it('integer overflow saturates at the largest 64-bit integer', async () => {
    const ref = bigCol.doc('inc-overflow');
    await ref.set({ hi: 9223372036854775800n, lo: -9223372036854775800n });
    await ref.update({ hi: FieldValue.increment(100), lo: FieldValue.increment(-100) });
    const data = (await ref.get()).data()!;
    expect(data.hi).toBe(9223372036854775807n);
    expect(data.lo).toBe(-9223372036854775808n);
  });

  it('on a nested dotted path', async () => {
    const ref = col.doc('inc-nested');
    await ref.set({ m: { count: 1, keep: 'k' } });
    await ref.update({ 'm.count': FieldValue.increment(1) });
    expect((await ref.get()).data()).toEqual({ m: { count: 2, keep: 'k' } });
  });

  it('in set() without merge applies to the replaced document (starts from the operand)', async () => {
    const ref = col.doc('inc-set');
    await ref.set({ n: 10, gone: true });
    await ref.set({ n: FieldValue.increment(5) });
    expect((await ref.get()).data()).toEqual({ n: 5 });
  });

  it('in create() of a new document', async () => {
    const ref = col.doc('inc-create');
    await ref.create({ n: FieldValue.increment(3) });
    expect((await ref.get()).data()).toEqual({ n: 3 });
  });

  it('10 concurrent increments all apply', async () => {
    const ref = col.doc('inc-concurrent');
    await ref.set({ n: 0 });
    await Promise.all(Array.from({ length: 10 }, () => ref.update({ n: FieldValue.increment(1) })));
    expect((await ref.get()).get('n')).toBe(10);
  });
});

describe('arrayUnion / arrayRemove', () => {
  it('arrayUnion appends only missing elements, in order, de-duplicating the operand', async () => {
    const ref = col.doc('union');
    await ref.set({ a: [1, 2] });
    await ref.update({ a: FieldValue.arrayUnion(2, 3, 3, 4) });
    expect((await ref.get()).get('a')).toEqual([1, 2, 3, 4]);
  });

  it('arrayUnion keeps duplicates already in the stored array', async () => {
    const ref = col.doc('union-dups');
    await ref.set({ a: [1, 1] });
    await ref.update({ a: FieldValue.arrayUnion(1, 2) });
    expect((await ref.get()).get('a')).toEqual([1, 1, 2]);
  });

  it('arrayUnion compares null, NaN and maps by value', async () => {
    const ref = col.doc('union-values');
    await ref.set({ a: [null, NaN, { k: 1 }] });
    await ref.update({ a: FieldValue.arrayUnion(null, NaN, { k: 1 }, { k: 2 }) });
    const a = (await ref.get()).get('a') as unknown[];
    expect(a).toHaveLength(4);
    expect(a[0]).toBeNull();
    expect(a[1]).toBeNaN();
    expect(a.slice(2)).toEqual([{ k: 1 }, { k: 2 }]);
  });

  it('arrayUnion on a missing field or a non-array field starts from an empty array', async () => {
    const ref = col.doc('union-missing');
    await ref.set({ s: 'not an array' });
    await ref.update({ a: FieldValue.arrayUnion('x', 'x'), s: FieldValue.arrayUnion('y') });
    expect((await ref.get()).data()).toEqual({ a: ['x'], s: ['y'] });
  });

  it('arrayRemove removes every occurrence', async () => {
    const ref = col.doc('remove');
    await ref.set({ a: [1, 2, 1, 3, 1, 'x'] });
    await ref.update({ a: FieldValue.arrayRemove(1, 'x') });
    expect((await ref.get()).get('a')).toEqual([2, 3]);
  });

  it('arrayRemove matches maps and nested values by value', async () => {
    const ref = col.doc('remove-maps');
    await ref.set({ a: [{ k: 1 }, { k: 2 }, { k: 1 }] });
    await ref.update({ a: FieldValue.arrayRemove({ k: 1 }) });
    expect((await ref.get()).get('a')).toEqual([{ k: 2 }]);
  });

  it('arrayRemove on a missing or non-array field sets an empty array', async () => {
    const ref = col.doc('remove-missing');
    await ref.set({ s: 5 });
    await ref.update({ a: FieldValue.arrayRemove(1), s: FieldValue.arrayRemove(5) });
    expect((await ref.get()).data()).toEqual({ a: [], s: [] });
  });
});

describe('several transforms and merges', () => {
  it('several transforms and plain fields in one write', async () => {
    const ref = col.doc('multi');
    await ref.set({ n: 1, a: ['y', 'z'], b: [] });
    const result = await ref.update({
      n: FieldValue.increment(2),
      t: FieldValue.serverTimestamp(),
      a: FieldValue.arrayRemove('y'),
      b: FieldValue.arrayUnion('x'),
      plain: 'p',
    });
    const data = (await ref.get()).data()!;
    expect(data.n).toBe(3);
    expect((data.t as Timestamp).isEqual(result.writeTime)).toBe(true);
    expect(data.a).toEqual(['z']);
    expect(data.b).toEqual(['x']);
    expect(data.plain).toBe('p');
  });

  it('transforms with set merge keep the untouched fields', async () => {
    const ref = col.doc('merge-transform');
    await ref.set({ n: 1, keep: 'k', m: { x: 1 } });
    await ref.set({ n: FieldValue.increment(10), m: { y: FieldValue.arrayUnion(1) } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ n: 11, keep: 'k', m: { x: 1, y: [1] } });
  });

  it('a transform-only merge on a missing document creates it', async () => {
    const ref = col.doc('merge-transform-new');
    await ref.set({ n: FieldValue.increment(1) }, { merge: true });
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });

  it('update with a transform on a missing document fails NOT_FOUND', async () => {
    await expectCode(col.doc('transform-missing').update({ n: FieldValue.increment(1) }), Code.NOT_FOUND);
  });
});
