// The firebase-admin app, Firestore and Auth, created once per instance.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore, type Transaction } from 'firebase-admin/firestore';

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

/** Attempts before a contended transaction gives up (the SDK backs off between them). */
const MAX_ATTEMPTS = 10;

export function transaction<T>(update: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().runTransaction(update, { maxAttempts: MAX_ATTEMPTS });
}
