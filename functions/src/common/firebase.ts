// The firebase-admin app, Firestore, Auth, the default Storage bucket and the task queues, created once per instance.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { getFunctions, type Functions } from 'firebase-admin/functions';
import { getStorage } from 'firebase-admin/storage';

// Initialised on first use so tests (and the emulators) can set the environment before any call.
function app() {
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  return getFirestore(app());
}

export function auth(): Auth {
  return getAuth(app());
}

/** The bucket `name`, by default the project's (FIREBASE_CONFIG names it in Cloud Functions and the emulator). */
export function bucket(name?: string) {
  const fallback =
    app().options.storageBucket ?? process.env.STORAGE_BUCKET ?? `${process.env.GCLOUD_PROJECT}.appspot.com`;
  return getStorage(app()).bucket(name ?? fallback);
}

/** Attempts before a contended transaction gives up (the SDK backs off between them). */
const MAX_ATTEMPTS = 10;

export function transaction<T>(update: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().runTransaction(update, { maxAttempts: MAX_ATTEMPTS });
}

/** Cloud Tasks queues of the functions (the Cloud Tasks emulator when CLOUD_TASKS_EMULATOR_HOST names one). */
export function tasks(): Functions {
  return getFunctions(app());
}
