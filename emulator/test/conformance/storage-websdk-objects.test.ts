// Storage objects as the `firebase/storage` web SDK sees them in Chromium (test/conformance/browser.ts), for objects
// a server wrote through `@google-cloud/storage`: metadata without the fields never set, a gzip object read
// decompressed, a download URL's default Content-Disposition, and lists without folder placeholders or '//' names.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Storage, type Bucket } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';
import { openStorageBrowser, type StorageBrowser } from './browser';

let emulator: RunningStorageEmulator;
let browser: StorageBrowser;
let bucket: Bucket;

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, quiet: true });
  const host = `${emulator.host}:${emulator.port}`;
  browser = await openStorageBrowser({ storageHost: host, bucket: `websdk-${randomUUID().slice(0, 8)}.appspot.com` });
  bucket = new Storage({ apiEndpoint: `http://${host}`, projectId: 'websdk' }).bucket(browser.bucket);
});

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});

describe('web SDK in Chromium, objects a server wrote', () => {
  it('getMetadata has no contentDisposition nor customMetadata that were never set', async () => {
    await bucket.file('plain.txt').save('plain', { resumable: false, contentType: 'text/plain' });
    const meta = await browser.run(async ({ storage, storageAs }) => {
      const m = await storage.getMetadata(storage.ref(storageAs('owner'), 'plain.txt'));
      return { disposition: m.contentDisposition ?? null, custom: m.customMetadata ?? null, type: m.contentType };
    }, null);
    expect(meta).toEqual({ disposition: null, custom: null, type: 'text/plain' });
  });

  it('reads a gzip object decompressed, and its download URL serves it inline under its name', async () => {
    const text = 'visit notes\n'.repeat(100);
    await bucket.file('notes/visit 1.txt').save(gzipSync(text), {
      resumable: false,
      metadata: { contentType: 'text/plain', contentEncoding: 'gzip' },
    });
    const read = await browser.run(async ({ storage, storageAs }) => {
      const file = storage.ref(storageAs('owner'), 'notes/visit 1.txt');
      const bytes = new TextDecoder().decode(await storage.getBytes(file));
      const response = await fetch(await storage.getDownloadURL(file));
      return { bytes, fetched: await response.text(), disposition: response.headers.get('content-disposition') };
    }, null);
    expect(read.bytes).toBe(text);
    expect(read.fetched).toBe(text);
    expect(read.disposition).toBe("inline; filename*=utf-8''visit%201.txt");
  });

  it("listAll leaves out a folder placeholder and names with '//'", async () => {
    for (const name of ['docs/', 'docs/a.pdf', 'docs//b.pdf', 'docs/sub/c.pdf', 'docs/sub/']) {
      await bucket.file(name).save(name, { resumable: false });
    }
    const listed = await browser.run(async ({ storage, storageAs }) => {
      const all = await storage.listAll(storage.ref(storageAs('owner'), 'docs'));
      return { items: all.items.map((i) => i.fullPath), prefixes: all.prefixes.map((p) => p.fullPath) };
    }, null);
    expect(listed).toEqual({ items: ['docs/a.pdf'], prefixes: ['docs/sub'] });
  });
});
