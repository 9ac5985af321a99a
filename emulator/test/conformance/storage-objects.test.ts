// Storage objects as production serves them, through `@google-cloud/storage` (as firebase-admin uses it), the
// `firebase/storage` web SDK in Node and raw requests: download tokens (create_token, delete_token, what a copy
// carries), the mediaLink, gzip objects (decompressive transcoding), the Content-Disposition of Firebase downloads,
// the metadata fields never set, both APIs' error bodies, and the object ACL (makePublic, makePrivate, acl.*).
// Rules and listings are in storage-objects-lists.test.ts. Each file starts its own emulator (its own rules).
import { randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Storage, type ApiError, type Bucket } from '@google-cloud/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getMetadata, getStorage, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';

const PROJECT = `objects-${randomUUID().slice(0, 8)}`;
const BUCKET = `${PROJECT}.appspot.com`;
// Signed-in users may read `open/`; nothing else is open to them (a download token is then the only way in).
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /open/{path=**} { allow read: if request.auth != null; }
  }
}`;

let emulator: RunningStorageEmulator;
let base = '';
let bucket: Bucket;
let web: FirebaseApp;

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, rules: RULES, quiet: true });
  base = `http://${emulator.host}:${emulator.port}`;
  bucket = new Storage({ apiEndpoint: base, projectId: PROJECT }).bucket(BUCKET);
  web = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, `objects-${PROJECT}`);
  connectStorageEmulator(getStorage(web), emulator.host, emulator.port, { mockUserToken: 'owner' });
});

afterAll(async () => {
  if (web) await deleteApp(web);
  await emulator?.stop();
});

const firebaseUrl = (name: string, query = '') =>
  `${base}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}${query ? `?${query}` : ''}`;
/** An unsigned ID token of `uid`, as the Auth emulator makes them. */
const idToken = (uid: string) =>
  ['{"alg":"none"}', JSON.stringify({ sub: uid, user_id: uid }), ''].map((p) => Buffer.from(p).toString('base64url'));
const asUser = (uid: string) => ({ authorization: `Firebase ${idToken(uid).join('.')}` });
const asOwner = { authorization: 'Firebase owner' };

/** What the tests read of a JSON answer: Firebase metadata, or an error of either API. */
interface Answer {
  downloadTokens?: string;
  metageneration?: string;
  error?: { code: number; message: string; errors?: { reason: string; domain: string }[] };
}
const json = async (res: Response | Promise<Response>) => (await (await res).json()) as Answer;

/** A GET through node:http, which sends no Accept-Encoding unless told (fetch always accepts gzip). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as ApiError,
  );
  expect(error, 'expected a rejection').toBeDefined();
  return error!;
}

describe('download tokens', () => {
  it('create_token adds a token and delete_token removes one, each answering the metadata (admin only)', async () => {
    await bucket.file('open/tokens.txt').save('tokens', { contentType: 'text/plain', resumable: false });
    expect((await bucket.file('open/tokens.txt').getMetadata())[0].metageneration).toBe('1');
    // The first read through the Firebase API mints a token: a metadata change (a new metageneration).
    const first = await json(fetch(firebaseUrl('open/tokens.txt'), { headers: asOwner }));
    expect(first.downloadTokens).toMatch(/^[\w-]{36}$/);
    expect(first.metageneration).toBe('2');

    const created = await fetch(firebaseUrl('open/tokens.txt', 'create_token=true'), {
      method: 'POST',
      headers: asOwner,
    });
    expect(created.status).toBe(200);
    const withTwo = await json(created);
    const [kept, added] = withTwo.downloadTokens!.split(',');
    expect(kept).toBe(first.downloadTokens);
    expect(added).toMatch(/^[\w-]{36}$/);
    expect(Number(withTwo.metageneration)).toBe(Number(first.metageneration) + 1);
    const byNewToken = await fetch(firebaseUrl('open/tokens.txt', `alt=media&token=${added}`));
    expect(await byNewToken.text()).toBe('tokens');

    const deleted = await fetch(firebaseUrl('open/tokens.txt', `delete_token=${kept}`), {
      method: 'POST',
      headers: asOwner,
    });
    expect((await json(deleted)).downloadTokens).toBe(added);
    expect((await fetch(firebaseUrl('open/tokens.txt', `alt=media&token=${kept}`))).status).toBe(403);
    const [meta] = await bucket.file('open/tokens.txt').getMetadata();
    expect(meta.metadata?.firebaseStorageDownloadTokens).toBe(added);

    const byUser = await fetch(firebaseUrl('open/tokens.txt', 'create_token=true'), {
      method: 'POST',
      headers: asUser('ann'),
    });
    expect(byUser.status).toBe(403);
    const missing = await fetch(firebaseUrl('open/none.txt', 'create_token=true'), {
      method: 'POST',
      headers: asOwner,
    });
    expect(missing.status).toBe(404);
    const bad = await fetch(firebaseUrl('open/tokens.txt', 'create_token=yes'), { method: 'POST', headers: asOwner });
    expect(bad.status).toBe(400);
  });

  it('a copy carries the source metadata, tokens included, unless it names custom keys; the source keeps its own', async () => {
    await uploadBytes(ref(getStorage(web), 'open/source.txt'), new TextEncoder().encode('source'), {
      customMetadata: { study: 's1' },
    });
    const source = bucket.file('open/source.txt');
    const token = (await source.getMetadata())[0].metadata?.firebaseStorageDownloadTokens;
    expect(token).toMatch(/^[\w-]{36}$/);
    await source.copy(bucket.file('open/copy.txt'));
    expect((await bucket.file('open/copy.txt').getMetadata())[0].metadata).toEqual({
      study: 's1',
      firebaseStorageDownloadTokens: token,
    });
    await source.copy(bucket.file('open/renamed.txt'), { metadata: { study: 's2' } });
    expect((await bucket.file('open/renamed.txt').getMetadata())[0].metadata).toEqual({ study: 's2' });
    expect((await source.getMetadata())[0].metadata).toEqual({ study: 's1', firebaseStorageDownloadTokens: token });
  });
});

describe('downloads', () => {
  it("serves the mediaLink an object's metadata gives, for its generation only", async () => {
    await bucket.file('open/media link.txt').save('by link', { resumable: false });
    const [meta] = await bucket.file('open/media link.txt').getMetadata();
    const media = await fetch(meta.mediaLink!);
    expect(media.status).toBe(200);
    expect(await media.text()).toBe('by link');
    const older = await fetch(meta.mediaLink!.replace(/generation=\d+/, 'generation=1'));
    expect(older.status).toBe(404);
    expect((await json(older)).error?.errors?.[0].reason).toBe('notFound');
  });

  it('serves a gzip object decompressed unless the client accepts gzip (decompressive transcoding)', async () => {
    const text = 'a line of a report\n'.repeat(200);
    const gz = gzipSync(text);
    const file = bucket.file('open/report.txt');
    await file.save(gz, { resumable: false, metadata: { contentType: 'text/plain', contentEncoding: 'gzip' } });
    const url = `${base}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('open/report.txt')}?alt=media`;

    const plain = await rawGet(url);
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(text);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBeUndefined();
    expect(plain.headers['x-goog-stored-content-encoding']).toBe('gzip');
    // A range is ignored when transcoding: the whole object comes, 200.
    expect((await rawGet(url, { range: 'bytes=0-9' })).body.toString()).toBe(text);

    const asStored = await rawGet(url, { 'accept-encoding': 'gzip, deflate' });
    expect(asStored.headers['content-encoding']).toBe('gzip');
    expect(asStored.body.equals(gz)).toBe(true);
    expect(gunzipSync(asStored.body).toString()).toBe(text);

    // The client accepts gzip, decompresses, and checks the stored hashes against the bytes as stored.
    expect((await file.download())[0].toString()).toBe(text);
    expect((await file.download({ decompress: false }))[0].equals(gz)).toBe(true);
    // Cache-Control: no-transform keeps it compressed whatever the client accepts.
    await file.setMetadata({ cacheControl: 'no-transform' });
    expect((await rawGet(url)).headers['content-encoding']).toBe('gzip');
  });

  it('a Firebase download has a default Content-Disposition (inline, its name); a Cloud Storage one none unless set', async () => {
    await bucket.file('open/a report é.pdf').save('%PDF', { resumable: false, contentType: 'application/pdf' });
    const firebase = await rawGet(firebaseUrl('open/a report é.pdf', 'alt=media'), asUser('ann'));
    expect(firebase.headers['content-disposition']).toBe(`inline; filename*=utf-8''a%20report%20%C3%A9.pdf`);
    const gcs = await rawGet(`${base}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('open/a report é.pdf')}?alt=media`);
    expect(gcs.headers['content-disposition']).toBeUndefined();
    await bucket.file('open/a report é.pdf').setMetadata({ contentDisposition: 'attachment' });
    const set = await rawGet(firebaseUrl('open/a report é.pdf', 'alt=media'), asUser('ann'));
    expect(set.headers['content-disposition']).toBe('attachment');
  });
});

describe('shapes', () => {
  it('Firebase metadata leaves out a contentDisposition and custom metadata never set', async () => {
    await bucket.file('open/bare.txt').save('bare', { resumable: false, contentType: 'text/plain' });
    const body = await (await fetch(firebaseUrl('open/bare.txt'), { headers: asOwner })).json();
    expect(body).not.toHaveProperty('contentDisposition');
    expect(body).not.toHaveProperty('metadata');
    const meta = await getMetadata(ref(getStorage(web), 'open/bare.txt'));
    expect(meta.contentDisposition).toBeUndefined();
    expect(meta.customMetadata).toBeUndefined();
    expect(new TextDecoder().decode(await getBytes(ref(getStorage(web), 'open/bare.txt')))).toBe('bare');
    // A Cloud Storage resource without custom keys has no `metadata` either (a Firebase read added a token).
    await bucket.file('open/bare2.txt').save('bare', { resumable: false });
    expect((await bucket.file('open/bare2.txt').getMetadata())[0]).not.toHaveProperty('metadata');
  });

  it("Cloud Storage errors carry errors[0].reason, as the client reads them; Firebase's are {error: {code, message}}", async () => {
    const missing = await rejection(bucket.file('open/none.txt').getMetadata());
    expect(missing.code).toBe(404);
    expect(missing.errors?.[0]).toMatchObject({ reason: 'notFound', domain: 'global' });
    const invalid = await json(fetch(`${base}/storage/v1/b/${BUCKET}/o?maxResults=0`));
    expect(invalid.error).toMatchObject({ code: 400, errors: [{ reason: 'invalid' }] });
    const required = await rejection(bucket.file('open/bare.txt').acl.add({ entity: '', role: 'READER' }));
    expect(required.errors?.[0].reason).toBe('required');

    const refused = await fetch(firebaseUrl('closed/x.txt'), { headers: asUser('ann') });
    expect(refused.status).toBe(403);
    const body = await json(refused);
    expect(Object.keys(body.error!).sort()).toEqual(['code', 'message']);
    const notFound = await json(fetch(firebaseUrl('open/none.txt'), { headers: asOwner }));
    expect(notFound).toEqual({ error: { code: 404, message: 'Not Found.  Could not get object' } });
  });
});

describe('object ACL', () => {
  it('makePublic adds allUsers READER, makePrivate restores the project-private ACL, acl.* read and change entries', async () => {
    const file = bucket.file('open/acl.txt');
    await file.save('acl', { resumable: false });
    const project = (role: string, team: string) => ({
      entity: `project-${team}-${PROJECT}`,
      role,
      projectTeam: { projectNumber: PROJECT, team },
    });
    const projectPrivate = [project('OWNER', 'owners'), project('OWNER', 'editors'), project('READER', 'viewers')];
    expect((await file.acl.get())[0]).toEqual(projectPrivate);

    await file.makePublic();
    expect((await file.acl.get({ entity: 'allUsers' }))[0]).toMatchObject({ entity: 'allUsers', role: 'READER' });
    const [full] = await file.getMetadata({ projection: 'full' });
    expect(full.acl).toContainEqual(expect.objectContaining({ entity: 'allUsers', role: 'READER' }));
    expect(Number(full.metageneration)).toBe(2);

    await file.acl.update({ entity: 'allUsers', role: 'OWNER' });
    expect((await file.acl.get({ entity: 'allUsers' }))[0]).toMatchObject({ role: 'OWNER' });
    await file.acl.delete({ entity: 'allUsers' });
    expect((await rejection(file.acl.get({ entity: 'allUsers' }))).code).toBe(404);

    await file.acl.add({ entity: 'user-ann@example.com', role: 'READER' });
    expect((await file.acl.get())[0]).toContainEqual({ entity: 'user-ann@example.com', role: 'READER' });
    await file.makePrivate();
    expect((await file.acl.get())[0]).toEqual(projectPrivate);
    await file.makePrivate({ strict: true });
    expect((await file.acl.get())[0]).toEqual([project('OWNER', 'owners')]);

    // A copy gets the bucket's default ACL, or the one it names.
    await file.makePublic();
    await file.copy(bucket.file('open/acl-copy.txt'));
    expect((await bucket.file('open/acl-copy.txt').acl.get())[0]).toEqual(projectPrivate);
    await file.copy(bucket.file('open/acl-public.txt'), { predefinedAcl: 'publicRead' });
    expect((await bucket.file('open/acl-public.txt').acl.get())[0]).toEqual([
      project('OWNER', 'owners'),
      { entity: 'allUsers', role: 'READER' },
    ]);

    const invalid = await rejection(file.acl.add({ entity: 'nobody', role: 'READER' }));
    expect(invalid.errors?.[0].reason).toBe('invalid');
    expect((await rejection(bucket.file('open/none.txt').makePublic())).code).toBe(404);
  });
});
