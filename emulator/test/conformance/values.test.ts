// Every Firestore value type written and read back unchanged through firebase-admin.
import { DocumentReference, FieldPath, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { openDb, uniqueProjectId } from './helpers';

const projectId = uniqueProjectId('values');
const db = openDb(projectId);
const bigDb = openDb(projectId, { settings: { useBigInt: true } });
const col = db.collection('values');

async function roundTrip(id: string, value: unknown): Promise<unknown> {
  const ref = col.doc(id);
  await ref.set({ v: value });
  return (await ref.get()).get('v');
}

describe('every value type round-trips', () => {
  it('null', async () => {
    expect(await roundTrip('null', null)).toBeNull();
  });

  it('booleans', async () => {
    expect(await roundTrip('true', true)).toBe(true);
    expect(await roundTrip('false', false)).toBe(false);
  });

  it('small and negative integers', async () => {
    expect(await roundTrip('int', 42)).toBe(42);
    expect(await roundTrip('neg', -7)).toBe(-7);
    expect(await roundTrip('zero', 0)).toBe(0);
  });

  it('the largest safe integers as numbers', async () => {
    expect(await roundTrip('max-safe', Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(await roundTrip('min-safe', Number.MIN_SAFE_INTEGER)).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('64-bit integers exactly (BigInt, useBigInt)', async () => {
    const ref = bigDb.collection('values').doc('int64');
    await ref.set({ max: 9223372036854775807n, min: -9223372036854775808n, odd: 9007199254740993n, small: 5 });
    const data = (await ref.get()).data()!;
    expect(data.max).toBe(9223372036854775807n);
    expect(data.min).toBe(-9223372036854775808n);
    expect(data.odd).toBe(9007199254740993n);
    expect(data.small).toBe(5n);
  });

  it('doubles', async () => {
    expect(await roundTrip('double', 3.14159)).toBe(3.14159);
    expect(await roundTrip('tiny', 5e-324)).toBe(5e-324);
    expect(await roundTrip('huge', 1.7976931348623157e308)).toBe(1.7976931348623157e308);
  });

  it('a double is stored as a double (read back as a JS number even with useBigInt)', async () => {
    const ref = bigDb.collection('values').doc('double-kind');
    await ref.set({ d: 2.5 });
    expect((await ref.get()).get('d')).toBe(2.5);
  });

  it('NaN', async () => {
    expect(await roundTrip('nan', NaN)).toBeNaN();
  });

  it('Infinity and -Infinity', async () => {
    expect(await roundTrip('inf', Infinity)).toBe(Infinity);
    expect(await roundTrip('ninf', -Infinity)).toBe(-Infinity);
  });

  it('-0 reads back as a number equal to 0', async () => {
    const v = await roundTrip('negzero', -0);
    expect(typeof v).toBe('number');
    expect(v === 0).toBe(true);
  });

  it('timestamps keep microseconds and drop the nanoseconds below them', async () => {
    const v = (await roundTrip('ts', new Timestamp(1_700_000_000, 123_456_789))) as Timestamp;
    expect(v).toBeInstanceOf(Timestamp);
    expect(v.seconds).toBe(1_700_000_000);
    expect(v.nanoseconds).toBe(123_456_000);
  });

  it('timestamps at the edges of the range', async () => {
    const min = (await roundTrip('ts-min', new Timestamp(-62135596800, 0))) as Timestamp;
    expect(min.seconds).toBe(-62135596800);
    const max = (await roundTrip('ts-max', new Timestamp(253402300799, 999_999_000))) as Timestamp;
    expect(max.seconds).toBe(253402300799);
    expect(max.nanoseconds).toBe(999_999_000);
  });

  it('a Date becomes a Timestamp with the same milliseconds', async () => {
    const date = new Date('2024-02-29T12:34:56.789Z');
    const v = (await roundTrip('date', date)) as Timestamp;
    expect(v).toBeInstanceOf(Timestamp);
    expect(v.toMillis()).toBe(date.getTime());
  });

  it('strings with unicode, emoji, NUL and an empty string', async () => {
    const s = 'héllo wörld 🌍 中文 עברית \u0000 end';
    expect(await roundTrip('str', s)).toBe(s);
    expect(await roundTrip('empty-str', '')).toBe('');
  });

  it('a long string (100 000 characters)', async () => {
    const s = 'x'.repeat(100_000);
    expect(await roundTrip('long-str', s)).toBe(s);
  });

  it('bytes (Buffer) including every byte value', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const v = await roundTrip('bytes', bytes);
    expect(Buffer.isBuffer(v) || v instanceof Uint8Array).toBe(true);
    expect(Buffer.from(v as Uint8Array).equals(bytes)).toBe(true);
  });

  it('empty bytes', async () => {
    const v = await roundTrip('bytes-empty', Buffer.alloc(0));
    expect(Buffer.from(v as Uint8Array).length).toBe(0);
  });

  it('document references', async () => {
    const v = (await roundTrip('ref', db.doc('other/doc/sub/x'))) as DocumentReference;
    expect(v).toBeInstanceOf(DocumentReference);
    expect(v.path).toBe('other/doc/sub/x');
    expect(v.isEqual(db.doc('other/doc/sub/x'))).toBe(true);
  });

  it('GeoPoints', async () => {
    const v = (await roundTrip('geo', new GeoPoint(48.8566, -2.3522))) as GeoPoint;
    expect(v).toBeInstanceOf(GeoPoint);
    expect(v.latitude).toBe(48.8566);
    expect(v.longitude).toBe(-2.3522);
  });

  it('arrays of mixed values, keeping order and duplicates', async () => {
    const arr = [1, 'a', null, true, 1, { m: [2] }, 2.5];
    expect(await roundTrip('arr', arr)).toEqual(arr);
    expect(await roundTrip('arr-empty', [])).toEqual([]);
  });

  it('nested maps, empty maps and keys needing quoting', async () => {
    const map = { a: { b: { c: { d: 'deep' } } }, empty: {}, 'with space': 1, 'dot.key': 2, ü: 3, '`tick`': 4 };
    expect(await roundTrip('map', map)).toEqual(map);
  });

  it('a document holding one value of every type at once', async () => {
    const ref = col.doc('all');
    const ts = new Timestamp(1_600_000_000, 1_000);
    await ref.set({
      n: null,
      b: true,
      i: 1,
      d: 1.5,
      t: ts,
      s: 's',
      y: Buffer.from('hi'),
      r: db.doc('a/b'),
      g: new GeoPoint(1, 2),
      a: [1],
      m: { k: 'v' },
    });
    const data = (await ref.get()).data()!;
    expect(data.n).toBeNull();
    expect(data.b).toBe(true);
    expect(data.i).toBe(1);
    expect(data.d).toBe(1.5);
    expect((data.t as Timestamp).isEqual(ts)).toBe(true);
    expect(data.s).toBe('s');
    expect(Buffer.from(data.y as Uint8Array).toString()).toBe('hi');
    expect((data.r as DocumentReference).path).toBe('a/b');
    expect((data.g as GeoPoint).isEqual(new GeoPoint(1, 2))).toBe(true);
    expect(data.a).toEqual([1]);
    expect(data.m).toEqual({ k: 'v' });
    expect(Object.keys(data).sort()).toEqual(['a', 'b', 'd', 'g', 'i', 'm', 'n', 'r', 's', 't', 'y']);
  });

  it('snapshot.get reads nested values by dotted path and by FieldPath', async () => {
    const ref = col.doc('nested-get');
    await ref.set({ a: { b: { c: 5 } }, 'x.y': 6 });
    const snap = await ref.get();
    expect(snap.get('a.b.c')).toBe(5);
    expect(snap.get(new FieldPath('a', 'b'))).toEqual({ c: 5 });
    expect(snap.get(new FieldPath('x.y'))).toBe(6);
    expect(snap.get('a.missing')).toBeUndefined();
  });
});
