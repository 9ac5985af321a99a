// The in-process channel (in-process.ts): firebase-admin and a raw gRPC client in the emulator's own process get the
// same answers as over the network, with no connection for unary and server-streaming methods, while Listen still
// connects; errors, end users' tokens and deadlines keep their meaning.
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/firestore/index';
import { firestoreService } from '../../src/firestore/protos';
import { Code, expectCode, ids, openDb, uniqueProjectId } from './helpers';

let emulator: RunningEmulator;
/** A port nothing listens on: a client aimed there reaches the emulator only through the channel. */
let closedHost: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'in-process-'));
  // End users may read `open/*` when signed in as alice, and nothing else.
  const rules = join(dir, 'firestore.rules');
  writeFileSync(
    rules,
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n" +
      "    match /open/{id} { allow read: if request.auth.uid == 'alice'; }\n  }\n}\n",
  );
  emulator = await startEmulator({ port: 0, quiet: true, rulesFile: rules });
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedHost = `127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  await emulator?.stop();
});

/** firebase-admin through the channel, aimed at `host` for what the channel sends over the network. */
const inProcessDb = (projectId: string, host = closedHost): Firestore =>
  openDb(projectId, { host, settings: { 'grpc.channelFactoryOverride': emulator.channelFactory } });

describe('firebase-admin through the in-process channel', () => {
  it('writes, reads, queries, aggregates and lists without a connection', async () => {
    const db = inProcessDb(uniqueProjectId('in-process'));
    const col = db.collection('studies');
    await col.doc('a').set({ title: 'Asthma', sites: 3, tags: ['lung'] });
    await col.doc('b').create({ title: 'Bronchitis', sites: 1, tags: [] });
    await col.doc('b').update({ sites: FieldValue.increment(4) });
    const batch = db.batch();
    batch.set(col.doc('c'), { title: 'Cough', sites: 2 });
    batch.delete(col.doc('a'));
    await batch.commit();
    const writer = db.bulkWriter();
    void writer.set(db.doc('studies/c/history/1'), { at: 1 });
    await writer.close();

    const [b, missing] = await db.getAll(col.doc('b'), col.doc('a'));
    expect(b.data()).toEqual({ title: 'Bronchitis', sites: 5, tags: [] });
    expect(missing.exists).toBe(false);
    expect(ids(await col.orderBy('sites', 'desc').get())).toEqual(['b', 'c']);
    expect(ids(await col.orderBy('sites').startAfter(2).get())).toEqual(['b']);
    expect((await col.count().get()).data().count).toBe(2);
    expect((await db.listCollections()).map((c) => c.id)).toEqual(['studies']);
    expect((await col.doc('c').listCollections()).map((c) => c.id)).toEqual(['history']);
    expect((await col.listDocuments()).map((d) => d.id).sort()).toEqual(['b', 'c']);
  });

  it('streams a long query whole and in order', async () => {
    const db = inProcessDb(uniqueProjectId('in-process-stream'));
    const batch = db.batch();
    for (let i = 0; i < 450; i++) batch.set(db.doc(`rows/${String(i).padStart(3, '0')}`), { i });
    await batch.commit();
    const rows = await db.collection('rows').orderBy('i').get();
    expect(rows.docs.map((d) => d.get('i'))).toEqual(Array.from({ length: 450 }, (_, i) => i));
  });

  it('keeps the status of a refused request', async () => {
    const db = inProcessDb(uniqueProjectId('in-process-errors'));
    await expectCode(db.doc('x/missing').update({ a: 1 }), Code.NOT_FOUND);
    await db.doc('x/one').create({ a: 1 });
    await expectCode(db.doc('x/one').create({ a: 2 }), Code.ALREADY_EXISTS);
    const error = await expectCode(db.doc('x/big').set({ text: 'x'.repeat(1_100_000) }), Code.INVALID_ARGUMENT);
    expect(error.message).toContain('exceeds the maximum allowed size');
  });

  it('retries contended transactions to the same total as over the network', async () => {
    const projectId = uniqueProjectId('in-process-tx');
    const db = inProcessDb(projectId);
    const counter = db.doc('counters/visits');
    await counter.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.runTransaction(async (tx) => {
          const n = (await tx.get(counter)).get('n') as number;
          tx.update(counter, { n: n + 1 });
        }),
      ),
    );
    const overNetwork = openDb(projectId, { host: `127.0.0.1:${emulator.port}` });
    expect((await overNetwork.doc('counters/visits').get()).get('n')).toBe(8);
  });

  it('still listens over the network, and hears writes made through the channel', async () => {
    const db = inProcessDb(uniqueProjectId('in-process-listen'), `127.0.0.1:${emulator.port}`);
    const seen: unknown[] = [];
    const heard = new Promise<void>((resolve, reject) => {
      const stop = db.doc('live/one').onSnapshot((snap) => {
        seen.push(snap.get('v') ?? null);
        if (snap.get('v') === 2) {
          stop();
          resolve();
        }
      }, reject);
    });
    await db.doc('live/one').set({ v: 1 });
    await db.doc('live/one').set({ v: 2 });
    await heard;
    expect(seen.at(-1)).toBe(2);
  });
});

describe('a raw gRPC client through the in-process channel', () => {
  const Client = grpc.makeGenericClientConstructor(firestoreService, 'Firestore');
  const database = (projectId: string) => `projects/${projectId}/databases/(default)`;
  /** An unsigned ID token as the emulators take them (rules-unit-testing's mockUserToken has this form). */
  const userToken = (uid: string) =>
    ['{"alg":"none"}', JSON.stringify({ sub: uid, user_id: uid })]
      .map((p) => Buffer.from(p).toString('base64url'))
      .join('.') + '.';
  const client = () =>
    new Client(closedHost, grpc.credentials.createInsecure(), { channelFactoryOverride: emulator.channelFactory });
  const getDocument = (name: string, metadata: grpc.Metadata, deadline?: Date) =>
    new Promise<unknown>((resolve, reject) =>
      client().makeUnaryRequest(
        firestoreService.GetDocument.path,
        firestoreService.GetDocument.requestSerialize,
        firestoreService.GetDocument.responseDeserialize,
        { name },
        metadata,
        deadline ? { deadline } : {},
        (error, value) => (error ? reject(error) : resolve(value)),
      ),
    );
  const as = (token: string) => {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', `Bearer ${token}`);
    return metadata;
  };

  it("checks an end user's token against the rules", async () => {
    const projectId = uniqueProjectId('in-process-rules');
    await inProcessDb(projectId).doc('open/doc').set({ v: 1 });
    const name = `${database(projectId)}/documents/open/doc`;
    expect(await getDocument(name, as(userToken('alice')))).toMatchObject({ name });
    await expectCode(getDocument(name, as(userToken('bob'))), Code.PERMISSION_DENIED);
    await expectCode(getDocument(name, as('not-a-token')), Code.UNAUTHENTICATED);
  });

  it('ends a call whose deadline has passed with DEADLINE_EXCEEDED', async () => {
    const projectId = uniqueProjectId('in-process-deadline');
    const name = `${database(projectId)}/documents/open/doc`;
    await expectCode(getDocument(name, as('owner'), new Date(Date.now() - 1000)), Code.DEADLINE_EXCEEDED);
  });
});
