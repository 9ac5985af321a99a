// A browser-like client of a local stack: the firebase JS SDK signed in on the Auth emulator, calling the
// callables through the Functions emulator and uploading to the Storage emulator exactly as the web app does.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import {
  CALLABLE_TIMEOUT_MS,
  exchangeDebugToken,
  FUNCTIONS_REGION,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
  STORAGE_PATHS,
} from '@trialdesk/shared';
import { APP_CHECK_DEBUG_TOKEN, DEFAULT_BUCKET, LOCAL_APP_ID, type StackUrls } from './stack.js';

export interface Client {
  app: FirebaseApp;
  auth: Auth;
  functions: Functions;
  /** Calls a callable as the signed-in user (or signed out) and returns its data. */
  call<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<CallableResponse<N>>;
  /** Uploads into the signed-in user's own folder (storage.rules apply) and returns the object's path. */
  upload(bytes: Uint8Array, contentType: string, extension: string): Promise<string>;
  close(): Promise<void>;
}

let clients = 0;

export function createClient(urls: StackUrls, projectId: string): Client {
  // One app per client: each holds its own signed-in user.
  const app = initializeApp(
    { projectId, apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, appId: LOCAL_APP_ID },
    `client-${++clients}`,
  );
  // App Check from the stack's exchange, as the web app's: its callables and uploads carry a token, so a stack that
  // enforces App Check serves this client too.
  initializeAppCheck(app, {
    provider: new CustomProvider({ getToken: () => appCheckToken(urls, projectId) }),
    isTokenAutoRefreshEnabled: false,
  });
  const auth = getAuth(app);
  connectAuthEmulator(auth, urls.auth, { disableWarnings: true });
  const functions = getFunctions(app, FUNCTIONS_REGION);
  const { hostname, port } = new URL(urls.functions);
  connectFunctionsEmulator(functions, hostname, Number(port));
  const storage = getStorage(app, `gs://${DEFAULT_BUCKET}`);
  const [storageHost, storagePort] = urls.storageHost.split(':');
  connectStorageEmulator(storage, storageHost, Number(storagePort));
  return {
    app,
    auth,
    functions,
    async call(name, data) {
      const fn = httpsCallable(functions, name, { timeout: CALLABLE_TIMEOUT_MS });
      return (await fn(data)).data as CallableResponse<typeof name>;
    },
    async upload(bytes, contentType, extension) {
      const uid = auth.currentUser?.uid;
      if (!uid) throw new Error('upload: sign in first');
      const path = `${STORAGE_PATHS.uploadFolder(uid)}${randomUUID()}.${extension}`;
      await uploadBytes(ref(storage, path), bytes, { contentType });
      return path;
    },
    close: () => deleteApp(app),
  };
}

/** A token from the stack's App Check exchange, as the web app gets one. */
export const appCheckToken = (urls: StackUrls, projectId: string) =>
  exchangeDebugToken(urls.appCheck, { projectId, appId: LOCAL_APP_ID, debugToken: APP_CHECK_DEBUG_TOKEN });

/** The App Check header of a raw request to a callable of the stack (what the SDKs add to theirs). */
export async function appCheckHeader(urls: StackUrls, projectId: string): Promise<Record<string, string>> {
  return { 'x-firebase-appcheck': (await appCheckToken(urls, projectId)).token };
}

/** A client signed in with an email/password account. */
export async function signedInClient(
  urls: StackUrls,
  projectId: string,
  email: string,
  password: string,
): Promise<Client> {
  const client = createClient(urls, projectId);
  await signInWithEmailAndPassword(client.auth, email, password);
  return client;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
