// A Chromium page running the `firebase` web SDK against a Storage emulator (and `firebase/firestore/lite` against a
// Firestore emulator's REST API), for conformance tests of what a browser sends (CORS preflights, fetch and XHR
// uploads, chunked resumable uploads): the SDK bundled by esbuild, served from a small HTTP server on another origin
// than the emulator's, driven through playwright-core. One per test file.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type * as FirebaseApp from 'firebase/app';
import type * as FirestoreLite from 'firebase/firestore/lite';
import type * as FirebaseStorage from 'firebase/storage';
import { chromium } from 'playwright-core';

/** What a function given to `run` receives in the page. */
export interface BrowserSdk {
  app: typeof FirebaseApp;
  storage: typeof FirebaseStorage;
  /** The bucket of this page's Firebase apps. */
  bucket: string;
  /**
   * The page's Storage connected to the emulator as a caller: signed out (undefined), an ID token with these claims
   * (`sub` is the uid), or the string `'owner'` (past the rules), as `connectStorageEmulator`'s `mockUserToken`.
   * One Firebase app per caller, kept for the page's life.
   */
  storageAs(user?: FirebaseStorage.EmulatorMockTokenOptions | 'owner'): FirebaseStorage.FirebaseStorage;
  /** `firebase/firestore/lite`, the web SDK's REST client, when the page was opened with a `firestoreHost`. */
  firestore: typeof FirestoreLite;
  /** The page's Firestore (lite) connected to that emulator as a caller, as `storageAs` (one app per caller). */
  firestoreAs(user?: FirestoreLite.EmulatorMockTokenOptions): FirestoreLite.Firestore;
}

export interface StorageBrowser {
  bucket: string;
  /**
   * Runs `fn` in the page and resolves to its result. `fn` is sent as source text: it may use only its parameters
   * and the page's globals (no variable of the test), and `args` and the result must survive structured cloning.
   */
  run<A, R>(fn: (sdk: BrowserSdk, args: A) => R | Promise<R>, args: A): Promise<R>;
  close(): Promise<void>;
}

export interface StorageBrowserOptions {
  /** host:port of the Storage emulator. */
  storageHost: string;
  /** Rules loaded into the emulator (its `/internal/setRules`) before the page opens. */
  storageRules?: string;
  /** Default: a fresh `<project>.appspot.com`. */
  bucket?: string;
  /** host:port of a Firestore emulator, for `firestoreAs` (its REST API, which the lite client calls). */
  firestoreHost?: string;
}

// The page's entry: the SDK's modules on `window.sdk`, with one app per caller connected to the emulator.
const ENTRY = `
import * as app from 'firebase/app';
import * as storage from 'firebase/storage';
import * as firestore from 'firebase/firestore/lite';
const { host, port, projectId, bucket, firestoreHost } = window.storageConfig;
const byCaller = new Map();
function appAs(user) {
  const key = JSON.stringify(user ?? null);
  if (!byCaller.has(key)) {
    const instance = app.initializeApp(
      { projectId, storageBucket: bucket, apiKey: 'fake-api-key', appId: '1:1:web:1' },
      'caller-' + byCaller.size,
    );
    const s = storage.getStorage(instance);
    storage.connectStorageEmulator(s, host, port, user ? { mockUserToken: user } : {});
    let db;
    if (firestoreHost) {
      db = firestore.getFirestore(instance);
      const [fHost, fPort] = firestoreHost.split(':');
      firestore.connectFirestoreEmulator(db, fHost, Number(fPort), user ? { mockUserToken: user } : {});
    }
    byCaller.set(key, { storage: s, firestore: db });
  }
  return byCaller.get(key);
}
const storageAs = (user) => appAs(user).storage;
const firestoreAs = (user) => appAs(user).firestore;
window.sdk = { app, storage, bucket, storageAs, firestore, firestoreAs };
`;

let bundle: Promise<string> | undefined;

/** The entry bundled once per test file (a second or two). */
function sdkBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return bundle;
}

async function loadRules(storageHost: string, content: string): Promise<void> {
  const res = await fetch(`http://${storageHost}/internal/setRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content }] } }),
  });
  if (!res.ok) throw new Error(`The emulator refused the rules: ${res.status} ${await res.text()}`);
}

/** Opens Chromium on a page with the web SDK, its apps pointed at the emulator at `storageHost`. */
export async function openStorageBrowser(options: StorageBrowserOptions): Promise<StorageBrowser> {
  const [host, port] = options.storageHost.split(':');
  const projectId =
    options.bucket?.replace(/\.(appspot\.com|firebasestorage\.app)$/, '') ?? `web-${randomUUID().slice(0, 8)}`;
  const bucket = options.bucket ?? `${projectId}.appspot.com`;
  if (options.storageRules !== undefined) await loadRules(options.storageHost, options.storageRules);
  const script = await sdkBundle();
  const config = JSON.stringify({ host, port: Number(port), projectId, bucket, firestoreHost: options.firestoreHost });
  const html = `<!doctype html><meta charset="utf-8"><title>web SDK</title>
<script>window.storageConfig = ${config};</script><script type="module" src="/sdk.js"></script>`;
  // The page's own origin (127.0.0.1 on another port): every request to the emulator is cross-origin, as in the app.
  const server = createServer((req, res) => {
    const js = req.url === '/sdk.js';
    res.writeHead(req.url === '/' || js ? 200 : 404, {
      'content-type': js ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
    });
    res.end(js ? script : req.url === '/' ? html : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  // --no-sandbox: the tests may run as root, where Chromium's sandbox cannot start.
  const browser = await chromium
    .launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
    .catch(async (error: unknown) => {
      await closeServer();
      throw error;
    });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'sdk' in globalThis);
  return {
    bucket,
    run: <A, R>(fn: (sdk: BrowserSdk, args: A) => R | Promise<R>, args: A) =>
      page.evaluate(
        ([source, input]) => {
          const sdk = (globalThis as unknown as { sdk: BrowserSdk }).sdk;
          return (new Function(`return (${source})`)() as typeof fn)(sdk, input as A);
        },
        [fn.toString(), args] as const,
      ) as Promise<R>,
    close: async () => {
      await browser.close();
      await closeServer();
    },
  };
}
