// getAll (BatchGetDocuments): found and missing documents in order, field masks, inside transactions.
import { FieldPath } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('batchget'));
const col = db.collection('bg');

beforeAll(async () => {
  await col.doc('a').set({ x: 1, y: 2, m: { p: 1, q: 2 } });
  await col.doc('b').set({ x: 10, y: 20 });
  await col.doc('a').collection('sub').doc('c').set({ z: 3 });
});

describe('getAll', () => {
  it('returns found and missing documents in the requested order', async () => {
    const snaps = await db.getAll(col.doc('missing'), col.doc('b'), col.doc('a'));
    expect(snaps.map((s) => [s.id, s.exists])).toEqual([
      ['missing', false],
      ['b', true],
      ['a', true],
    ]);
    expect(snaps[1].data()).toEqual({ x: 10, y: 20 });
    expect(snaps[0].data()).toBeUndefined();
    for (const s of snaps) expect(s.readTime).toBeDefined();
  });

  it('reads documents from different collections and depths', async () => {
    const snaps = await db.getAll(col.doc('a').collection('sub').doc('c'), col.doc('a'));
    expect(snaps[0].data()).toEqual({ z: 3 });
    expect(snaps[0].ref.path).toBe('bg/a/sub/c');
    expect(snaps[1].get('x')).toBe(1);
  });

  it('returns one snapshot per reference when the same document is requested twice', async () => {
    const snaps = await db.getAll(col.doc('a'), col.doc('a'));
    expect(snaps).toHaveLength(2);
    expect(snaps.every((s) => s.exists && s.get('x') === 1)).toBe(true);
  });

  it('fieldMask returns only the listed fields', async () => {
    const [a, b] = await db.getAll(col.doc('a'), col.doc('b'), { fieldMask: ['x', 'm.q'] });
    expect(a.data()).toEqual({ x: 1, m: { q: 2 } });
    expect(b.data()).toEqual({ x: 10 });
  });

  it('fieldMask with a field no document has gives existing, empty documents', async () => {
    const [a, missing] = await db.getAll(col.doc('a'), col.doc('nope'), { fieldMask: [new FieldPath('zzz')] });
    expect(a.exists).toBe(true);
    expect(a.data()).toEqual({});
    expect(missing.exists).toBe(false);
  });

  it('create and update times come back with the documents', async () => {
    const [a] = await db.getAll(col.doc('a'));
    const single = await col.doc('a').get();
    expect(a.createTime!.isEqual(single.createTime!)).toBe(true);
    expect(a.updateTime!.isEqual(single.updateTime!)).toBe(true);
  });
});

describe('getAll inside a transaction', () => {
  it('reads found and missing documents', async () => {
    const result = await db.runTransaction(async (tx) => {
      const snaps = await tx.getAll(col.doc('a'), col.doc('missing'));
      return snaps.map((s) => [s.id, s.exists, s.get('y') ?? null]);
    });
    expect(result).toEqual([
      ['a', true, 2],
      ['missing', false, null],
    ]);
  });

  it('honours fieldMask', async () => {
    const data = await db.runTransaction(async (tx) => {
      const [b] = await tx.getAll(col.doc('b'), { fieldMask: ['y'] });
      return b.data();
    });
    expect(data).toEqual({ y: 20 });
  });

  it('in a read-only transaction', async () => {
    const ids = await db.runTransaction(
      async (tx) => (await tx.getAll(col.doc('a'), col.doc('b'))).map((s) => `${s.id}:${s.get('x')}`),
      { readOnly: true },
    );
    expect(ids).toEqual(['a:1', 'b:10']);
  });
});
