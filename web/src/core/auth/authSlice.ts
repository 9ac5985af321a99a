// The auth slice: the signed-in user (never tokens) and why the app ended a session, kept in localStorage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ROLES, type Role } from '@trialdesk/shared';
import { isRecord, loadPersisted, STORAGE_KEYS } from '../persist';
import { idleExpired } from './idle';

/** The signed-in user held locally ; never tokens. */
export interface AuthUser {
  id: string;
  email: string;
  /** Same as email. */
  username: string;
  displayName: string;
  avatar: string | null;
  role: Role;
}

/**
 * Why the app ended a session itself: no input for the idle timeout; the server withdrew the access (only an Admin
 * can give it back) or ended the session while the access stands (signing in again works); the account's e-mail
 * changed outside TrialDesk.
 */
export const SIGN_OUT_REASONS = ['idle', 'accessRevoked', 'sessionEnded', 'accountEmailChanged'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

export interface AuthState {
  user: AuthUser | null;
  /** Kept until the next sign-in, so the login page (of every tab) can say why the person is there. */
  signOutReason: SignOutReason | null;
}

const isAuthUser = (value: unknown): value is AuthUser =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.email === 'string' &&
  typeof value.username === 'string' &&
  typeof value.displayName === 'string' &&
  (value.avatar === null || typeof value.avatar === 'string') &&
  (ROLES as readonly unknown[]).includes(value.role);

const isReason = (value: unknown): value is SignOutReason => (SIGN_OUT_REASONS as readonly unknown[]).includes(value);

// A value stored before the reason existed has none.
const isAuthState = (value: unknown): value is Omit<AuthState, 'signOutReason'> & Partial<AuthState> =>
  isRecord(value) &&
  (value.user === null || isAuthUser(value.user)) &&
  (value.signOutReason === undefined || value.signOutReason === null || isReason(value.signOutReason));

/** The reason another tab (or an earlier page) stored with its sign-out. */
export function storedSignOutReason(): SignOutReason | null {
  return loadPersisted(STORAGE_KEYS.auth, isAuthState)?.signOutReason ?? null;
}

export function initialAuthState(): AuthState {
  const stored = loadPersisted(STORAGE_KEYS.auth, isAuthState);
  if (!stored) return { user: null, signOutReason: null };
  // Back after the idle timeout (every tab closed meanwhile): the session is over before any screen shows.
  if (stored.user && idleExpired()) return { user: null, signOutReason: 'idle' };
  return { user: stored.user, signOutReason: stored.signOutReason ?? null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
      state.signOutReason = null;
    },
    /** Without a reason: the person signed out (or was never signed in). */
    signedOut(state, action: PayloadAction<SignOutReason | null | undefined>) {
      state.user = null;
      state.signOutReason = action.payload ?? null;
    },
    /** A new sign-in attempt: what the login page says next comes from it. */
    signOutReasonCleared(state) {
      state.signOutReason = null;
    },
    /** The signed-in person changed their own picture (the account's photo follows on the server too). */
    avatarChanged(state, action: PayloadAction<string | null>) {
      if (state.user) state.user.avatar = action.payload;
    },
  },
});

export const { signedIn, signedOut, signOutReasonCleared, avatarChanged } = authSlice.actions;
