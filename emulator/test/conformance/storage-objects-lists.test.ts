// Storage rules on uploads and listings as production has them, through `@google-cloud/storage`, the
// `firebase/storage` web SDK in Node and raw requests: every upload (new or overwrite) is a `create` with `resource`
// the object it replaces, `update` is a metadata change's; empty path segments are names of their own; the JSON
// API's lists leave out empty fields and list a folder placeholder under itself, the Firebase API's lists name only
// folders and objects a Firebase path can name. The emulator runs in process, with this file's rules.
import { randomUUID } from 'node:crypto';
import { Storage, type Bucket } from '@google-cloud/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';

const PROJECT = `lists-${randomUUID().slice(0, 8)}`;
const BUCKET = `${PROJECT}.appspot.com`;
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    // Written once: an overwrite is a create whose resource is the object it replaces.
    match /once/{name} {
      allow create: if resource == null;
      allow update: if true;
    }
    // Replaced only by something larger: resource is bound on an overwrite.
    match /grow/{name} {
      allow create: if resource == null || request.resource.size > resource.size;
    }
    // Metadata changes are updates, never creates.
    match /meta/{name} {
      allow create: if true;
      allow update: if request.resource.metadata.reviewed == 'yes';
    }
    match /uploads/{uid}/{name} {
      allow create: if request.auth.uid == uid;
    }
  }
}`;

let emulator: RunningStorageEmulator;
let base = '';
let bucket: Bucket;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, rules: RULES, quiet: true });
  base = `http://${emulator.host}:${emulator.port}`;
  bucket = new Storage({ apiEndpoint: base, projectId: PROJECT }).bucket(BUCKET);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator?.stop();
});

/** The web SDK as `uid` (`owner`: past the rules). */
function storageAs(uid: string): FirebaseStorage {
  const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, randomUUID());
  apps.push(app);
  const storage = getStorage(app);
  connectStorageEmulator(storage, emulator.host, emulator.port, {
    mockUserToken: uid === 'owner' ? 'owner' : { sub: uid, user_id: uid },
  });
  return storage;
}

const bytes = (n: number) => new Uint8Array(n).fill(65);
const denied = { code: 'storage/unauthorized' };

describe('rules on uploads', () => {
  it('an overwrite is checked as create with resource the replaced object, not as update', async () => {
    const ann = storageAs('ann');
    await uploadBytes(ref(ann, 'once/a.txt'), bytes(3));
    // `allow update: if true` does not let an upload replace it.
    await expect(uploadBytes(ref(ann, 'once/a.txt'), bytes(4))).rejects.toMatchObject(denied);
    await uploadBytes(ref(ann, 'grow/b.txt'), bytes(3));
    await expect(uploadBytes(ref(ann, 'grow/b.txt'), bytes(2))).rejects.toMatchObject(denied);
    const larger = await uploadBytes(ref(ann, 'grow/b.txt'), bytes(5));
    expect(larger.metadata.size).toBe(5);
  });

  it('a metadata change is checked as update', async () => {
    const ann = storageAs('ann');
    await uploadBytes(ref(ann, 'meta/c.txt'), bytes(1));
    await expect(updateMetadata(ref(ann, 'meta/c.txt'), { customMetadata: { reviewed: 'no' } })).rejects.toMatchObject(
      denied,
    );
    const updated = await updateMetadata(ref(ann, 'meta/c.txt'), { customMetadata: { reviewed: 'yes' } });
    expect(updated.customMetadata).toEqual({ reviewed: 'yes' });
  });

  it('an empty path segment is kept: uploads/ann//x is not uploads/ann/x, and no {uid}/{name} rule matches it', async () => {
    const token = ['{"alg":"none"}', '{"sub":"ann","user_id":"ann"}', '']
      .map((p) => Buffer.from(p).toString('base64url'))
      .join('.');
    const upload = (name: string) =>
      fetch(`${base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { authorization: `Firebase ${token}`, 'content-type': 'text/plain' },
        body: name,
      });
    expect((await upload('uploads/ann/x')).status).toBe(200);
    expect((await upload('uploads/ann//x')).status).toBe(403);
    // Through Cloud Storage (past the rules) both names exist side by side.
    await bucket.file('uploads/ann//x').save('double', { resumable: false });
    expect((await bucket.file('uploads/ann//x').download())[0].toString()).toBe('double');
    expect((await bucket.file('uploads/ann/x').download())[0].toString()).toBe('uploads/ann/x');
    const [files] = await bucket.getFiles({ prefix: 'uploads/ann/' });
    expect(files.map((f) => f.name)).toEqual(['uploads/ann//x', 'uploads/ann/x']);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    for (const name of ['tree/', 'tree/a.txt', 'tree/sub/b.txt', 'tree//c.txt', 'tree/sub//d.txt']) {
      await bucket.file(name).save(name, { resumable: false });
    }
  });

  it('the JSON API leaves out empty prefixes and items, and lists a placeholder under itself', async () => {
    const json = async (query: string) => (await fetch(`${base}/storage/v1/b/${BUCKET}/o?${query}`)).json();
    const leaves = await json('prefix=tree/sub/b&delimiter=/');
    expect(leaves).toHaveProperty('items');
    expect(leaves).not.toHaveProperty('prefixes');
    const none = await json('prefix=nothing/');
    expect(none).toEqual({ kind: 'storage#objects' });
    const [files, , response] = await bucket.getFiles({ prefix: 'tree/', delimiter: '/', autoPaginate: false });
    // As Cloud Storage: `tree/` itself is an object under the prefix `tree/`, and `tree//` a prefix of its own.
    expect(files.map((f) => f.name)).toEqual(['tree/', 'tree/a.txt']);
    expect((response as { prefixes?: string[] }).prefixes).toEqual(['tree//', 'tree/sub/']);
  });

  it("the Firebase API lists what a Firebase path names: no placeholder, no prefix from a '//'", async () => {
    const owner = storageAs('owner');
    const all = await listAll(ref(owner, 'tree'));
    expect(all.items.map((i) => i.fullPath)).toEqual(['tree/a.txt']);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual(['tree/sub']);
    const sub = await listAll(ref(owner, 'tree/sub'));
    expect(sub.items.map((i) => i.fullPath)).toEqual(['tree/sub/b.txt']);
    expect(sub.prefixes).toEqual([]);
    const page = await list(ref(owner, 'tree'), { maxResults: 10 });
    expect([...page.items, ...page.prefixes].map((r) => r.name)).toEqual(['a.txt', 'sub']);

    // The raw answer: prefixes keep their slash, and a prefix that is not a folder is refused.
    const raw = await fetch(`${base}/v0/b/${BUCKET}/o?prefix=tree%2F&delimiter=%2F`, {
      headers: { authorization: 'Firebase owner' },
    });
    expect(((await raw.json()) as { prefixes?: string[] }).prefixes).toEqual(['tree/sub/']);
    const notFolder = await fetch(`${base}/v0/b/${BUCKET}/o?prefix=tree&delimiter=%2F`, {
      headers: { authorization: 'Firebase owner' },
    });
    expect(notFolder.status).toBe(400);
  });
});
