// Firestore's REST API through the clients that speak it: firebase-admin with `preferRest: true` (the REST transport
// of `@google-cloud/firestore`), and the web SDK's `firebase/firestore/lite` as an end user checked by the
// rules (mockUserToken); plus the single-document methods (CreateDocument, UpdateDocument, DeleteDocument) that the
// REST API shares with gRPC, through the published GAPIC client.
import * as grpc from '@grpc/grpc-js';
import firestorePackage from '@google-cloud/firestore';
import { AggregateField, FieldValue, Timestamp, type Firestore, type Settings } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  addDoc,
  Bytes,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  GeoPoint,
  increment,
  orderBy,
  query,
  setLogLevel,
  runTransaction,
  serverTimestamp,
  setDoc,
  sum,
  average,
  Timestamp as WebTimestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore as WebFirestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clearProject, Code, expectCode, openDb, uniqueProjectId } from './helpers';

const host = inject('emulatorHost');
const [hostname, port] = host.split(':');

describe("firebase-admin with preferRest (@google-cloud/firestore's REST transport)", () => {
  const projectId = uniqueProjectId('rest-node');
  let db: Firestore;

  beforeAll(() => {
    // The REST transport asks google-auth-library for a client even on an emulator (googleapis/nodejs-firestore
    // issue 1811) and this machine has no Google credentials: an API key gives it one; the client still sends
    // `Bearer owner` to the emulator, as it does over gRPC.
    db = openDb(projectId, { settings: { preferRest: true, apiKey: 'emulator' } as Settings });
  });
  afterAll(async () => {
    await clearProject(projectId);
  });

  it('writes and reads back every value type', async () => {
    const data = {
      nothing: null,
      yes: true,
      big: 9007199254740991,
      half: 0.5,
      nan: NaN,
      at: new Timestamp(1_700_000_000, 123_456_000),
      text: 'été ✓',
      raw: Buffer.from([0, 1, 254, 255]),
      ref: db.doc('other/x'),
      list: [1, 'two', { three: 3 }],
      map: { deep: { er: ['x'] } },
      empty: {},
    };
    const ref = db.doc('values/all');
    const result = await ref.set(data);
    expect(result.writeTime).toBeInstanceOf(Timestamp);
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    const back = snap.data()!;
    expect(back.ref.path).toBe('other/x');
    expect({ ...back, ref: undefined }).toEqual({ ...data, ref: undefined });
    expect(snap.createTime!.isEqual(result.writeTime)).toBe(true);
  });

  it('updates with transforms, and an update of a missing document fails NOT_FOUND', async () => {
    const ref = db.doc('counters/c');
    await ref.set({ n: 1, tags: ['a'] });
    await ref.update({
      n: FieldValue.increment(2),
      tags: FieldValue.arrayUnion('b'),
      at: FieldValue.serverTimestamp(),
    });
    const snap = await ref.get();
    expect(snap.get('n')).toBe(3);
    expect(snap.get('tags')).toEqual(['a', 'b']);
    expect(snap.get('at')).toBeInstanceOf(Timestamp);
    await expectCode(db.doc('counters/none').update({ n: 1 }), Code.NOT_FOUND);
  });

  it('a stale lastUpdateTime fails INVALID_ARGUMENT: google-gax reads the code from HTTP 400 (FAILED_PRECONDITION over gRPC)', async () => {
    const ref = db.doc('counters/stale');
    await ref.set({ n: 1 });
    await expectCode(ref.update({ n: 2 }, { lastUpdateTime: new Timestamp(1, 0) }), Code.INVALID_ARGUMENT);
    expect((await ref.get()).get('n')).toBe(1);
  });

  it('queries, aggregates, lists documents and collections, and reads several documents', async () => {
    const batch = db.batch();
    for (const [id, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      batch.set(db.doc(`items/${id}`), { n, odd: n % 2 === 1 });
    batch.set(db.doc('items/ghost/sub/s'), { n: 0 });
    await batch.commit();
    const odd = await db.collection('items').where('odd', '==', true).orderBy('n', 'desc').get();
    expect(odd.docs.map((d) => d.id)).toEqual(['c', 'a']);
    const agg = await db
      .collection('items')
      .aggregate({ count: AggregateField.count(), total: AggregateField.sum('n'), mean: AggregateField.average('n') })
      .get();
    expect(agg.data()).toEqual({ count: 3, total: 6, mean: 2 });
    const listed = await db.collection('items').listDocuments();
    expect(listed.map((r) => r.id).sort()).toEqual(['a', 'b', 'c', 'ghost']);
    expect((await db.listCollections()).map((c) => c.id)).toEqual(expect.arrayContaining(['items', 'values']));
    expect((await db.doc('items/ghost').listCollections()).map((c) => c.id)).toEqual(['sub']);
    const [a, none] = await db.getAll(db.doc('items/a'), db.doc('items/none'));
    expect([a.exists, none.exists]).toEqual([true, false]);
  });

  it('runs transactions (reads in the transaction, a commit) and writes through BulkWriter (batchWrite)', async () => {
    const ref = db.doc('tx/t');
    await ref.set({ n: 1 });
    const seen = await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, { n: snap.get('n') + 1 });
      return snap.get('n');
    });
    expect(seen).toBe(1);
    expect((await ref.get()).get('n')).toBe(2);
    const writer = db.bulkWriter();
    // BulkWriter sends its batch when closed (or full): the results settle then.
    const pending = [writer.set(db.doc('bulk/a'), { v: 1 }), writer.create(db.doc('bulk/b'), { v: 2 })];
    await writer.close();
    const results = await Promise.all(pending);
    expect(results.every((r) => r.writeTime instanceof Timestamp)).toBe(true);
    expect((await db.collection('bulk').get()).size).toBe(2);
  });
});

describe('firebase/firestore/lite as end users (REST, rules from mockUserToken)', () => {
  const projectId = uniqueProjectId('rest-lite');
  const apps: FirebaseApp[] = [];
  /** A lite client signed in as `uid` (an unsigned token, as the Auth emulator issues), or signed out. */
  const client = (uid?: string): WebFirestore => {
    const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `${projectId}-${uid ?? 'anon'}-${apps.length}`);
    apps.push(app);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, hostname, Number(port), uid ? { mockUserToken: { user_id: uid } } : {});
    return db;
  };
  let alice: WebFirestore;

  beforeAll(async () => {
    const rules = `rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /notes/{id} {
            allow read: if request.auth != null && (resource == null || resource.data.owner == request.auth.uid);
            allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
            allow update, delete: if request.auth != null && resource.data.owner == request.auth.uid;
          }
        }
      }`;
    const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
    });
    expect(res.status).toBe(200);
    alice = client('alice');
    // The SDK logs every refused request; the refusals are what the last test expects.
    setLogLevel('silent');
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => deleteApp(a)));
    await clearProject(projectId);
  });

  it('writes, reads, updates and deletes what the rules allow, with every value type', async () => {
    const ref = doc(alice, 'notes/n1');
    await setDoc(ref, {
      owner: 'alice',
      n: 1,
      at: WebTimestamp.fromMillis(1234),
      raw: Bytes.fromUint8Array(new Uint8Array([1, 2, 3])),
      where: new GeoPoint(48.85, 2.35),
      list: ['a', { b: null }],
      stamp: serverTimestamp(),
    });
    const snap = await getDoc(ref);
    expect(snap.get('n')).toBe(1);
    expect(snap.get('at').toMillis()).toBe(1234);
    expect((snap.get('raw') as Bytes).toUint8Array()).toEqual(new Uint8Array([1, 2, 3]));
    expect(snap.get('where').isEqual(new GeoPoint(48.85, 2.35))).toBe(true);
    expect(snap.get('list')).toEqual(['a', { b: null }]);
    expect(snap.get('stamp')).toBeInstanceOf(WebTimestamp);
    await updateDoc(ref, { n: increment(4) });
    expect((await getDoc(ref)).get('n')).toBe(5);
    const added = await addDoc(collection(alice, 'notes'), { owner: 'alice', n: 2 });
    expect(added.id).toMatch(/^[A-Za-z0-9]{20}$/);
    await deleteDoc(added);
    expect((await getDoc(added)).exists()).toBe(false);
  });

  it('queries and aggregates within the rules; transactions and batches commit', async () => {
    await setDoc(doc(alice, 'notes/q1'), { owner: 'alice', n: 10 });
    await setDoc(doc(alice, 'notes/q2'), { owner: 'alice', n: 20 });
    const mine = query(collection(alice, 'notes'), where('owner', '==', 'alice'), orderBy('n'));
    expect((await getDocs(mine)).docs.map((d) => d.get('n'))).toEqual([5, 10, 20]);
    expect((await getCount(mine)).data().count).toBe(3);
    expect((await getAggregate(mine, { total: sum('n'), mean: average('n') })).data()).toEqual({
      total: 35,
      mean: 35 / 3,
    });
    await runTransaction(alice, async (tx) => {
      const snap = await tx.get(doc(alice, 'notes/q1'));
      tx.update(doc(alice, 'notes/q1'), { n: snap.get('n') + 1 });
    });
    expect((await getDoc(doc(alice, 'notes/q1'))).get('n')).toBe(11);
    const batch = writeBatch(alice);
    batch.update(doc(alice, 'notes/q2'), { n: 21 });
    batch.delete(doc(alice, 'notes/q1'));
    await batch.commit();
    expect((await getDocs(mine)).docs.map((d) => d.id)).toEqual(['n1', 'q2']);
  });

  it('refuses other users and signed-out callers (permission-denied), reads, queries and writes alike', async () => {
    for (const other of [client('bob'), client()]) {
      await expect(getDoc(doc(other, 'notes/n1'))).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(getDocs(query(collection(other, 'notes'), where('owner', '==', 'alice')))).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(updateDoc(doc(other, 'notes/n1'), { n: 0 })).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(setDoc(doc(other, 'notes/bobs'), { owner: 'alice' })).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    expect((await getDoc(doc(alice, 'notes/n1'))).get('n')).toBe(5);
  });
});

describe('CreateDocument, UpdateDocument, DeleteDocument and ListDocuments over gRPC (the GAPIC client)', () => {
  const projectId = uniqueProjectId('rest-gapic');
  const root = `projects/${projectId}/databases/(default)/documents`;
  const admin = { otherArgs: { headers: { authorization: 'Bearer owner' } } };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the GAPIC client is untyped through the default export
  let gapic: any;

  beforeAll(() => {
    const { v1 } = firestorePackage as unknown as { v1: { FirestoreClient: new (o: object) => unknown } };
    gapic = new v1.FirestoreClient({
      servicePath: hostname,
      port: Number(port),
      sslCreds: grpc.credentials.createInsecure(),
      grpc,
    });
  });
  afterAll(async () => {
    await gapic.close();
    await clearProject(projectId);
  });

  it('creates (ALREADY_EXISTS when taken), updates with a mask and a precondition, and deletes', async () => {
    const create = {
      parent: root,
      collectionId: 'c',
      documentId: 'd',
      document: { fields: { a: { integerValue: 1 } } },
    };
    const [created] = await gapic.createDocument(create, admin);
    expect(created.name).toBe(`${root}/c/d`);
    expect(created.fields.a.integerValue).toBe('1');
    await expectCode(gapic.createDocument(create, admin), Code.ALREADY_EXISTS);
    const [updated] = await gapic.updateDocument(
      {
        document: { name: created.name, fields: { b: { stringValue: 'x' } } },
        updateMask: { fieldPaths: ['b'] },
        currentDocument: { updateTime: created.updateTime },
      },
      admin,
    );
    expect(Object.keys(updated.fields).sort()).toEqual(['a', 'b']);
    await expectCode(
      gapic.deleteDocument({ name: created.name, currentDocument: { updateTime: created.updateTime } }, admin),
      Code.FAILED_PRECONDITION,
    );
    await gapic.deleteDocument({ name: created.name }, admin);
    await expectCode(gapic.getDocument({ name: created.name }, admin), Code.NOT_FOUND);
  });

  it('lists the documents of every collection under a parent when no collection id is given, by name and pages', async () => {
    for (const path of ['p/1/b/2', 'p/1/a/9', 'p/1/b/1', 'p/1/a/ghost/sub/x', 'q/0'])
      await gapic.updateDocument({ document: { name: `${root}/${path}`, fields: {} } }, admin);
    const list = async (request: object) => {
      const [documents, next] = await gapic.listDocuments(
        { parent: `${root}/p/1`, collectionId: '', ...request },
        { ...admin, autoPaginate: false },
      );
      return { names: documents.map((d: { name: string }) => d.name.slice(`${root}/p/1/`.length)), next };
    };
    expect((await list({})).names).toEqual(['a/9', 'b/1', 'b/2']);
    expect((await list({ showMissing: true })).names).toEqual(['a/9', 'a/ghost', 'b/1', 'b/2']);
    const first = await list({ pageSize: 2 });
    expect(first.names).toEqual(['a/9', 'b/1']);
    expect((await list({ pageSize: 2, pageToken: first.next.pageToken })).names).toEqual(['b/2']);
    const [atRoot] = await gapic.listDocuments({ parent: root, collectionId: '' }, { ...admin, autoPaginate: false });
    expect(atRoot.map((d: { name: string }) => d.name)).toEqual([`${root}/q/0`]);
  });

  it('checks end users against the rules (none loaded: every request refused)', async () => {
    const request = { parent: root, collectionId: 'c', documentId: 'e', document: { fields: {} } };
    await expectCode(gapic.createDocument(request, {}), Code.PERMISSION_DENIED);
  });
});
