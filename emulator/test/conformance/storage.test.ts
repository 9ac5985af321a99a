// Cloud Storage for Firebase, as the public SDKs see it: the `firebase/storage` web SDK (uploads, resumable uploads
// that continue after an interruption, downloads, metadata, lists with pages, download URLs and which objects carry
// a token, deletes) and `firebase-admin/storage` (save, download, metadata, exists, list, copy, move, delete,
// getDownloadURL). Written only against the SDKs, so it runs unchanged against the official emulator
// (FIREBASE_STORAGE_EMULATOR_HOST).
import { randomBytes, randomUUID } from 'node:crypto';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { getDownloadURL as adminDownloadURL, getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const host = inject('storageHost');
const [hostname, port] = host.split(':');
const PROJECT = `conf-storage-${randomUUID().slice(0, 8)}`;
const BUCKET = `${PROJECT}.appspot.com`;

let web: FirebaseApp;
let storage: FirebaseStorage;
let admin: App;

beforeAll(() => {
  web = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, `web-${PROJECT}`);
  storage = getStorage(web);
  // The 'owner' token: the emulators' way to act past the rules (rules have tests of their own).
  connectStorageEmulator(storage, hostname, Number(port), { mockUserToken: 'owner' });
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = host;
  admin = initializeAdminApp({ projectId: PROJECT, storageBucket: BUCKET }, `admin-${PROJECT}`);
});

afterAll(async () => {
  await deleteApp(web);
  await deleteAdminApp(admin);
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('web SDK', () => {
  it('uploads, reads metadata and downloads the same bytes', async () => {
    const file = ref(storage, 'web/protocol v1.pdf');
    const result = await uploadBytes(file, bytes('%PDF-1.7 protocol'), {
      contentType: 'application/pdf',
      customMetadata: { study: 's1' },
    });
    expect(result.metadata).toMatchObject({
      fullPath: 'web/protocol v1.pdf',
      size: 17,
      contentType: 'application/pdf',
    });
    const meta = await getMetadata(file);
    expect(meta).toMatchObject({ name: 'protocol v1.pdf', bucket: BUCKET, customMetadata: { study: 's1' } });
    expect(meta.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new TextDecoder().decode(await getBytes(file))).toBe('%PDF-1.7 protocol');
  });

  it('a resumable upload that is paused mid-way continues where it stopped', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const task = uploadBytesResumable(ref(storage, 'web/large.bin'), data, { contentType: 'application/octet-stream' });
    let paused = false;
    const progress: number[] = [];
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (snapshot) => {
          progress.push(snapshot.bytesTransferred);
          if (!paused && snapshot.bytesTransferred > 0 && snapshot.bytesTransferred < data.length) {
            paused = true;
            task.pause();
            setTimeout(() => task.resume(), 50);
          }
        },
        reject,
        resolve,
      );
    });
    expect(paused).toBe(true);
    expect(task.snapshot.metadata.size).toBe(data.length);
    expect(Buffer.from(await getBytes(ref(storage, 'web/large.bin'))).equals(data)).toBe(true);
  });

  it('updates metadata: a null custom key is removed, others are kept', async () => {
    const file = ref(storage, 'web/meta.txt');
    await uploadBytes(file, bytes('x'), { contentType: 'text/plain', customMetadata: { a: '1', b: '2' } });
    const updated = await updateMetadata(file, {
      contentDisposition: 'attachment; filename="m.txt"',
      customMetadata: { a: null as unknown as string, c: '3' },
    });
    expect(updated.customMetadata).toEqual({ b: '2', c: '3' });
    expect(updated.contentDisposition).toBe('attachment; filename="m.txt"');
    expect(updated.metageneration).toBe('2');
  });

  it('gives a download URL that works without signing in', async () => {
    const file = ref(storage, 'web/shared.txt');
    await uploadBytes(file, bytes('shared'), { contentType: 'text/plain' });
    const url = await getDownloadURL(file);
    expect(url).toContain('token=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('shared');
    const wrong = await fetch(url.replace(/token=[^&]+/, 'token=wrong'));
    expect(wrong.status).toBe(403);
  });

  it('lists with a delimiter, in pages', async () => {
    const folder = 'web/list';
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'sub/x', 'sub/y', 'other/z'].map((n) =>
        uploadBytes(ref(storage, `${folder}/${n}`), bytes(n)),
      ),
    );
    const all = await listAll(ref(storage, folder));
    expect(all.items.map((i) => i.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual([`${folder}/other`, `${folder}/sub`]);
    const first = await list(ref(storage, folder), { maxResults: 3 });
    expect(first.items.map((i) => i.name)).toEqual(['a', 'b', 'c']);
    expect(first.nextPageToken).toBeTruthy();
    const second = await list(ref(storage, folder), { maxResults: 3, pageToken: first.nextPageToken });
    expect([...second.items.map((i) => i.name), ...second.prefixes.map((p) => p.name)]).toEqual(['d', 'e', 'other']);
    const third = await list(ref(storage, folder), { maxResults: 3, pageToken: second.nextPageToken });
    expect(third.prefixes.map((p) => p.name)).toEqual(['sub']);
    expect(third.nextPageToken).toBeUndefined();
  });

  it('deletes; a deleted object is not found', async () => {
    const file = ref(storage, 'web/gone.txt');
    await uploadBytes(file, bytes('bye'));
    await deleteObject(file);
    await expect(getMetadata(file)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(deleteObject(file)).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });
});

describe('firebase-admin', () => {
  const bucket = () => getAdminStorage(admin).bucket();

  it('saves (resumable and not), downloads, and reads metadata', async () => {
    const big = randomBytes(600 * 1024);
    await bucket().file('admin/big.bin').save(big, { contentType: 'application/octet-stream', resumable: true });
    await bucket()
      .file('admin/small.csv')
      .save('a,b\n1,2\n', { contentType: 'text/csv', resumable: false, metadata: { metadata: { rows: '1' } } });
    const [downloaded] = await bucket().file('admin/big.bin').download();
    expect(downloaded.equals(big)).toBe(true);
    const [meta] = await bucket().file('admin/small.csv').getMetadata();
    expect(meta).toMatchObject({ name: 'admin/small.csv', contentType: 'text/csv', size: '8' });
    expect(meta.metadata).toMatchObject({ rows: '1' });
    expect((await bucket().file('admin/small.csv').download())[0].toString()).toBe('a,b\n1,2\n');
  });

  it('exists, sets metadata, lists with a prefix, copies, moves and deletes', async () => {
    const file = bucket().file('admin/ops/original.txt');
    await file.save('original', { contentType: 'text/plain', resumable: false });
    expect((await file.exists())[0]).toBe(true);
    expect((await bucket().file('admin/ops/none.txt').exists())[0]).toBe(false);
    const [updated] = await file.setMetadata({ metadata: { reviewed: 'yes' } });
    expect(updated.metadata).toMatchObject({ reviewed: 'yes' });
    await file.copy(bucket().file('admin/ops/copy.txt'));
    await bucket().file('admin/ops/copy.txt').move('admin/ops/moved.txt');
    const [files] = await bucket().getFiles({ prefix: 'admin/ops/' });
    expect(files.map((f) => f.name)).toEqual(['admin/ops/moved.txt', 'admin/ops/original.txt']);
    expect((await bucket().file('admin/ops/moved.txt').download())[0].toString()).toBe('original');
    await bucket().file('admin/ops/moved.txt').delete();
    expect((await bucket().file('admin/ops/moved.txt').exists())[0]).toBe(false);
  });

  it('lists in pages and rolls folders up with a delimiter', async () => {
    await Promise.all(
      ['p/1', 'p/2', 'p/3', 'p/q/4'].map((n) => bucket().file(`admin/${n}`).save(n, { resumable: false })),
    );
    const [page, next] = await bucket().getFiles({ prefix: 'admin/p/', maxResults: 2, autoPaginate: false });
    expect(page.map((f) => f.name)).toEqual(['admin/p/1', 'admin/p/2']);
    expect(next).toBeTruthy();
    const [, , response] = await bucket().getFiles({ prefix: 'admin/p/', delimiter: '/', autoPaginate: false });
    expect((response as { prefixes?: string[] }).prefixes).toEqual(['admin/p/q/']);
  });

  it('getDownloadURL gives a URL the web SDK can fetch, for a file the web SDK uploaded', async () => {
    await uploadBytes(ref(storage, 'admin/url.txt'), bytes('by url'), { contentType: 'text/plain' });
    const url = await adminDownloadURL(bucket().file('admin/url.txt'));
    expect(await (await fetch(url)).text()).toBe('by url');
  });

  it('download tokens: a Firebase upload has one, a Cloud Storage write none until a Firebase read mints it', async () => {
    const tokenOf = async (name: string) =>
      ((await bucket().file(name).getMetadata())[0].metadata?.firebaseStorageDownloadTokens as string | undefined) ??
      null;
    await uploadBytes(ref(storage, 'admin/tokens/web.txt'), bytes('web'), { contentType: 'text/plain' });
    const uploaded = await tokenOf('admin/tokens/web.txt');
    expect(uploaded).toMatch(/^[\w-]{20,}$/);
    // A copy or a move keeps every custom key, the token too: whoever places an upload clears it.
    await bucket().file('admin/tokens/web.txt').move('admin/tokens/moved.txt');
    expect(await tokenOf('admin/tokens/moved.txt')).toBe(uploaded);
    await bucket()
      .file('admin/tokens/moved.txt')
      .setMetadata({ metadata: { firebaseStorageDownloadTokens: null } });
    expect(await tokenOf('admin/tokens/moved.txt')).toBeNull();
    await bucket().file('admin/tokens/server.txt').save('server', { contentType: 'text/plain', resumable: false });
    expect(await tokenOf('admin/tokens/server.txt')).toBeNull();
    // A read through the Firebase API (any reader the rules allow) gives the object a token, shown in its metadata.
    expect(new TextDecoder().decode(await getBytes(ref(storage, 'admin/tokens/server.txt')))).toBe('server');
    const minted = await tokenOf('admin/tokens/server.txt');
    expect(minted).toMatch(/^[\w-]{20,}$/);
    expect(await getDownloadURL(ref(storage, 'admin/tokens/server.txt'))).toContain(`token=${minted}`);
  });

  it('sees what the web SDK wrote and the other way round', async () => {
    await bucket().file('admin/cross.txt').save('from admin', { contentType: 'text/plain', resumable: false });
    expect(new TextDecoder().decode(await getBytes(ref(storage, 'admin/cross.txt')))).toBe('from admin');
    expect((await getMetadata(ref(storage, 'admin/cross.txt'))).contentType).toBe('text/plain');
  });
});
