// Files to and from Cloud Storage: an upload into the signed-in person's own folder (the only place storage.rules
// lets the browser write; a callable then checks and moves it), with progress and cancel, and downloads through the
// files-download function.
import type { FirebaseStorage } from 'firebase/storage';
import {
  FILE_DOWNLOAD_FUNCTION,
  FUNCTIONS_REGION,
  STORAGE_OPERATION_RETRY_MS,
  STORAGE_PATHS,
  STORAGE_UPLOAD_RETRY_MS,
} from '@trialdesk/shared';
import { currentAppCheckToken, firebaseAppCheck, firebaseAuth, firebaseSetup } from '../firebase';
import { toCallError, type CallError } from './callable';

let storageClient: Promise<FirebaseStorage> | undefined;

/**
 * The Storage client, loaded on first use (never on the login route), retrying an operation for 2 minutes and an
 * upload for 10 (STORAGE_OPERATION_RETRY_MS, STORAGE_UPLOAD_RETRY_MS; the SDK retries 408, 429 and 5xx).
 */
function firebaseStorage(): Promise<FirebaseStorage> {
  // App Check first: the client then sends its token with every upload.
  storageClient ??= Promise.all([import('firebase/storage'), firebaseAppCheck()]).then(([sdk]) => {
    const { connectStorageEmulator, getStorage } = sdk;
    const { app, emulators } = firebaseSetup();
    const storage = getStorage(app);
    storage.maxOperationRetryTime = STORAGE_OPERATION_RETRY_MS;
    storage.maxUploadRetryTime = STORAGE_UPLOAD_RETRY_MS;
    if (emulators) connectStorageEmulator(storage, emulators.storageHost, emulators.storagePort);
    return storage;
  });
  return storageClient;
}

export interface UploadHandle {
  /** Resolves with the upload's Storage path; rejects with `canceled` after cancel(). */
  done: Promise<string>;
  cancel(): void;
}

/** The extension an upload keeps (the server reads the type from the bytes; the name only hints CSV). */
const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1].toLowerCase() ?? 'bin';

/** Starts an upload of `file` into `uploads/{uid}/`, reporting progress as a fraction from 0 to 1. */
export function startUpload(file: Blob, name: string, onProgress: (fraction: number) => void): UploadHandle {
  let cancelled = false;
  let cancelTask: (() => void) | undefined;
  const done = (async () => {
    const uid = firebaseAuth().currentUser?.uid;
    if (!uid) throw Object.assign(new Error('Not signed in'), { code: 'storage/unauthenticated' });
    const { ref, uploadBytesResumable } = await import('firebase/storage');
    const storage = await firebaseStorage();
    const path = `${STORAGE_PATHS.uploadFolder(uid)}${crypto.randomUUID()}.${extensionOf(name)}`;
    const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type || undefined });
    cancelTask = () => task.cancel();
    if (cancelled) task.cancel();
    task.on('state_changed', (snapshot) =>
      onProgress(snapshot.totalBytes ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
    );
    await task;
    return path;
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}

/** Whether an upload failed because the person cancelled it. */
export const isCancelled = (error: unknown) => (error as { code?: string } | null)?.code === 'storage/canceled';

/** The address of the HTTP function `name`: the emulator's, or the project's on cloudfunctions.net. */
function functionUrl(name: string): string {
  const { app, emulators } = firebaseSetup();
  const project = app.options.projectId ?? '';
  return emulators
    ? `http://${emulators.functionsHost}:${emulators.functionsPort}/${project}/${FUNCTIONS_REGION}/${name}`
    : `https://${FUNCTIONS_REGION}-${project}.cloudfunctions.net/${name}`;
}

/**
 * Downloads a study document or the person's own export as `fileName`, through FILE_DOWNLOAD_FUNCTION with the
 * person's ID token: the server checks their standing now, and no shareable link is ever made (docs/security.md,
 * "Files"). A refusal rejects with the CallError a callable's would give.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const user = firebaseAuth().currentUser;
  if (!user) throw { code: 'unauthenticated', key: 'errors.unauthenticated' } satisfies CallError;
  const query = new URLSearchParams({ path });
  const headers: Record<string, string> = { authorization: `Bearer ${await user.getIdToken()}` };
  // Without a token the request still goes: the server decides, as for a callable (docs/operations.md, "App Check").
  const appCheck = await currentAppCheckToken();
  if (appCheck) headers['x-firebase-appcheck'] = appCheck;
  let response: Response;
  try {
    response = await fetch(`${functionUrl(FILE_DOWNLOAD_FUNCTION)}?${query}`, { headers });
  } catch {
    throw { code: 'unavailable', key: 'errors.network' } satisfies CallError;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { status?: string; details?: unknown } } | null;
    const status = body?.error?.status ?? 'UNKNOWN';
    throw toCallError({ code: status.toLowerCase().replaceAll('_', '-'), details: body?.error?.details });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
