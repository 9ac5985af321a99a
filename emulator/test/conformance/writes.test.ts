// Batched writes (WriteBatch, BulkWriter), listDocuments, listCollections and recursiveDelete.
import { type BulkWriter, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

// firebase-admin does not re-export the BulkWriterError class; take its type from onWriteError's callback.
type BulkWriterError = Parameters<Parameters<BulkWriter['onWriteError']>[0]>[0];

const db = openDb(uniqueProjectId('writes'));

describe('WriteBatch', () => {
  const col = db.collection('batch');

  it('applies set, update, create and delete atomically with one write time', async () => {
    await col.doc('u').set({ v: 1 });
    await col.doc('d').set({ v: 1 });
    const batch = db.batch();
    batch.set(col.doc('s'), { v: 's' });
    batch.update(col.doc('u'), { v: 2 });
    batch.create(col.doc('c'), { v: 'c' });
    batch.delete(col.doc('d'));
    const results = await batch.commit();
    expect(results).toHaveLength(4);
    for (const r of results) expect(r.writeTime.isEqual(results[0].writeTime)).toBe(true);
    expect(ids(await col.get())).toEqual(['c', 's', 'u']);
    expect((await col.doc('u').get()).get('v')).toBe(2);
  });

  it('one failing write fails the whole batch and writes nothing', async () => {
    const batch = db.batch();
    batch.set(col.doc('never-1'), { v: 1 });
    batch.update(col.doc('missing-for-update'), { v: 1 });
    batch.set(col.doc('never-2'), { v: 2 });
    await expectCode(batch.commit(), Code.NOT_FOUND);
    const snaps = await db.getAll(col.doc('never-1'), col.doc('never-2'));
    expect(snaps.map((s) => s.exists)).toEqual([false, false]);
  });

  it('several writes to the same document apply in order', async () => {
    const ref = col.doc('same');
    const batch = db.batch();
    batch.set(ref, { a: 1, n: 1 });
    batch.update(ref, { b: 2, n: FieldValue.increment(1) });
    batch.set(ref, { c: 3 }, { merge: true });
    await batch.commit();
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, c: 3, n: 2 });
  });

  it('500 writes in one batch', async () => {
    const big = db.collection('batch-500');
    const batch = db.batch();
    for (let i = 0; i < 500; i++) batch.set(big.doc(`d${String(i).padStart(3, '0')}`), { i });
    await batch.commit();
    expect((await big.count().get()).data().count).toBe(500);
    expect((await big.doc('d499').get()).get('i')).toBe(499);
  });

  it('an empty batch commits', async () => {
    await expect(db.batch().commit()).resolves.toEqual([]);
  });
});

describe('BulkWriter', () => {
  const col = db.collection('bulk');

  it('writes many documents and reports each result', async () => {
    const writer = db.bulkWriter();
    const results: Timestamp[] = [];
    writer.onWriteResult((_ref, result) => results.push(result.writeTime));
    for (let i = 0; i < 250; i++) void writer.set(col.doc(`b${i}`), { i });
    await writer.close();
    expect(results).toHaveLength(250);
    expect((await col.count().get()).data().count).toBe(250);
  });

  it('a failing write does not fail the others; it reports its own status', async () => {
    await col.doc('exists').set({ v: 1 });
    const writer = db.bulkWriter();
    const errors: BulkWriterError[] = [];
    writer.onWriteError((error) => {
      errors.push(error);
      return false;
    });
    const created = writer.create(col.doc('exists'), { v: 2 });
    const updated = writer.update(col.doc('bulk-missing'), { v: 2 });
    const ok1 = writer.set(col.doc('ok1'), { v: 1 });
    const ok2 = writer.create(col.doc('ok2'), { v: 2 });
    // BulkWriter sends its batch on flush/close, so close before awaiting the individual results.
    const closed = writer.close();
    const results = await Promise.allSettled([created, updated, ok1, ok2]);
    await closed;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect(((results[0] as PromiseRejectedResult).reason as BulkWriterError).code).toBe(Code.ALREADY_EXISTS);
    expect(((results[1] as PromiseRejectedResult).reason as BulkWriterError).code).toBe(Code.NOT_FOUND);
    expect(errors.map((e) => e.code).sort()).toEqual([Code.NOT_FOUND, Code.ALREADY_EXISTS]);
    expect((await col.doc('exists').get()).get('v')).toBe(1);
    const snaps = await db.getAll(col.doc('ok1'), col.doc('ok2'));
    expect(snaps.map((s) => s.get('v'))).toEqual([1, 2]);
  });

  it('supports deletes and transforms', async () => {
    await col.doc('del').set({ v: 1 });
    await col.doc('inc').set({ n: 1 });
    const writer = db.bulkWriter();
    void writer.delete(col.doc('del'));
    void writer.update(col.doc('inc'), { n: FieldValue.increment(4) });
    await writer.close();
    expect((await col.doc('del').get()).exists).toBe(false);
    expect((await col.doc('inc').get()).get('n')).toBe(5);
  });
});

describe('listDocuments and listCollections', () => {
  const root = db.collection('tree');

  it('listDocuments returns existing documents and missing parents of subcollections', async () => {
    const docs = db.collection('tree-docs');
    await docs.doc('real').set({ v: 1 });
    await docs.doc('ghost').collection('child').doc('c').set({ v: 1 });
    await docs.doc('real').collection('child').doc('c').set({ v: 1 });
    await docs.doc('ghost2').collection('x').doc('y').collection('z').doc('w').set({ v: 1 });
    const refs = await docs.listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['ghost', 'ghost2', 'real']);
    const ghost = await docs.doc('ghost').get();
    expect(ghost.exists).toBe(false);
  });

  it('listDocuments of an empty collection is empty', async () => {
    expect(await db.collection('nothing-here').listDocuments()).toEqual([]);
  });

  it('listDocuments handles more documents than one page', async () => {
    const many = db.collection('many');
    const batch = db.batch();
    for (let i = 0; i < 450; i++) batch.set(many.doc(`m${i}`), {});
    await batch.commit();
    const refs = await many.listDocuments();
    expect(refs).toHaveLength(450);
    expect(new Set(refs.map((r) => r.id)).size).toBe(450);
  });

  it('listCollections at the root', async () => {
    const other = openDb(uniqueProjectId('writes-root'));
    await other.doc('alpha/1').set({});
    await other.doc('beta/1/sub/2').set({});
    await other.doc('gamma/deep/er/3').set({});
    const cols = await other.listCollections();
    expect(cols.map((c) => c.id).sort()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('listCollections under a document (existing or not), direct children only', async () => {
    await root.doc('parent').collection('c1').doc('x').set({});
    await root.doc('parent').collection('c2').doc('x').collection('grand').doc('y').set({});
    await root.doc('parent-sibling').collection('c3').doc('x').set({});
    const cols = await root.doc('parent').listCollections();
    expect(cols.map((c) => c.id).sort()).toEqual(['c1', 'c2']);
    expect(cols.find((c) => c.id === 'c1')!.path).toBe('tree/parent/c1');
  });

  it('listCollections of a document without subcollections is empty', async () => {
    await root.doc('leaf').set({ v: 1 });
    expect(await root.doc('leaf').listCollections()).toEqual([]);
  });
});

describe('recursiveDelete', () => {
  it('deletes a document and everything below it, nothing else', async () => {
    const top = db.doc('rd/top');
    await top.set({ v: 1 });
    await top.collection('a').doc('1').set({});
    await top.collection('a').doc('1').collection('b').doc('2').set({});
    await db.doc('rd/top/c/missing-parent/d/3').set({});
    await db.doc('rd/keep').set({ v: 1 });
    await db.doc('rd/keep/a/1').set({ v: 1 });
    await db.recursiveDelete(top);
    const snaps = await db.getAll(
      top,
      top.collection('a').doc('1'),
      db.doc('rd/top/a/1/b/2'),
      db.doc('rd/top/c/missing-parent/d/3'),
    );
    expect(snaps.map((s) => s.exists)).toEqual([false, false, false, false]);
    expect(await top.listCollections()).toEqual([]);
    expect((await db.doc('rd/keep/a/1').get()).exists).toBe(true);
  });

  it('deletes a whole collection', async () => {
    const c = db.collection('rd-col');
    for (let i = 0; i < 30; i++) await c.doc(`d${i}`).set({ i });
    await c.doc('d0').collection('sub').doc('s').set({});
    await db.recursiveDelete(c);
    expect((await c.count().get()).data().count).toBe(0);
    expect((await db.doc('rd-col/d0/sub/s').get()).exists).toBe(false);
    expect(await c.listDocuments()).toEqual([]);
  });
});
