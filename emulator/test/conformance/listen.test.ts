// Real-time listeners through onSnapshot: firebase-admin's, and the `firebase` web SDK's (signed in, permissive
// rules loaded by @firebase/rules-unit-testing): initial snapshots, then changes in order, unsubscribe.
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { DocumentSnapshot, Query, QuerySnapshot } from 'firebase-admin/firestore';
import {
  collection as webCollection,
  doc as webDoc,
  limit as webLimit,
  onSnapshot as webOnSnapshot,
  orderBy as webOrderBy,
  query as webQuery,
  where as webWhere,
  type DocumentSnapshot as WebDocumentSnapshot,
  type Firestore as WebFirestore,
  type QuerySnapshot as WebQuerySnapshot,
} from 'firebase/firestore';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { clearProject, ids, openDb, uniqueProjectId } from './helpers';

const db = openDb(uniqueProjectId('listen'));

/** How long to wait for a snapshot that must come, and for one that must not. */
const TIMEOUT_MS = 5_000;
const QUIET_MS = 300;

/** Snapshots of one listener in arrival order; `next()` waits for the next one. */
class Snapshots<T> {
  private readonly queue: T[] = [];
  private waiter?: (s: T) => void;
  error?: Error;
  unsubscribe: () => void = () => undefined;

  push(s: T): void {
    const w = this.waiter;
    this.waiter = undefined;
    if (w) w(s);
    else this.queue.push(s);
  }

  next(): Promise<T> {
    const s = this.queue.shift();
    if (s) return Promise.resolve(s);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no snapshot within ${TIMEOUT_MS} ms${this.error ? `: ${this.error.message}` : ''}`)),
        TIMEOUT_MS,
      );
      this.waiter = (x) => {
        clearTimeout(timer);
        resolve(x);
      };
    });
  }

  /** Snapshots that arrived and were not taken yet, after a quiet period. */
  async pending(): Promise<number> {
    await new Promise((r) => setTimeout(r, QUIET_MS));
    return this.queue.length;
  }
}

const listeners: Snapshots<unknown>[] = [];
afterEach(() => {
  for (const l of listeners.splice(0)) l.unsubscribe();
});

function listenQuery(q: Query): Snapshots<QuerySnapshot> {
  const s = new Snapshots<QuerySnapshot>();
  s.unsubscribe = q.onSnapshot(
    (snap) => s.push(snap),
    (e) => (s.error = e),
  );
  listeners.push(s as Snapshots<unknown>);
  return s;
}

function listenDoc(path: string): Snapshots<DocumentSnapshot> {
  const s = new Snapshots<DocumentSnapshot>();
  s.unsubscribe = db.doc(path).onSnapshot(
    (snap) => s.push(snap),
    (e) => (s.error = e),
  );
  listeners.push(s as Snapshots<unknown>);
  return s;
}

/** The changes of a snapshot as `type:id@oldIndex>newIndex`, in the order the SDK lists them. */
function changes(snap: QuerySnapshot): string[] {
  return snap.docChanges().map((c) => `${c.type}:${c.doc.id}@${c.oldIndex}>${c.newIndex}`);
}

describe('document listener', () => {
  it('delivers a missing document, its creation, update, deletion and recreation in order', async () => {
    const ref = db.doc('docs/d1');
    const s = listenDoc('docs/d1');
    const initial = await s.next();
    expect(initial.exists).toBe(false);

    const created = await ref.set({ v: 1 });
    const afterCreate = await s.next();
    expect(afterCreate.exists).toBe(true);
    expect(afterCreate.data()).toEqual({ v: 1 });
    expect(afterCreate.updateTime!.isEqual(created.writeTime)).toBe(true);
    expect(afterCreate.readTime.toMillis()).toBeGreaterThanOrEqual(created.writeTime.toMillis());

    await ref.update({ v: 2, w: 'x' });
    expect((await s.next()).data()).toEqual({ v: 2, w: 'x' });

    await ref.delete();
    expect((await s.next()).exists).toBe(false);

    await ref.set({ v: 3 });
    const recreated = await s.next();
    expect(recreated.exists).toBe(true);
    expect(recreated.data()).toEqual({ v: 3 });
    // A write to another document of the collection is not a change of this one.
    await db.doc('docs/d2').set({ v: 1 });
    expect(await s.pending()).toBe(0);
  });

  it('starts with the current document', async () => {
    await db.doc('docs/existing').set({ a: true });
    const s = listenDoc('docs/existing');
    const snap = await s.next();
    expect(snap.data()).toEqual({ a: true });
  });
});

describe('query listener with where, orderBy and limit', () => {
  it('sends the initial result, then additions, modifications and removals (incl. pushed out of the limit)', async () => {
    const col = db.collection('scores');
    const batch = db.batch();
    batch.set(col.doc('a1'), { team: 'a', score: 10 });
    batch.set(col.doc('a2'), { team: 'a', score: 20 });
    batch.set(col.doc('a3'), { team: 'a', score: 30 });
    batch.set(col.doc('a4'), { team: 'a', score: 5 });
    batch.set(col.doc('b1'), { team: 'b', score: 100 });
    await batch.commit();

    const s = listenQuery(col.where('team', '==', 'a').orderBy('score', 'desc').limit(3));
    const initial = await s.next();
    expect(ids(initial)).toEqual(['a3', 'a2', 'a1']);
    expect(changes(initial)).toEqual(['added:a3@-1>0', 'added:a2@-1>1', 'added:a1@-1>2']);

    // A new top score pushes the lowest one out of the limit.
    await col.doc('a5').set({ team: 'a', score: 40 });
    let snap = await s.next();
    expect(ids(snap)).toEqual(['a5', 'a3', 'a2']);
    expect(changes(snap)).toEqual(['removed:a1@2>-1', 'added:a5@-1>0']);

    // A modification that moves a document within the result.
    await col.doc('a2').update({ score: 50 });
    snap = await s.next();
    expect(ids(snap)).toEqual(['a2', 'a5', 'a3']);
    expect(changes(snap)).toEqual(['modified:a2@2>0']);

    // A document that no longer matches leaves; the next one by order comes in.
    await col.doc('a5').update({ team: 'b' });
    snap = await s.next();
    expect(ids(snap)).toEqual(['a2', 'a3', 'a1']);
    expect(changes(snap)).toEqual(['removed:a5@1>-1', 'added:a1@-1>2']);

    // Writes the query does not see send nothing.
    await col.doc('b2').set({ team: 'b', score: 1 });
    await col.doc('a4').update({ score: 6 });
    expect(await s.pending()).toBe(0);

    // Deleted and recreated.
    await col.doc('a3').delete();
    snap = await s.next();
    expect(ids(snap)).toEqual(['a2', 'a1', 'a4']);
    expect(changes(snap)).toEqual(['removed:a3@1>-1', 'added:a4@-1>2']);
    await col.doc('a3').set({ team: 'a', score: 30 });
    snap = await s.next();
    expect(ids(snap)).toEqual(['a2', 'a3', 'a1']);
    expect(changes(snap)).toEqual(['removed:a4@2>-1', 'added:a3@-1>1']);
  });

  it('a query without limit: several changes of one batch arrive in one snapshot', async () => {
    const col = db.collection('tasks');
    await col.doc('t1').set({ open: true, p: 1 });
    const s = listenQuery(col.where('open', '==', true));
    expect(ids(await s.next())).toEqual(['t1']);
    const batch = db.batch();
    batch.set(col.doc('t2'), { open: true, p: 2 });
    batch.update(col.doc('t1'), { p: 3 });
    batch.set(col.doc('t3'), { open: false, p: 0 });
    await batch.commit();
    const snap = await s.next();
    expect(ids(snap)).toEqual(['t1', 't2']);
    expect(changes(snap)).toEqual(['added:t2@-1>1', 'modified:t1@0>0']);
    await col.doc('t2').update({ open: false });
    expect(changes(await s.next())).toEqual(['removed:t2@1>-1']);
  });
});

describe('collection group listener', () => {
  it('sees documents of the group in every parent, and nothing else', async () => {
    await db.doc('posts/p1/comments/c1').set({ text: 'one' });
    await db.doc('posts/p1/notes/n1').set({ text: 'not a comment' });
    const s = listenQuery(db.collectionGroup('comments').orderBy('text'));
    expect(ids(await s.next())).toEqual(['c1']);

    await db.doc('posts/p2/comments/c2').set({ text: 'two' });
    let snap = await s.next();
    expect(snap.docs.map((d) => d.ref.path)).toEqual(['posts/p1/comments/c1', 'posts/p2/comments/c2']);
    expect(changes(snap)).toEqual(['added:c2@-1>1']);

    await db.doc('users/u/comments/c0').set({ text: 'a first' });
    snap = await s.next();
    expect(changes(snap)).toEqual(['added:c0@-1>0']);

    await db.doc('posts/p1/notes/n2').set({ text: 'not a comment either' });
    await db.doc('comments-archive/c9').set({ text: 'other collection' });
    expect(await s.pending()).toBe(0);

    await db.doc('posts/p1/comments/c1').delete();
    expect(changes(await s.next())).toEqual(['removed:c1@1>-1']);
  });
});

describe('cursors and limitToLast', () => {
  it('startAfter: documents move in and out of the range', async () => {
    const col = db.collection('ranked');
    const batch = db.batch();
    for (const [id, n] of [
      ['r1', 1],
      ['r2', 2],
      ['r3', 3],
      ['r4', 4],
    ] as const)
      batch.set(col.doc(id), { n });
    await batch.commit();
    const s = listenQuery(col.orderBy('n').startAfter(2));
    expect(ids(await s.next())).toEqual(['r3', 'r4']);
    await col.doc('r1').update({ n: 5 });
    expect(changes(await s.next())).toEqual(['added:r1@-1>2']);
    await col.doc('r3').update({ n: 0 });
    const snap = await s.next();
    expect(ids(snap)).toEqual(['r4', 'r1']);
    expect(changes(snap)).toEqual(['removed:r3@0>-1']);
    // A document without the ordered field is never in the result.
    await col.doc('r5').set({ other: 1 });
    expect(await s.pending()).toBe(0);
  });

  it('limitToLast: the last documents by order, in query order', async () => {
    const col = db.collection('tail');
    const batch = db.batch();
    for (let i = 1; i <= 5; i++) batch.set(col.doc(`x${i}`), { n: i });
    await batch.commit();
    const s = listenQuery(col.orderBy('n').limitToLast(2));
    expect(ids(await s.next())).toEqual(['x4', 'x5']);
    await col.doc('x9').set({ n: 9 });
    let snap = await s.next();
    expect(ids(snap)).toEqual(['x5', 'x9']);
    expect(changes(snap)).toEqual(['removed:x4@0>-1', 'added:x9@-1>1']);
    await col.doc('x9').delete();
    snap = await s.next();
    expect(ids(snap)).toEqual(['x4', 'x5']);
    expect(changes(snap)).toEqual(['removed:x9@1>-1', 'added:x4@-1>0']);
  });
});

describe('unsubscribe and many listeners', () => {
  it('no callback after unsubscribe', async () => {
    const col = db.collection('quiet');
    const s = listenQuery(col);
    expect((await s.next()).size).toBe(0);
    await col.doc('q1').set({ a: 1 });
    expect(changes(await s.next())).toEqual(['added:q1@-1>0']);
    s.unsubscribe();
    await col.doc('q2').set({ a: 2 });
    await col.doc('q1').delete();
    expect(await s.pending()).toBe(0);
  });

  it('many listeners at once each get the initial snapshot and every change once', async () => {
    const col = db.collection('crowd');
    await col.doc('seed').set({ group: 0 });
    const N = 60;
    const all = Array.from({ length: N }, (_, i) => listenQuery(col.where('group', 'in', [0, i % 3])));
    for (const s of all) expect(ids(await s.next())).toEqual(['seed']);
    await col.doc('g1').set({ group: 1 });
    await col.doc('g2').set({ group: 2 });
    for (let i = 0; i < N; i++) {
      if (i % 3 === 0) continue;
      // Ordered by document id: g1 and g2 come before `seed`.
      const snap = await all[i].next();
      expect(changes(snap)).toEqual([`added:g${i % 3}@-1>0`]);
      expect(ids(snap)).toEqual([`g${i % 3}`, 'seed']);
    }
    const quiet = await Promise.all(all.map((s) => s.pending()));
    expect(quiet.every((n) => n === 0)).toBe(true);
  });
});

describe('every way of writing reaches listeners', () => {
  it('a transaction, a BulkWriter, and clearing the project through the emulator endpoint', async () => {
    const projectId = uniqueProjectId('listen-ways');
    const other = openDb(projectId);
    const col = other.collection('ways');
    await col.doc('w1').set({ n: 1 });
    const s = listenQuery(col.orderBy('n'));
    expect(ids(await s.next())).toEqual(['w1']);

    await other.runTransaction(async (tx) => {
      const snap = await tx.get(col.doc('w1'));
      tx.update(col.doc('w1'), { n: snap.get('n') + 10 });
      tx.set(col.doc('w2'), { n: 5 });
    });
    let snap = await s.next();
    expect(ids(snap)).toEqual(['w2', 'w1']);
    // Indexes apply one change after the other: w2 is added after w1 (n: 1), then w1 (n: 11) moves behind it.
    expect(changes(snap)).toEqual(['added:w2@-1>1', 'modified:w1@0>1']);

    const writer = other.bulkWriter();
    void writer.set(col.doc('w3'), { n: 7 });
    void writer.delete(col.doc('w2'));
    await writer.close();
    // A BulkWriter's writes are independent: they may arrive in one snapshot or two.
    snap = await s.next();
    if (ids(snap).length !== 2) snap = await s.next();
    expect(ids(snap)).toEqual(['w3', 'w1']);

    await clearProject(projectId);
    snap = await s.next();
    expect(snap.size).toBe(0);
    expect(snap.docChanges().map((c) => `${c.type}:${c.doc.id}`)).toEqual(['removed:w3', 'removed:w1']);
  });
});

describe('the web SDK', () => {
  let env: RulesTestEnvironment | undefined;
  afterAll(async () => {
    await env?.cleanup();
  });

  it('a signed-in user listening to a document and a limited query sees every change in order', async () => {
    const [host, port] = inject('emulatorHost').split(':');
    const projectId = uniqueProjectId('listen-web');
    env = await initializeTestEnvironment({
      projectId,
      firestore: {
        host,
        port: Number(port),
        rules:
          "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents/{path=**} {\n    allow read: if request.auth != null;\n  }\n}",
      },
    });
    const web = env.authenticatedContext('alice').firestore() as unknown as WebFirestore;
    const admin = openDb(projectId);

    const docSnaps = new Snapshots<WebDocumentSnapshot>();
    const unsubDoc = webOnSnapshot(
      webDoc(web, 'games/g1'),
      (snap) => docSnaps.push(snap),
      (e) => (docSnaps.error = e),
    );
    const querySnaps = new Snapshots<WebQuerySnapshot>();
    const unsubQuery = webOnSnapshot(
      webQuery(webCollection(web, 'games'), webWhere('open', '==', true), webOrderBy('score', 'desc'), webLimit(2)),
      (snap) => querySnaps.push(snap),
      (e) => (querySnaps.error = e),
    );
    const webChanges = (snap: WebQuerySnapshot) =>
      snap.docChanges().map((c) => `${c.type}:${c.doc.id}@${c.oldIndex}>${c.newIndex}`);
    try {
      expect((await docSnaps.next()).exists()).toBe(false);
      expect((await querySnaps.next()).size).toBe(0);

      await admin.doc('games/g1').set({ open: true, score: 1 });
      expect((await docSnaps.next()).data()).toEqual({ open: true, score: 1 });
      expect(webChanges(await querySnaps.next())).toEqual(['added:g1@-1>0']);

      await admin.doc('games/g2').set({ open: true, score: 5 });
      await admin.doc('games/g3').set({ open: true, score: 3 });
      // g3 pushes g1 out of the limit; the two commits may arrive in one snapshot or two.
      let snap = await querySnaps.next();
      if (snap.size !== 2 || snap.docs[1].id !== 'g3') snap = await querySnaps.next();
      expect(snap.docs.map((d) => d.id)).toEqual(['g2', 'g3']);
      // g1's only change is that it left the query: its own listener hears nothing.
      expect(await docSnaps.pending()).toBe(0);

      await admin.doc('games/g2').delete();
      snap = await querySnaps.next();
      expect(snap.docs.map((d) => d.id)).toEqual(['g3', 'g1']);
      expect(webChanges(snap)).toEqual(['removed:g2@0>-1', 'added:g1@-1>1']);

      await admin.doc('games/g1').delete();
      expect((await docSnaps.next()).exists()).toBe(false);
      expect(webChanges(await querySnaps.next())).toEqual(['removed:g1@1>-1']);
    } finally {
      unsubDoc();
      unsubQuery();
    }
  });
});
