import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ROLES, type Role } from '@trialdesk/shared';
import { isRecord, loadPersisted, STORAGE_KEYS } from '../persist';

/** The signed-in user held locally (spec section 3); never tokens. */
export interface AuthUser {
  id: string;
  email: string;
  /** Same as email (spec section 3). */
  username: string;
  displayName: string;
  avatar: string | null;
  role: Role;
}

export interface AuthState {
  user: AuthUser | null;
}

const isAuthUser = (value: unknown): value is AuthUser =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.email === 'string' &&
  typeof value.username === 'string' &&
  typeof value.displayName === 'string' &&
  (value.avatar === null || typeof value.avatar === 'string') &&
  (ROLES as readonly unknown[]).includes(value.role);

const isAuthState = (value: unknown): value is AuthState =>
  isRecord(value) && (value.user === null || isAuthUser(value.user));

export function initialAuthState(): AuthState {
  return loadPersisted(STORAGE_KEYS.auth, isAuthState) ?? { user: null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;
