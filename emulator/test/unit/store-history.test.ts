// Past versions kept by the in-memory store for reads at a readTime: lookups, the one-hour pruning, and the checks.
import { status } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { makeDoc, type StoredDoc } from '../../src/firestore/document.js';
import { RpcError } from '../../src/firestore/errors.js';
import { Database, Store, VERSION_RETENTION_US } from '../../src/firestore/store.js';
import { tsFromMicros } from '../../src/firestore/values.js';

const DB = 'projects/p/databases/(default)';
const HOUR = VERSION_RETENTION_US;

/** A version of `path` with `v`, created at `created` and written at `updated`. */
function doc(path: string, v: number, created: number, updated = created): StoredDoc {
  return makeDoc(`${DB}/documents/${path}`, path, { v: { integerValue: String(v) } }, created, updated);
}

const valueOf = (d: StoredDoc | undefined) => (d ? Number(d.fields.v.integerValue) : undefined);

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof RpcError ? e.code : -1;
  }
  return undefined;
}

describe('reading a document at a past time', () => {
  it('sees the version of then, nothing before its creation or after its deletion', () => {
    const db = new Database(DB);
    const t = 1_000_000_000;
    db.set('c/a', doc('c/a', 1, t), t);
    db.set('c/a', doc('c/a', 2, t, t + 10), t + 10);
    db.set('c/a', undefined, t + 20);
    db.set('c/a', doc('c/a', 3, t + 30), t + 30);
    expect(valueOf(db.getAt('c/a', t - 1))).toBeUndefined();
    expect(valueOf(db.getAt('c/a', t))).toBe(1);
    expect(valueOf(db.getAt('c/a', t + 9))).toBe(1);
    expect(valueOf(db.getAt('c/a', t + 10))).toBe(2);
    expect(valueOf(db.getAt('c/a', t + 20))).toBeUndefined();
    expect(valueOf(db.getAt('c/a', t + 29))).toBeUndefined();
    expect(valueOf(db.getAt('c/a', t + 30))).toBe(3);
  });

  it('lists the collections of then in path order, their documents in id order (numeric ids first)', () => {
    const db = new Database(DB);
    const t = 1_000_000_000;
    for (const id of ['b', '__id10__', 'a', '__id9__']) db.set(`c/${id}`, doc(`c/${id}`, 1, t), t);
    db.set('c/x/kids/k', doc('c/x/kids/k', 1, t), t);
    db.set('c/x/kids/k', undefined, t + 5);
    db.set('c/a', undefined, t + 5);
    db.set('c/new', doc('c/new', 1, t + 5), t + 5);
    const ids = (lists: StoredDoc[][]) => lists.map((l) => l.map((d) => d.id));
    expect(ids(db.collectionsAt('', 'c', false, t))).toEqual([['__id9__', '__id10__', 'a', 'b']]);
    expect(ids(db.collectionsAt('', 'c', false, t + 5))).toEqual([['__id9__', '__id10__', 'b', 'new']]);
    // The subcollection is empty now, and gone from the current collections, but was there at t.
    expect(db.collections.has('c/x/kids')).toBe(false);
    expect(ids(db.collectionsAt('', 'kids', true, t))).toEqual([['k']]);
    expect(ids(db.collectionsAt('', undefined, true, t))).toEqual([['__id9__', '__id10__', 'a', 'b'], ['k']]);
    expect(ids(db.collectionsAt('', 'kids', true, t + 5))).toEqual([]);
  });

  it('keeps versions only of changed documents, and drops them an hour after they were replaced', () => {
    const db = new Database(DB);
    const t = 1_000_000_000;
    for (let i = 0; i < 100; i++) db.set(`c/d${i}`, doc(`c/d${i}`, i, t), t);
    db.set('c/d1', doc('c/d1', 101, t, t + 1), t + 1);
    expect(valueOf(db.getAt('c/d1', t))).toBe(1);
    // A change more than an hour after d1's replacement prunes its old version.
    db.set('c/d2', doc('c/d2', 102, t, t + 1 + HOUR + 1), t + 1 + HOUR + 1);
    expect(valueOf(db.getAt('c/d1', t))).toBeUndefined();
    expect(valueOf(db.getAt('c/d2', t + HOUR))).toBe(2);
    // Unchanged documents read the same at any time since their creation.
    expect(valueOf(db.getAt('c/d50', t + 5))).toBe(50);
  });

  it('changes applied without a time (a saved database loading) leave no versions: earlier reads are refused', () => {
    const store = new Store();
    const db = store.db(DB);
    const now = store.now();
    db.set('c/a', doc('c/a', 1, now - 1000));
    expect(codeOf(() => store.readTime(db, tsFromMicros(now - 2000)))).toBe(status.FAILED_PRECONDITION);
    expect(store.readTime(db, tsFromMicros(now - 1000))).toBe(now - 1000);
  });
});

describe('checking a readTime', () => {
  const store = new Store();
  const db = store.db(DB);

  it('accepts a microsecond time within the last hour', () => {
    const t = store.now() - HOUR / 2;
    expect(store.readTime(db, tsFromMicros(t))).toBe(t);
  });

  it('refuses a time older than an hour with FAILED_PRECONDITION', () => {
    expect(codeOf(() => store.readTime(db, tsFromMicros(store.now() - HOUR - 1_000_000)))).toBe(
      status.FAILED_PRECONDITION,
    );
  });

  it('refuses a future time, sub-microsecond precision and malformed times with INVALID_ARGUMENT', () => {
    expect(codeOf(() => store.readTime(db, tsFromMicros(store.now() + 60_000_000)))).toBe(status.INVALID_ARGUMENT);
    const t = tsFromMicros(store.now() - 1_000_000);
    expect(codeOf(() => store.readTime(db, { seconds: t.seconds, nanos: t.nanos + 1 }))).toBe(status.INVALID_ARGUMENT);
    expect(codeOf(() => store.readTime(db, { seconds: t.seconds, nanos: -1000 }))).toBe(status.INVALID_ARGUMENT);
  });

  it('refuses times before the database was cleared', () => {
    const other = store.db('projects/q/databases/(default)');
    const before = store.now() - 1_000_000;
    other.clear();
    expect(codeOf(() => store.readTime(other, tsFromMicros(before)))).toBe(status.FAILED_PRECONDITION);
  });
});
