// Rejected requests (bad paths, oversized documents, invalid values and field names) and a server that stays healthy.
import { afterEach, describe, expect, it } from 'vitest';
import { Code, expectCode, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('errors'));
const col = db.collection('err');

// Every rejected request must leave the server healthy: a follow-up write and read work.
afterEach(async () => {
  const ref = db.collection('health').doc('check');
  await ref.set({ at: Date.now() });
  expect((await ref.get()).exists).toBe(true);
});

describe('bad paths', () => {
  it('a document path with an odd number of segments is rejected by the SDK', () => {
    expect(() => db.doc('only-collection')).toThrow(/must point to a document/);
  });

  it('a collection path with an even number of segments is rejected by the SDK', () => {
    expect(() => db.collection('a/b')).toThrow(/must point to a collection/);
  });

  it('an empty segment is rejected by the SDK', () => {
    expect(() => db.doc('a//b')).toThrow(/must not contain \/\//);
    expect(() => col.doc('')).toThrow(/non-empty string/);
  });

  it('a reserved document id (__x__) is rejected by the server with INVALID_ARGUMENT', async () => {
    await expectCode(col.doc('__reserved__').set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('a reserved collection id (__x__) is rejected by the server with INVALID_ARGUMENT', async () => {
    await expectCode(db.collection('__reserved__').doc('x').set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('the ids "." and ".." are rejected with INVALID_ARGUMENT', async () => {
    await expectCode(col.doc('.').set({ a: 1 }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('..').set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('a document id over 1 500 bytes is rejected with INVALID_ARGUMENT', async () => {
    await expectCode(col.doc('x'.repeat(1501)).set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('a document id of exactly 1 500 bytes is accepted', async () => {
    const ref = col.doc('y'.repeat(1500));
    await ref.set({ a: 1 });
    expect((await ref.get()).get('a')).toBe(1);
  });
});

describe('document size', () => {
  it('a document over 1 MiB fails INVALID_ARGUMENT with a message about its size', async () => {
    const error = await expectCode(col.doc('too-big').set({ big: 'x'.repeat(1_048_576) }), Code.INVALID_ARGUMENT);
    expect(error.message).toMatch(/exceeds the maximum allowed size of 1,048,576 bytes/);
    expect((await col.doc('too-big').get()).exists).toBe(false);
  });

  it('an update that grows a document over 1 MiB fails and leaves it unchanged', async () => {
    const ref = col.doc('grows');
    await ref.set({ a: 'a'.repeat(600_000) });
    await expectCode(ref.update({ b: 'b'.repeat(600_000) }), Code.INVALID_ARGUMENT);
    const snap = await ref.get();
    expect(snap.get('b')).toBeUndefined();
    expect((snap.get('a') as string).length).toBe(600_000);
  });

  it('a document just under 1 MiB is accepted', async () => {
    const ref = col.doc('fits');
    await ref.set({ big: 'x'.repeat(1_040_000) });
    expect(((await ref.get()).get('big') as string).length).toBe(1_040_000);
  });
});

describe('invalid values and field names', () => {
  it('a reserved field name (__x__) is rejected with INVALID_ARGUMENT', async () => {
    await expectCode(col.doc('reserved-field').set({ __bad__: 1 }), Code.INVALID_ARGUMENT);
    expect((await col.doc('reserved-field').get()).exists).toBe(false);
  });

  it('an empty field name is rejected by the SDK', () => {
    expect(() => col.doc('empty-field').set({ '': 1 })).toThrow(/empty string/);
  });

  it('an invalid dotted field path in update is rejected by the SDK', () => {
    expect(() => col.doc('x').update({ 'a..b': 1 })).toThrow(/must not contain "\.\."/);
  });

  it('an array directly inside an array is rejected with INVALID_ARGUMENT', async () => {
    await expectCode(col.doc('nested-array').set({ a: [[1, 2]] }), Code.INVALID_ARGUMENT);
    expect((await col.doc('nested-array').get()).exists).toBe(false);
  });

  it('undefined values are rejected by the SDK', () => {
    expect(() => col.doc('undef').set({ a: undefined })).toThrow(/Cannot use "undefined"/);
  });

  it('maps nested deeper than 20 levels are rejected by the SDK', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 21; i++) deep = { d: deep };
    expect(() => col.doc('deep').set(deep)).toThrow(/deeper than 20 levels/);
  });
});
