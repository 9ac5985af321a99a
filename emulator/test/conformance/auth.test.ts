// Authorisation: only the admin token firebase-admin sends is served; end-user tokens are PERMISSION_DENIED.
// firebase-admin always sends the emulator's admin token (`Bearer owner`), so it cannot show what happens to an
// end-user request. These tests therefore speak the public Firestore v1 wire API directly with @grpc/grpc-js and
// the protos shipped in @google-cloud/firestore: still only the public API, not the emulator's code.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { Code, openDb, uniqueProjectId } from './helpers';

const require = createRequire(import.meta.url);
const protosDir = join(dirname(require.resolve('@google-cloud/firestore/package.json')), 'build', 'protos');

type Callback = (error: grpc.ServiceError | null, response?: Record<string, unknown>) => void;
interface FirestoreStub extends grpc.Client {
  getDocument(request: object, metadata: grpc.Metadata, callback: Callback): void;
  commit(request: object, metadata: grpc.Metadata, callback: Callback): void;
  runQuery(request: object, metadata: grpc.Metadata): grpc.ClientReadableStream<Record<string, unknown>>;
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

function unary(method: 'getDocument' | 'commit', request: object, metadata: grpc.Metadata) {
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

  it('the server keeps serving the admin after refusing a user', async () => {
    expect((await db.doc('secrets/s1').get()).get('secret')).toBe('x');
  });
});
