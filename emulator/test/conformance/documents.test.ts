// Single-document writes and reads: set, merge, create, update, delete, their times, preconditions, subcollections.
import { FieldPath, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { Code, expectCode, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('docs'));
const col = db.collection('docs');

describe('create / set / get / update / delete', () => {
  it('set then get returns the data, exists, id and path', async () => {
    const ref = col.doc('basic');
    await ref.set({ title: 'Trial', n: 1 });
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    expect(snap.id).toBe('basic');
    expect(snap.ref.path).toBe('docs/basic');
    expect(snap.data()).toEqual({ title: 'Trial', n: 1 });
  });

  it('get of a missing document: exists false, data undefined, no create/update time, a read time', async () => {
    const snap = await col.doc('never-written').get();
    expect(snap.exists).toBe(false);
    expect(snap.data()).toBeUndefined();
    expect(snap.createTime).toBeUndefined();
    expect(snap.updateTime).toBeUndefined();
    expect(snap.readTime).toBeInstanceOf(Timestamp);
  });

  it('set without merge replaces every field', async () => {
    const ref = col.doc('replace');
    await ref.set({ a: 1, b: { c: 2 } });
    await ref.set({ d: 3 });
    expect((await ref.get()).data()).toEqual({ d: 3 });
  });

  it('set of an empty object creates an existing, empty document', async () => {
    const ref = col.doc('empty');
    await ref.set({});
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    expect(snap.data()).toEqual({});
  });

  it('create writes a new document', async () => {
    const ref = col.doc('created');
    await ref.create({ x: 'y' });
    expect((await ref.get()).data()).toEqual({ x: 'y' });
  });

  it('create on an existing document fails ALREADY_EXISTS and leaves it unchanged', async () => {
    const ref = col.doc('exists-already');
    await ref.set({ v: 1 });
    await expectCode(ref.create({ v: 2 }), Code.ALREADY_EXISTS);
    expect((await ref.get()).data()).toEqual({ v: 1 });
  });

  it('add() creates a document with a 20-character generated id', async () => {
    const ref = await col.add({ added: true });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await ref.get()).data()).toEqual({ added: true });
  });

  it('update changes only the given fields', async () => {
    const ref = col.doc('upd');
    await ref.set({ a: 1, b: 2 });
    await ref.update({ b: 3, c: 4 });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 3, c: 4 });
  });

  it('update on a missing document fails NOT_FOUND and does not create it', async () => {
    const ref = col.doc('missing-upd');
    await expectCode(ref.update({ a: 1 }), Code.NOT_FOUND);
    expect((await ref.get()).exists).toBe(false);
  });

  it('update with a dotted path changes one nested field and keeps its siblings', async () => {
    const ref = col.doc('dotted');
    await ref.set({ m: { a: 1, b: 2 }, top: true });
    await ref.update({ 'm.a': 10, 'm.new.deep': 'x' });
    expect((await ref.get()).data()).toEqual({ m: { a: 10, b: 2, new: { deep: 'x' } }, top: true });
  });

  it('update with a map value replaces the whole map', async () => {
    const ref = col.doc('map-replace');
    await ref.set({ m: { a: 1, b: 2 } });
    await ref.update({ m: { c: 3 } });
    expect((await ref.get()).data()).toEqual({ m: { c: 3 } });
  });

  it('update with FieldPath segments holding dots, spaces, backticks and unicode', async () => {
    const ref = col.doc('special-fields');
    await ref.set({ keep: 1 });
    await ref.update(new FieldPath('a.b', 'c d'), 1, new FieldPath('we`ird', 'ü'), 2);
    const snap = await ref.get();
    expect(snap.data()).toEqual({ keep: 1, 'a.b': { 'c d': 1 }, 'we`ird': { ü: 2 } });
    expect(snap.get(new FieldPath('a.b', 'c d'))).toBe(1);
  });

  it('set stores keys containing dots literally (not as paths)', async () => {
    const ref = col.doc('dot-keys');
    await ref.set({ 'a.b': 1, a: { b: 2 } });
    const snap = await ref.get();
    expect(snap.get(new FieldPath('a.b'))).toBe(1);
    expect(snap.get('a.b')).toBe(2);
  });

  it('FieldValue.delete() in update removes a top-level and a nested field', async () => {
    const ref = col.doc('field-delete');
    await ref.set({ a: 1, b: 2, m: { x: 1, y: 2 } });
    await ref.update({ a: FieldValue.delete(), 'm.x': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ b: 2, m: { y: 2 } });
  });

  it('delete removes the document; deleting a missing document succeeds', async () => {
    const ref = col.doc('to-delete');
    await ref.set({ a: 1 });
    const result = await ref.delete();
    expect(result.writeTime).toBeInstanceOf(Timestamp);
    expect((await ref.get()).exists).toBe(false);
    await expect(col.doc('never-there').delete()).resolves.toBeDefined();
  });
});

describe('set with merge and mergeFields', () => {
  it('merge keeps other fields and merges nested maps deeply', async () => {
    const ref = col.doc('merge');
    await ref.set({ a: 1, m: { x: 1, y: 2 } });
    await ref.set({ b: 2, m: { y: 20, z: 30 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, m: { x: 1, y: 20, z: 30 } });
  });

  it('merge on a missing document creates it', async () => {
    const ref = col.doc('merge-new');
    await ref.set({ a: 1 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('merge with FieldValue.delete() removes the field', async () => {
    const ref = col.doc('merge-delete');
    await ref.set({ a: 1, b: 2 });
    await ref.set({ a: FieldValue.delete() }, { merge: true });
    expect((await ref.get()).data()).toEqual({ b: 2 });
  });

  it('merge with an empty map value replaces that map with an empty one', async () => {
    // The SDK puts the path of an explicitly empty map into the update mask, so the map is replaced.
    const ref = col.doc('merge-empty-map');
    await ref.set({ m: { a: 1 } });
    await ref.set({ m: {} }, { merge: true });
    expect((await ref.get()).data()).toEqual({ m: {} });
  });

  it('mergeFields writes only the listed fields', async () => {
    const ref = col.doc('merge-fields');
    await ref.set({ a: 1, b: 1, m: { x: 1, y: 1 } });
    await ref.set({ a: 2, b: 2, m: { x: 2, y: 2 } }, { mergeFields: ['a', 'm.x'] });
    expect((await ref.get()).data()).toEqual({ a: 2, b: 1, m: { x: 2, y: 1 } });
  });

  it('mergeFields accepts a FieldPath naming a key that contains a dot', async () => {
    const ref = col.doc('merge-fields-path');
    await ref.set({ 'a.b': 1, c: 1 });
    await ref.set({ 'a.b': 5, c: 5 }, { mergeFields: [new FieldPath('a.b')] });
    expect((await ref.get()).data()).toEqual({ 'a.b': 5, c: 1 });
  });
});

describe('create, update and read times', () => {
  it('a new document has createTime = updateTime = the write time, and readTime >= updateTime', async () => {
    const ref = col.doc('times-new');
    const result = await ref.set({ a: 1 });
    const snap = await ref.get();
    expect(snap.createTime!.isEqual(result.writeTime)).toBe(true);
    expect(snap.updateTime!.isEqual(result.writeTime)).toBe(true);
    expect(snap.readTime.toMillis()).toBeGreaterThanOrEqual(snap.updateTime!.toMillis());
  });

  it('an update keeps createTime and moves updateTime forward', async () => {
    const ref = col.doc('times-update');
    const first = await ref.set({ a: 1 });
    const second = await ref.update({ a: 2 });
    const snap = await ref.get();
    expect(snap.createTime!.isEqual(first.writeTime)).toBe(true);
    expect(snap.updateTime!.isEqual(second.writeTime)).toBe(true);
    expect(second.writeTime.valueOf() > first.writeTime.valueOf()).toBe(true);
  });

  it('delete then re-create gives a new createTime', async () => {
    const ref = col.doc('times-recreate');
    const first = await ref.set({ a: 1 });
    await ref.delete();
    const again = await ref.set({ a: 1 });
    const snap = await ref.get();
    expect(snap.createTime!.isEqual(again.writeTime)).toBe(true);
    expect(snap.createTime!.valueOf() > first.writeTime.valueOf()).toBe(true);
  });

  it('set with merge keeps createTime', async () => {
    const ref = col.doc('times-merge');
    const first = await ref.set({ a: 1 });
    await ref.set({ b: 1 }, { merge: true });
    expect((await ref.get()).createTime!.isEqual(first.writeTime)).toBe(true);
  });
});

describe('preconditions', () => {
  it('update with a matching lastUpdateTime succeeds', async () => {
    const ref = col.doc('pre-ok');
    const { writeTime } = await ref.set({ a: 1 });
    await ref.update({ a: 2 }, { lastUpdateTime: writeTime });
    expect((await ref.get()).get('a')).toBe(2);
  });

  it('update with a stale lastUpdateTime fails FAILED_PRECONDITION and writes nothing', async () => {
    const ref = col.doc('pre-stale');
    const { writeTime } = await ref.set({ a: 1 });
    await ref.update({ a: 2 });
    await expectCode(ref.update({ a: 3 }, { lastUpdateTime: writeTime }), Code.FAILED_PRECONDITION);
    expect((await ref.get()).get('a')).toBe(2);
  });

  it('delete with a stale lastUpdateTime fails FAILED_PRECONDITION; with the current one it deletes', async () => {
    const ref = col.doc('pre-delete');
    const { writeTime } = await ref.set({ a: 1 });
    const current = await ref.update({ a: 2 });
    await expectCode(ref.delete({ lastUpdateTime: writeTime }), Code.FAILED_PRECONDITION);
    expect((await ref.get()).exists).toBe(true);
    await ref.delete({ lastUpdateTime: current.writeTime });
    expect((await ref.get()).exists).toBe(false);
  });

  it('delete with exists: true on a missing document fails NOT_FOUND', async () => {
    await expectCode(col.doc('pre-missing').delete({ exists: true }), Code.NOT_FOUND);
  });

  it('delete with exists: true on an existing document deletes it', async () => {
    const ref = col.doc('pre-exists');
    await ref.set({ a: 1 });
    await ref.delete({ exists: true });
    expect((await ref.get()).exists).toBe(false);
  });
});

describe('subcollections', () => {
  it('documents in a subcollection are independent of their parent document', async () => {
    const parent = col.doc('parent');
    await parent.collection('kids').doc('k1').set({ k: 1 });
    expect((await parent.get()).exists).toBe(false);
    expect((await parent.collection('kids').doc('k1').get()).data()).toEqual({ k: 1 });
    await parent.set({ p: 1 });
    await parent.delete();
    expect((await parent.collection('kids').doc('k1').get()).exists).toBe(true);
  });
});
