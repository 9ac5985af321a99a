// Storage uploads as Google's clients drive them, through `@google-cloud/storage` (as firebase-admin uses it) and raw
// requests: the Cloud Storage JSON API's resumable sessions (chunks with Content-Range answered 308 with Range, status
// queries, DELETE giving 499), its multipart uploads, the Firebase API's resumable protocol (X-Goog-Upload-Command
// start, upload, finalize, query, cancel, with POST or PUT, offsets checked) and multipart uploads, and the signed
// POST-policy form upload. The web SDK's uploads in Chromium are storage-websdk.test.ts. Its own emulator and rules.
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Storage, type Bucket } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';

const PROJECT = `uploads-${randomUUID().slice(0, 8)}`;
const BUCKET = `${PROJECT}.appspot.com`;
// Signed-in users may write `inbox/{uid}/` below 1 MB of text or bytes; `closed/` is nobody's.
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /inbox/{uid}/{name} {
      allow read: if request.auth.uid == uid;
      allow write: if request.auth.uid == uid && request.resource.size < 1024 * 1024;
    }
  }
}`;
const KiB = 1024;

let emulator: RunningStorageEmulator;
let base = '';
let storage: Storage;
let bucket: Bucket;
let folder: string;

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, rules: RULES, quiet: true });
  base = `http://${emulator.host}:${emulator.port}`;
  // A service account of our own: the client signs POST policies with its key, which the emulator cannot check.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  storage = new Storage({
    apiEndpoint: base,
    projectId: PROJECT,
    credentials: {
      client_email: `uploader@${PROJECT}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  });
  bucket = storage.bucket(BUCKET);
  folder = mkdtempSync(join(tmpdir(), 'uploads-'));
});

afterAll(async () => {
  await emulator?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const md5 = (data: Buffer) => createHash('md5').update(data).digest('base64');
const idToken = (uid: string) =>
  ['{"alg":"none"}', JSON.stringify({ sub: uid, user_id: uid }), ''].map((p) => Buffer.from(p).toString('base64url'));
const asUser = (uid: string) => ({ authorization: `Firebase ${idToken(uid).join('.')}` });
const download = async (name: string) => (await bucket.file(name).download())[0];

describe('Cloud Storage JSON API, through @google-cloud/storage', () => {
  it('createWriteStream({resumable: true, chunkSize}) sends 256 KiB chunks and the object is whole', async () => {
    const data = randomBytes(3 * 256 * KiB + 1000);
    const file = bucket.file('gcs/stream.bin');
    await new Promise<void>((resolve, reject) => {
      const stream = file.createWriteStream({ resumable: true, chunkSize: 256 * KiB, contentType: 'video/mp4' });
      stream.on('error', reject).on('finish', resolve);
      stream.end(data);
    });
    const [meta] = await file.getMetadata();
    expect(meta).toMatchObject({ size: String(data.length), md5Hash: md5(data), contentType: 'video/mp4' });
    expect((await download('gcs/stream.bin')).equals(data)).toBe(true);
  });

  it('bucket.upload(path, {resumable: true, chunkSize}) with metadata, and a precondition that fails (412)', async () => {
    const data = randomBytes(600 * KiB);
    const path = join(folder, 'scan.pdf');
    writeFileSync(path, data);
    const [file] = await bucket.upload(path, {
      destination: 'gcs/scan.pdf',
      resumable: true,
      chunkSize: 256 * KiB,
      metadata: { contentType: 'application/pdf', metadata: { study: 's1' } },
    });
    expect(file.metadata).toMatchObject({ name: 'gcs/scan.pdf', metadata: { study: 's1' } });
    expect(Number(file.metadata.size)).toBe(data.length);
    expect((await download('gcs/scan.pdf')).equals(data)).toBe(true);
    const refused = bucket.upload(path, {
      destination: 'gcs/scan.pdf',
      resumable: true,
      preconditionOpts: { ifGenerationMatch: 0 },
    });
    await expect(refused).rejects.toThrow(/status code 412/);
  });

  it('file.save() without resumable is a multipart upload: metadata part, then the bytes', async () => {
    await bucket
      .file('gcs/small.csv')
      .save('a,b\n', { resumable: false, metadata: { contentType: 'text/csv', cacheControl: 'no-cache' } });
    const [meta] = await bucket.file('gcs/small.csv').getMetadata();
    expect(meta).toMatchObject({ contentType: 'text/csv', cacheControl: 'no-cache', size: '4' });
  });
});

describe('Cloud Storage JSON API uploads with an ACL, through @google-cloud/storage', () => {
  it('predefinedAcl on an upload (public: true, predefinedAcl) is the new object’s ACL; without it, none public', async () => {
    await bucket.file('acl/simple.txt').save('p', { resumable: false, public: true });
    await bucket.file('acl/resumable.txt').save('p', { resumable: true, predefinedAcl: 'publicRead' });
    await bucket.file('acl/private.txt').save('p', { resumable: false });
    const publicRead = expect.objectContaining({ entity: 'allUsers', role: 'READER' });
    for (const name of ['acl/simple.txt', 'acl/resumable.txt']) {
      expect((await bucket.file(name).acl.get())[0]).toContainEqual(publicRead);
    }
    expect((await bucket.file('acl/private.txt').acl.get())[0]).not.toContainEqual(publicRead);
  });
});

/** Starts a resumable session through the JSON API and returns its URI. */
async function startGcs(name: string, headers: Record<string, string> = {}, body: object = {}): Promise<string> {
  const res = await fetch(
    `${base}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
  );
  expect(res.status).toBe(200);
  return res.headers.get('location')!;
}

const put = (url: string, body: Buffer | undefined, range: string, method = 'PUT') =>
  fetch(url, { method, headers: { 'content-range': range }, body });

describe('Cloud Storage JSON API resumable sessions, raw', () => {
  it('chunks answered 308 with the Range received; resent bytes are skipped, a gap is refused; the last chunk gives the object', async () => {
    const data = randomBytes(512 * KiB + 10);
    const uri = await startGcs('raw/chunks.bin', { 'x-upload-content-type': 'application/zip' });
    let res = await put(uri, undefined, 'bytes */*');
    expect([res.status, res.headers.get('range')]).toEqual([308, null]);
    res = await put(uri, data.subarray(0, 256 * KiB), `bytes 0-${256 * KiB - 1}/*`);
    expect([res.status, res.headers.get('range')]).toEqual([308, `bytes=0-${256 * KiB - 1}`]);
    // The same chunk again, extended: only the new bytes count.
    res = await put(uri, data.subarray(0, 512 * KiB), `bytes 0-${512 * KiB - 1}/*`, 'POST');
    expect(res.headers.get('range')).toBe(`bytes=0-${512 * KiB - 1}`);
    res = await put(uri, data.subarray(512 * KiB + 5), `bytes ${512 * KiB + 5}-${data.length - 1}/${data.length}`);
    expect(res.status).toBe(400);
    res = await put(uri, data.subarray(512 * KiB), `bytes ${512 * KiB}-${data.length - 1}/${data.length}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'raw/chunks.bin',
      size: String(data.length),
      contentType: 'application/zip',
    });
    expect((await download('raw/chunks.bin')).equals(data)).toBe(true);
  });

  it('a finished session answers its object to a status query (not 308), and to a resent last chunk', async () => {
    const uri = await startGcs('raw/done.txt');
    expect((await put(uri, Buffer.from('done'), 'bytes 0-3/4')).status).toBe(200);
    for (const [body, range] of [
      [undefined, 'bytes */*'],
      [undefined, 'bytes */4'],
      [Buffer.from('done'), 'bytes 0-3/4'],
    ] as const) {
      const res = await put(uri, body, range);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'raw/done.txt', size: '4' });
    }
  });

  it('DELETE cancels a session (499); it is then gone (404) and nothing was written', async () => {
    const uri = await startGcs('raw/cancelled.txt');
    expect((await put(uri, Buffer.alloc(256 * KiB), `bytes 0-${256 * KiB - 1}/*`)).status).toBe(308);
    expect((await fetch(uri, { method: 'DELETE' })).status).toBe(499);
    expect((await put(uri, undefined, 'bytes */*')).status).toBe(404);
    expect((await put(uri, Buffer.from('x'), `bytes ${256 * KiB}-${256 * KiB}/${256 * KiB + 1}`)).status).toBe(404);
    expect((await bucket.file('raw/cancelled.txt').exists())[0]).toBe(false);
  });

  it('refuses a Content-Range that does not match the body, and a total other than X-Upload-Content-Length', async () => {
    let uri = await startGcs('raw/mismatch.txt');
    expect((await put(uri, Buffer.from('abc'), 'bytes 0-9/10')).status).toBe(400);
    expect((await put(uri, Buffer.from('abc'), 'bytes 0-2/x')).status).toBe(400);
    uri = await startGcs('raw/declared.txt', { 'x-upload-content-length': '10' });
    expect((await put(uri, Buffer.from('abc'), 'bytes 0-2/3')).status).toBe(400);
    expect((await bucket.file('raw/declared.txt').exists())[0]).toBe(false);
  });

  it('uploadType=multipart (multipart/related) takes the name from the metadata part; an unknown uploadType is refused', async () => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n`),
      Buffer.from(JSON.stringify({ name: 'raw/multi part.json', metadata: { k: 'v' } })),
      Buffer.from(`\r\n--${boundary}\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--${boundary}--\r\n`),
    ]);
    const url = `${base}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart`;
    const headers = { 'content-type': `multipart/related; boundary=${boundary}` };
    const res = await fetch(url, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'raw/multi part.json',
      contentType: 'application/json',
      metadata: { k: 'v' },
    });
    expect((await download('raw/multi part.json')).toString()).toBe('{"a":1}');
    const bad = await fetch(`${base}/upload/storage/v1/b/${BUCKET}/o?uploadType=chunked&name=x`, {
      method: 'POST',
      body: 'x',
    });
    expect(bad.status).toBe(400);
  });
});

const firebaseUrl = (path: string) => `${base}/v0/b/${BUCKET}/o${path}`;

/** Starts a resumable upload through the Firebase API and returns its upload URL. */
async function startFirebase(path: string, size: number, uid = 'ann', method = 'POST'): Promise<string> {
  const res = await fetch(firebaseUrl(path), {
    method,
    headers: {
      ...asUser(uid),
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
      'x-goog-upload-header-content-type': 'text/plain',
      'content-type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ contentType: 'text/plain' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('x-goog-upload-status')).toBe('active');
  expect(res.headers.get('x-goog-upload-chunk-granularity')).toBe(String(256 * KiB));
  return res.headers.get('x-goog-upload-url')!;
}

/** One command to a Firebase upload URL. */
function command(url: string, commands: string, options: { offset?: number; body?: string; method?: string } = {}) {
  const headers: Record<string, string> = { ...asUser('ann'), 'x-goog-upload-command': commands };
  if (options.offset !== undefined) headers['x-goog-upload-offset'] = String(options.offset);
  return fetch(url, { method: options.method ?? 'POST', headers, body: options.body });
}

const status = (res: Response) => [res.status, res.headers.get('x-goog-upload-status')];

describe('Firebase API resumable uploads, raw', () => {
  it('starts with the name in the path, takes commands by PUT and POST, and checks each offset', async () => {
    const url = await startFirebase(`/${encodeURIComponent('inbox/ann/notes.txt')}`, 10);
    expect(status(await command(url, 'upload', { offset: 0, body: 'abcd', method: 'PUT' }))).toEqual([200, 'active']);
    // A chunk that does not start where the bytes received end is refused, before or after.
    expect((await command(url, 'upload', { offset: 2, body: 'cdef' })).status).toBe(400);
    expect((await command(url, 'upload', { offset: 6, body: 'ghij' })).status).toBe(400);
    let res = await command(url, 'query');
    expect([...status(res), res.headers.get('x-goog-upload-size-received')]).toEqual([200, 'active', '4']);
    res = await command(url, 'upload, finalize', { offset: 4, body: 'efghij', method: 'PUT' });
    expect(status(res)).toEqual([200, 'final']);
    expect(await res.json()).toMatchObject({ name: 'inbox/ann/notes.txt', size: '10', contentType: 'text/plain' });
    expect((await download('inbox/ann/notes.txt')).toString()).toBe('abcdefghij');
  });

  it('a finished upload: query says final, a repeated finalize answers the same object, an upload or a cancel is refused', async () => {
    const url = await startFirebase('?name=inbox%2Fann%2Fdone.txt', 2);
    const first = await (await command(url, 'upload, finalize', { offset: 0, body: 'ok' })).json();
    let res = await command(url, 'query');
    expect([...status(res), res.headers.get('x-goog-upload-size-received')]).toEqual([200, 'final', '2']);
    res = await command(url, 'finalize');
    expect(status(res)).toEqual([200, 'final']);
    expect(await res.json()).toEqual(first);
    expect(status(await command(url, 'upload', { offset: 2, body: 'more' }))).toEqual([400, 'final']);
    expect(status(await command(url, 'cancel'))).toEqual([400, 'final']);
  });

  it('a cancelled upload says so, refuses what comes after, and writes nothing', async () => {
    const url = await startFirebase('?name=inbox%2Fann%2Fcancelled.txt', 8);
    expect(status(await command(url, 'upload', { offset: 0, body: 'abcd' }))).toEqual([200, 'active']);
    expect(status(await command(url, 'cancel', { method: 'PUT' }))).toEqual([200, 'cancelled']);
    expect(status(await command(url, 'query'))).toEqual([200, 'cancelled']);
    expect(status(await command(url, 'upload, finalize', { offset: 4, body: 'efgh' }))).toEqual([400, 'cancelled']);
    expect((await bucket.file('inbox/ann/cancelled.txt').exists())[0]).toBe(false);
  });

  it('the rules decide at the start (the declared size) and at the end (the bytes sent); a refused finalize stays refused', async () => {
    const refused = await fetch(firebaseUrl('?name=inbox%2Fbob%2Fx.txt'), {
      method: 'POST',
      headers: { ...asUser('ann'), 'x-goog-upload-protocol': 'resumable', 'x-goog-upload-command': 'start' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    const big = await fetch(firebaseUrl('?name=inbox%2Fann%2Fbig.bin'), {
      method: 'POST',
      headers: {
        ...asUser('ann'),
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(2 * 1024 * KiB),
      },
      body: '{}',
    });
    expect(big.status).toBe(403);
    // Declared small, sent bigger: the declared size does not match at the end.
    const url = await startFirebase('?name=inbox%2Fann%2Flying.txt', 3);
    expect(status(await command(url, 'upload, finalize', { offset: 0, body: 'four' }))).toEqual([400, 'final']);
    expect(status(await command(url, 'finalize'))).toEqual([400, 'final']);
    expect((await bucket.file('inbox/ann/lying.txt').exists())[0]).toBe(false);
  });

  it('an unknown upload id is 404; a command to it without X-Goog-Upload-Command is 400', async () => {
    expect(
      (await command(firebaseUrl(`?name=a&upload_id=${randomUUID()}&upload_protocol=resumable`), 'query')).status,
    ).toBe(404);
    const url = await startFirebase('?name=inbox%2Fann%2Fno-command.txt', 1);
    expect((await fetch(url, { method: 'POST', headers: asUser('ann'), body: 'x' })).status).toBe(400);
  });

  it('X-Goog-Upload-Protocol: multipart with the name in the path: metadata part, then the bytes', async () => {
    const boundary = 'fb-boundary';
    const body =
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
      JSON.stringify({ contentType: 'text/markdown', metadata: { study: 's2' } }) +
      `\r\n--${boundary}\r\nContent-Type: text/markdown\r\n\r\n# Protocol\r\n--${boundary}--`;
    const res = await fetch(firebaseUrl(`/${encodeURIComponent('inbox/ann/protocol.md')}`), {
      method: 'POST',
      headers: {
        ...asUser('ann'),
        'x-goog-upload-protocol': 'multipart',
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'inbox/ann/protocol.md',
      contentType: 'text/markdown',
      metadata: { study: 's2' },
    });
    expect((await download('inbox/ann/protocol.md')).toString()).toBe('# Protocol');
  });
});

/** Posts a form as a browser would: the policy's fields, then the file (last). */
function postForm(url: string, fields: Record<string, string>, file: { data: string; name: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file.data], { type: file.type ?? 'text/plain' }), file.name);
  return fetch(url, { method: 'POST', body: form, redirect: 'manual' });
}

const inOneHour = () => Date.now() + 3600_000;

describe('signed POST policy form uploads (generateSignedPostPolicyV4), signatures accepted unchecked as Google’s emulator does', () => {
  it('posts to the URL the client gives (the bucket from the policy), 204 by default, ${filename} in the key', async () => {
    const [policy] = await bucket.file('forms/${filename}').generateSignedPostPolicyV4({
      expires: inOneHour(),
      fields: { 'x-goog-meta-source': 'form' },
      conditions: [['content-length-range', 0, 1024]],
    });
    expect(policy.url).toBe(base);
    const res = await postForm(policy.url, policy.fields, { data: 'consent form', name: 'consent.txt' });
    expect(res.status).toBe(204);
    const [meta] = await bucket.file('forms/consent.txt').getMetadata();
    expect(meta).toMatchObject({ contentType: 'text/plain', size: '12', metadata: { source: 'form' } });
  });

  it('POST /{bucket}: success_action_status 201 answers the XML PostResponse', async () => {
    const [policy] = await bucket.file('forms/created.txt').generateSignedPostPolicyV4({
      expires: inOneHour(),
      fields: { success_action_status: '201' },
    });
    const res = await postForm(`${base}/${BUCKET}`, policy.fields, { data: 'x', name: 'ignored.txt' });
    expect(res.status).toBe(201);
    const xml = await res.text();
    expect(xml).toContain(`<Bucket>${BUCKET}</Bucket><Key>forms/created.txt</Key>`);
    expect(xml).toContain(`<ETag>"${createHash('md5').update('x').digest('hex')}"</ETag>`);
  });

  it('refuses (XML errors) a file outside content-length-range, a changed key, an unsigned field, an expired policy or none', async () => {
    const [policy] = await bucket.file('forms/limited.txt').generateSignedPostPolicyV4({
      expires: inOneHour(),
      conditions: [['content-length-range', 0, 4]],
    });
    let res = await postForm(base, policy.fields, { data: 'too long', name: 'a.txt' });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(
      /<Code>AccessDenied<\/Code><Message>Invalid according to Policy: Policy Condition failed/,
    );
    res = await postForm(base, { ...policy.fields, key: 'forms/other.txt' }, { data: 'ok', name: 'a.txt' });
    expect(res.status).toBe(403);
    res = await postForm(base, { ...policy.fields, 'x-goog-meta-extra': '1' }, { data: 'ok', name: 'a.txt' });
    expect(await res.text()).toContain('Extra input fields: x-goog-meta-extra');
    const expired = Buffer.from(JSON.stringify({ conditions: [], expiration: '2020-01-01T00:00:00Z' })).toString(
      'base64',
    );
    res = await postForm(base, { ...policy.fields, policy: expired }, { data: 'ok', name: 'a.txt' });
    expect(res.status).toBe(400);
    const { policy: _p, 'x-goog-signature': _s, ...unsigned } = policy.fields;
    res = await postForm(`${base}/${BUCKET}`, unsigned, { data: 'ok', name: 'a.txt' });
    expect(res.status).toBe(403);
    expect((await bucket.file('forms/limited.txt').exists())[0]).toBe(false);
  });
});
