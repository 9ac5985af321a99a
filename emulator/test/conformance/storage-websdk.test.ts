// Cloud Storage for Firebase through the `firebase/storage` web SDK in Chromium (test/conformance/browser.ts), against
// the built-in emulator on another origin: uploadBytes, uploadString, uploadBytesResumable of a file sent in several
// chunks (progress, pause and resume, cancel), downloads (getBytes, a download URL fetched by the page), and the
// rules' refusals as the SDK reports them. One emulator (its own rules) and one browser for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../src/storage/index';
import { openStorageBrowser, type StorageBrowser } from './browser';

// Each signed-in user owns `inbox/{uid}/`, for files below 8 MB.
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /inbox/{uid}/{name} {
      allow read, delete: if request.auth.uid == uid;
      allow write: if request.auth.uid == uid && request.resource.size < 8 * 1024 * 1024;
    }
  }
}`;

let emulator: RunningStorageEmulator;
let browser: StorageBrowser;

beforeAll(async () => {
  emulator = await startStorageEmulator({ port: 0, quiet: true });
  browser = await openStorageBrowser({ storageHost: `${emulator.host}:${emulator.port}`, storageRules: RULES });
});

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});

describe('web SDK in Chromium', () => {
  it('uploadBytes and getBytes, with the metadata sent', async () => {
    const result = await browser.run(async ({ storage, storageAs }) => {
      const file = storage.ref(storageAs({ sub: 'ann' }), 'inbox/ann/protocol v1.txt');
      const uploaded = await storage.uploadBytes(file, new TextEncoder().encode('%PDF protocol'), {
        contentType: 'text/plain',
        customMetadata: { study: 's1' },
      });
      const bytes = await storage.getBytes(file);
      const { fullPath, size, contentType, customMetadata } = uploaded.metadata;
      return { fullPath, size, contentType, customMetadata, text: new TextDecoder().decode(bytes) };
    }, null);
    expect(result).toEqual({
      fullPath: 'inbox/ann/protocol v1.txt',
      size: 13,
      contentType: 'text/plain',
      customMetadata: { study: 's1' },
      text: '%PDF protocol',
    });
  });

  it('uploadString in each format, read back with getMetadata and getBytes', async () => {
    const results = await browser.run(async ({ storage, storageAs }) => {
      const s = storageAs({ sub: 'ann' });
      const out: [string, string, string][] = [];
      for (const [format, value] of [
        ['raw', 'plain text'],
        ['base64', btoa('base64 text')],
        ['data_url', `data:text/csv;base64,${btoa('a,b\n1,2')}`],
      ] as const) {
        const file = storage.ref(s, `inbox/ann/string-${format}`);
        await storage.uploadString(file, value, format);
        const meta = await storage.getMetadata(file);
        out.push([format, meta.contentType ?? '', new TextDecoder().decode(await storage.getBytes(file))]);
      }
      return out;
    }, null);
    expect(results).toEqual([
      ['raw', 'application/octet-stream', 'plain text'],
      ['base64', 'application/octet-stream', 'base64 text'],
      ['data_url', 'text/csv', 'a,b\n1,2'],
    ]);
  });
});

// The SDK sends files above 256 KiB resumably, in chunks of 256 KiB doubling after each success: this one takes four.
const SIZE = 2 * 1024 * 1024 + 1000;

/** What a resumable upload in the page went through. */
interface Resumable {
  state: string;
  /** bytesTransferred of each progress event. */
  progress: number[];
  total: number;
  paused: boolean;
  /** The bytes read back equal those sent. */
  same: boolean;
  error?: string;
}

describe('web SDK in Chromium: uploadBytesResumable', () => {
  it('sends a multi-chunk file with progress events up to its size, paused and resumed on the way', async () => {
    const result = await browser.run(
      async ({ storage, storageAs }, { size }): Promise<Resumable> => {
        const data = new Uint8Array(size).map((_, i) => (i * 31 + 7) % 251);
        const file = storage.ref(storageAs({ sub: 'ann' }), 'inbox/ann/scan.bin');
        const task = storage.uploadBytesResumable(file, data, { contentType: 'application/octet-stream' });
        const progress: number[] = [];
        let paused = false;
        await new Promise<void>((resolve, reject) => {
          task.on(
            'state_changed',
            (snapshot) => {
              progress.push(snapshot.bytesTransferred);
              // Paused once after the first chunk, resumed when the SDK says it is paused.
              if (!paused && snapshot.state === 'running' && snapshot.bytesTransferred > 0) {
                paused = task.pause();
              } else if (snapshot.state === 'paused') {
                task.resume();
              }
            },
            reject,
            resolve,
          );
        });
        const back = new Uint8Array(await storage.getBytes(file));
        const same = back.length === data.length && back.every((b, i) => b === data[i]);
        return { state: task.snapshot.state, progress, total: task.snapshot.totalBytes, paused, same };
      },
      { size: SIZE },
    );
    expect(result).toMatchObject({ state: 'success', total: SIZE, paused: true, same: true });
    const sent = [...new Set(result.progress)];
    // Several chunks: at least three distinct counts below the size, then the size.
    expect(sent.filter((n) => n > 0 && n < SIZE).length).toBeGreaterThanOrEqual(2);
    expect(sent.at(-1)).toBe(SIZE);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
  });

  it('cancel() stops it (storage/canceled) and nothing is written', async () => {
    const result = await browser.run(
      async ({ storage, storageAs }, { size }) => {
        const file = storage.ref(storageAs({ sub: 'ann' }), 'inbox/ann/cancelled.bin');
        const task = storage.uploadBytesResumable(file, new Uint8Array(size));
        const code = await new Promise<string>((resolve) => {
          task.on(
            'state_changed',
            (snapshot) => {
              if (snapshot.bytesTransferred > 0) task.cancel();
            },
            (error) => resolve((error as { code: string }).code),
            () => resolve('completed'),
          );
        });
        const after = await storage.getMetadata(file).then(
          () => 'exists',
          (error: { code: string }) => error.code,
        );
        return { code, state: task.snapshot.state, after };
      },
      { size: SIZE },
    );
    expect(result).toEqual({ code: 'storage/canceled', state: 'canceled', after: 'storage/object-not-found' });
  });
});

describe('web SDK in Chromium: downloads and the rules', () => {
  it('getDownloadURL gives a URL the page fetches across origins without signing in', async () => {
    const result = await browser.run(async ({ storage, storageAs }) => {
      const file = storage.ref(storageAs({ sub: 'ann' }), 'inbox/ann/shared.txt');
      await storage.uploadString(file, 'by url', 'raw', { contentType: 'text/plain' });
      const url = await storage.getDownloadURL(file);
      const res = await fetch(url);
      return { token: new URL(url).searchParams.has('token'), status: res.status, text: await res.text() };
    }, null);
    expect(result).toEqual({ token: true, status: 200, text: 'by url' });
  });

  it('refusals by the rules surface as storage/unauthorized: uploads (whole and resumable) and reads of another’s files', async () => {
    const codes = await browser.run(
      async ({ storage, storageAs }, { size }) => {
        const ann = storageAs({ sub: 'ann' });
        const bob = storageAs({ sub: 'bob' });
        const code = (p: Promise<unknown>) =>
          p.then(
            () => 'allowed',
            (error: { code: string }) => error.code,
          );
        await storage.uploadString(storage.ref(ann, 'inbox/ann/private.txt'), 'mine');
        return {
          intoAnother: await code(storage.uploadBytes(storage.ref(ann, 'inbox/bob/x.txt'), new Uint8Array(3))),
          resumable: await code(
            Promise.resolve(storage.uploadBytesResumable(storage.ref(ann, 'inbox/bob/big.bin'), new Uint8Array(size))),
          ),
          tooBig: await code(
            Promise.resolve(
              storage.uploadBytesResumable(storage.ref(ann, 'inbox/ann/huge.bin'), new Uint8Array(9 * 1024 * 1024)),
            ),
          ),
          readAnother: await code(storage.getBytes(storage.ref(bob, 'inbox/ann/private.txt'))),
          signedOut: await code(storage.getBytes(storage.ref(storageAs(), 'inbox/ann/private.txt'))),
        };
      },
      { size: SIZE },
    );
    expect(codes).toEqual({
      intoAnother: 'storage/unauthorized',
      resumable: 'storage/unauthorized',
      tooBig: 'storage/unauthorized',
      readAnother: 'storage/unauthorized',
      signedOut: 'storage/unauthorized',
    });
  });
});
