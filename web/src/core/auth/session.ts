// Signing in (Microsoft or password) with the claims check, signing out, password reset, auth error keys.
import {
  getIdTokenResult,
  OAuthProvider,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import type { Role } from '@trialdesk/shared';
import { firebaseAuth } from '../firebase';
import { signedOut, type AuthUser, type SignOutReason } from './authSlice';
import { checkClaims, type ClaimsCheck } from './claims';
import { recordActivity } from './idle';

// While the login page signs someone in, or offers a refused person "Request access", the auth listener must not
// sign that person out under it; the page signs them out itself once done.
let loginInProgress = false;
let heldUid: string | null = null;

export function mayListenerSignOut(uid: string): boolean {
  return !loginInProgress && heldUid !== uid;
}

export function toAuthUser(user: User, role: Role): AuthUser {
  const email = user.email ?? '';
  return { id: user.uid, email, username: email, displayName: user.displayName || email, avatar: user.photoURL, role };
}

export type SignInOutcome = { ok: true; user: AuthUser } | { ok: false; refused: ClaimsCheck; uid: string };

/** Signs in with `signIn`, then checks the account's claims, forcing a fresh token; a refused person is held. */
export async function finishSignIn(signIn: () => Promise<{ user: User }>): Promise<SignInOutcome> {
  loginInProgress = true;
  // Signing in is activity: the idle timeout of the new session starts now, in every tab.
  recordActivity();
  try {
    const { user } = await signIn();
    // Forced refresh: an approval granted since the last token must count now.
    const { claims } = await getIdTokenResult(user, true);
    const check = checkClaims(claims);
    if (check.ok) return { ok: true, user: toAuthUser(user, check.role) };
    heldUid = user.uid;
    return { ok: false, refused: check, uid: user.uid };
  } finally {
    loginInProgress = false;
  }
}

export function signInWithMicrosoft(): Promise<SignInOutcome> {
  const provider = new OAuthProvider('microsoft.com');
  provider.setCustomParameters({ prompt: 'select_account' });
  return finishSignIn(() => signInWithPopup(firebaseAuth(), provider));
}

export function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  return finishSignIn(() => signInWithEmailAndPassword(firebaseAuth(), email, password));
}

/** Ends the hold on a refused person and signs them out. */
export async function releaseRefusedUser(): Promise<void> {
  if (heldUid === null) return;
  heldUid = null;
  await signOut(firebaseAuth());
}

export async function logout(): Promise<void> {
  heldUid = null;
  await signOut(firebaseAuth());
}

/**
 * Every tab reaches the idle moment together: they take turns (Web Locks, where the browser has them), so no tab
 * signs Firebase out, in every tab, while another's call still needs the token.
 */
async function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  const locks = navigator.locks as LockManager | undefined;
  await (locks ? locks.request('trialdesk.idleSignOut', work) : work());
}

/**
 * Ends the session because the app decided so (idle timeout, access withdrawn): the store first, with the reason,
 * so the screens leave for the login page at once and the reason is stored for the other tabs before Firebase
 * tells them; after the idle timeout, this session on the server (the server ended it itself for the other
 * reasons); then the Firebase session. Clearing the user also forgets every cached record (api/install.ts).
 */
export async function endSession(
  dispatch: (action: ReturnType<typeof signedOut>) => unknown,
  reason: SignOutReason,
): Promise<void> {
  heldUid = null;
  dispatch(signedOut(reason));
  if (reason !== 'idle') return signOut(firebaseAuth());
  await oneTabAtATime(async () => {
    // Best effort: the local sign-out follows whatever the answer (offline, already ended). Loaded on use: the
    // login page's first paint does not carry the Functions SDK.
    await import('./serverSessions')
      .then((server) => server.endServerSession())
      .catch((error: unknown) => console.warn('The session was not ended on the server', error));
    await signOut(firebaseAuth());
  });
}

export function sendPasswordReset(email: string): Promise<void> {
  return sendPasswordResetEmail(firebaseAuth(), email);
}

/** Dictionary key for a Firebase Auth error code. */
export function authErrorKey(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
      return 'auth.errors.invalidCredential';
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return 'auth.errors.invalidEmail';
    case 'auth/user-disabled':
      return 'auth.errors.userDisabled';
    case 'auth/too-many-requests':
      return 'auth.errors.tooManyRequests';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return 'auth.errors.popupClosed';
    case 'auth/popup-blocked':
      return 'auth.errors.popupBlocked';
    case 'auth/network-request-failed':
      return 'auth.errors.network';
    case 'auth/account-exists-with-different-credential':
      return 'auth.errors.accountExists';
    default:
      return 'auth.errors.generic';
  }
}
