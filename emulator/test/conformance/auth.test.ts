// Authorisation: the admin token firebase-admin sends skips the rules; end-user tokens are PERMISSION_DENIED unless
// the project's security rules allow the request (rules loaded with @firebase/rules-unit-testing).
// firebase-admin always sends the emulator's admin token (`Bearer owner`), so it cannot show what happens to an
// end-user request. These tests therefore speak the public Firestore v1 wire API directly with @grpc/grpc-js and
// the protos shipped in @google-cloud/firestore: still only the public API, not the emulator's code.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { Code, openDb, uniqueProjectId } from './helpers';

const require = createRequire(import.meta.url);
const protosDir = join(dirname(require.resolve('@google-cloud/firestore/package.json')), 'build', 'protos');

type Callback = (error: grpc.ServiceError | null, response?: Record<string, unknown>) => void;
interface FirestoreStub extends grpc.Client {
  getDocument(request: object, metadata: grpc.Metadata, callback: Callback): void;
  commit(request: object, metadata: grpc.Metadata, callback: Callback): void;
  batchWrite(request: object, metadata: grpc.Metadata, callback: Callback): void;
  listDocuments(request: object, metadata: grpc.Metadata, callback: Callback): void;
  listCollectionIds(request: object, metadata: grpc.Metadata, callback: Callback): void;
  runQuery(request: object, metadata: grpc.Metadata): grpc.ClientReadableStream<Record<string, unknown>>;
  batchGetDocuments(request: object, metadata: grpc.Metadata): grpc.ClientReadableStream<Record<string, unknown>>;
  write(metadata: grpc.Metadata): grpc.ClientDuplexStream<object, Record<string, unknown>>;
}

const projectId = uniqueProjectId('auth');
const database = `projects/${projectId}/databases/(default)`;
const db = openDb(projectId);
let client: FirestoreStub;

/** An unsigned token shaped like the ones the Auth emulator issues to a signed-in end user. */
function fakeIdToken(): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: 'user-1',
    sub: 'user-1',
    iat: now,
    exp: now + 3600,
    email: 'user@example.com',
    email_verified: true,
    firebase: { identities: { email: ['user@example.com'] }, sign_in_provider: 'password' },
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

function bearer(token: string): grpc.Metadata {
  const metadata = new grpc.Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return metadata;
}

type UnaryMethod = 'getDocument' | 'commit' | 'batchWrite' | 'listDocuments' | 'listCollectionIds';

function unary(method: UnaryMethod, request: object, metadata: grpc.Metadata) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    client[method](request, metadata, (error, response) => (error ? reject(error) : resolve(response!)));
  });
}

beforeAll(async () => {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [protosDir],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: {
      firestore: { v1: { Firestore: new (address: string, credentials: grpc.ChannelCredentials) => FirestoreStub } };
    };
  };
  client = new loaded.google.firestore.v1.Firestore(inject('emulatorHost'), grpc.credentials.createInsecure());
  await db.doc('secrets/s1').set({ secret: 'x' });
});

afterAll(() => client?.close());

/** The status a call ends with (0 when it succeeds). */
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: grpc.ServiceError) => e.code,
  );

/** Every message of a server stream, or the status it failed with. */
function drain(stream: grpc.ClientReadableStream<Record<string, unknown>>) {
  return new Promise<{ code: number; messages: Record<string, unknown>[] }>((resolve) => {
    const messages: Record<string, unknown>[] = [];
    stream.on('data', (m: Record<string, unknown>) => messages.push(m));
    stream.on('error', (e: grpc.ServiceError) => resolve({ code: e.code, messages }));
    stream.on('end', () => resolve({ code: 0, messages }));
  });
}

describe('end-user tokens are refused', () => {
  it('the admin token reads a document (control case)', async () => {
    const doc = await unary('getDocument', { name: `${database}/documents/secrets/s1` }, bearer('owner'));
    expect(doc.name).toBe(`${database}/documents/secrets/s1`);
    expect(doc.fields).toEqual({ secret: { stringValue: 'x', valueType: 'stringValue' } });
  });

  it('GetDocument with an end-user ID token fails PERMISSION_DENIED', async () => {
    const error = await unary('getDocument', { name: `${database}/documents/secrets/s1` }, bearer(fakeIdToken())).then(
      () => null,
      (e: grpc.ServiceError) => e,
    );
    expect(error?.code).toBe(Code.PERMISSION_DENIED);
    expect(error?.details).toMatch(/Missing or insufficient permissions/);
  });

  it('Commit with an end-user ID token fails PERMISSION_DENIED and writes nothing', async () => {
    const write = { update: { name: `${database}/documents/secrets/by-user`, fields: { v: { integerValue: '1' } } } };
    const error = await unary('commit', { database, writes: [write] }, bearer(fakeIdToken())).then(
      () => null,
      (e: grpc.ServiceError) => e,
    );
    expect(error?.code).toBe(Code.PERMISSION_DENIED);
    expect((await db.doc('secrets/by-user').get()).exists).toBe(false);
  });

  it('RunQuery with an end-user ID token fails PERMISSION_DENIED', async () => {
    const stream = client.runQuery(
      { parent: `${database}/documents`, structuredQuery: { from: [{ collectionId: 'secrets' }] } },
      bearer(fakeIdToken()),
    );
    const outcome = await new Promise<{ code: number; results: number }>((resolve) => {
      let results = 0;
      stream.on('data', (r: Record<string, unknown>) => {
        if (r.document) results++;
      });
      stream.on('error', (e: grpc.ServiceError) => resolve({ code: e.code, results }));
      stream.on('end', () => resolve({ code: 0, results }));
    });
    expect(outcome).toEqual({ code: Code.PERMISSION_DENIED, results: 0 });
  });

  it('BatchWrite refuses each write, ListDocuments and BatchGetDocuments the whole request', async () => {
    const write = { update: { name: `${database}/documents/secrets/batch`, fields: { v: { integerValue: '1' } } } };
    const res = await unary('batchWrite', { database, writes: [write] }, bearer(fakeIdToken()));
    expect((res.status as { code: number }[]).map((s) => s.code ?? 0)).toEqual([Code.PERMISSION_DENIED]);
    expect((await db.doc('secrets/batch').get()).exists).toBe(false);
    const list = { parent: `${database}/documents`, collectionId: 'secrets' };
    expect(await codeOf(unary('listDocuments', list, bearer(fakeIdToken())))).toBe(Code.PERMISSION_DENIED);
    const got = await drain(
      client.batchGetDocuments({ database, documents: [`${database}/documents/secrets/s1`] }, bearer(fakeIdToken())),
    );
    expect(got).toEqual({ code: Code.PERMISSION_DENIED, messages: [] });
  });

  it('the server keeps serving the admin after refusing a user', async () => {
    expect((await db.doc('secrets/s1').get()).get('secret')).toBe('x');
  });
});

describe('end-user tokens under rules that allow some requests', () => {
  const allowedProject = uniqueProjectId('auth-rules');
  const allowed = `projects/${allowedProject}/databases/(default)`;
  const admin = openDb(allowedProject);
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const [host, port] = inject('emulatorHost').split(':');
    env = await initializeTestEnvironment({
      projectId: allowedProject,
      firestore: {
        host,
        port: Number(port),
        rules: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} {
      allow read, write: if request.auth.uid == 'user-1' && request.auth.token.email == 'user@example.com';
    }
  }
}`,
      },
    });
    await admin.doc('open/o1').set({ v: 1 });
    await admin.doc('closed/c1').set({ v: 1 });
  });

  afterAll(() => env?.cleanup());

  it('ListDocuments: allowed on the open collection, refused on the other', async () => {
    const res = await unary(
      'listDocuments',
      { parent: `${allowed}/documents`, collectionId: 'open' },
      bearer(fakeIdToken()),
    );
    expect((res.documents as { name: string }[]).map((d) => d.name)).toEqual([`${allowed}/documents/open/o1`]);
    const closed = { parent: `${allowed}/documents`, collectionId: 'closed' };
    expect(await codeOf(unary('listDocuments', closed, bearer(fakeIdToken())))).toBe(Code.PERMISSION_DENIED);
    // Without a token request.auth is null: the rule's error denies.
    const open = { parent: `${allowed}/documents`, collectionId: 'open' };
    expect(await codeOf(unary('listDocuments', open, new grpc.Metadata()))).toBe(Code.PERMISSION_DENIED);
  });

  it('BatchWrite: each write decided alone', async () => {
    const put = (path: string) => ({
      update: { name: `${allowed}/documents/${path}`, fields: { v: { integerValue: '2' } } },
    });
    const res = await unary(
      'batchWrite',
      { database: allowed, writes: [put('open/w1'), put('closed/w1')] },
      bearer(fakeIdToken()),
    );
    expect((res.status as { code?: number }[]).map((s) => s.code ?? 0)).toEqual([0, Code.PERMISSION_DENIED]);
    expect((await admin.doc('open/w1').get()).get('v')).toBe(2);
    expect((await admin.doc('closed/w1').get()).exists).toBe(false);
  });

  it('BatchGetDocuments: served when every document is allowed, refused when one is not', async () => {
    const one = await drain(
      client.batchGetDocuments(
        { database: allowed, documents: [`${allowed}/documents/open/o1`] },
        bearer(fakeIdToken()),
      ),
    );
    expect(one.code).toBe(0);
    expect(one.messages.map((m) => (m.found as { name: string } | undefined)?.name)).toEqual([
      `${allowed}/documents/open/o1`,
    ]);
    const both = await drain(
      client.batchGetDocuments(
        { database: allowed, documents: [`${allowed}/documents/open/o1`, `${allowed}/documents/closed/c1`] },
        bearer(fakeIdToken()),
      ),
    );
    expect(both).toEqual({ code: Code.PERMISSION_DENIED, messages: [] });
  });

  it('the Write stream: a handshake, then each request committed or refused by the rules', async () => {
    const call = client.write(bearer(fakeIdToken()));
    const responses: Record<string, unknown>[] = [];
    let failure: grpc.ServiceError | undefined;
    call.on('data', (r: Record<string, unknown>) => responses.push(r));
    call.on('error', (e: grpc.ServiceError) => (failure = e));
    /** The next response, or the status the stream ended with. */
    const next = async (): Promise<Record<string, unknown> | grpc.ServiceError> => {
      for (let i = 0; i < 1000 && !responses.length && !failure; i++) await new Promise((r) => setTimeout(r, 5));
      return responses.shift() ?? failure!;
    };
    call.write({ database: allowed });
    const handshake = (await next()) as Record<string, unknown>;
    expect((handshake.streamToken as Buffer).length).toBeGreaterThan(0);
    expect(handshake.writeResults ?? []).toEqual([]);
    const put = (path: string) => ({
      update: { name: `${allowed}/documents/${path}`, fields: { v: { integerValue: '3' } } },
    });
    call.write({ streamToken: handshake.streamToken, writes: [put('open/s1')] });
    const written = (await next()) as Record<string, unknown>;
    expect((written.writeResults as unknown[]).length).toBe(1);
    expect(written.commitTime).toBeDefined();
    expect((await admin.doc('open/s1').get()).get('v')).toBe(3);
    call.write({ streamToken: written.streamToken, writes: [put('closed/s1')] });
    const error = (await next()) as grpc.ServiceError;
    expect(error.code).toBe(Code.PERMISSION_DENIED);
    // The built-in emulator's message names the method and path (the official one words it its own way).
    if (inject('builtInEmulator'))
      expect(error.details).toMatch(/create on \/databases\/\(default\)\/documents\/closed\/s1/);
    expect((await admin.doc('closed/s1').get()).exists).toBe(false);
  });

  it.runIf(inject('builtInEmulator'))(
    'ListCollectionIds stays admin-only; an unreadable token is UNAUTHENTICATED',
    async () => {
      const ids = { parent: `${allowed}/documents` };
      expect(await codeOf(unary('listCollectionIds', ids, bearer(fakeIdToken())))).toBe(Code.PERMISSION_DENIED);
      expect(((await unary('listCollectionIds', ids, bearer('owner'))).collectionIds as string[]).sort()).toEqual([
        'closed',
        'open',
      ]);
      expect(await codeOf(unary('getDocument', { name: `${allowed}/documents/open/o1` }, bearer('not-a-jwt')))).toBe(
        Code.UNAUTHENTICATED,
      );
    },
  );
});
