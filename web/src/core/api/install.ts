// Adding the server-data API to a running store after sign-in, and clearing its cache on sign-out.
import type { Middleware } from '@reduxjs/toolkit';
import { signedOut } from '../auth/authSlice';
import { dynamicMiddleware, rootReducer, type AppStore } from '../store';
import { baseApi } from './baseApi';

// Signing out forgets every cached record: the next person must not see the previous one's data.
const resetOnSignOut: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) api.dispatch(baseApi.util.resetApiState());
  return result;
};

export const apiInstalled = (store: AppStore) => store.getState().api !== undefined;

/** Adds the server-data API (reducer, middleware) to a running store; loaded once someone is signed in. */
export function installApi(store: AppStore): void {
  if (apiInstalled(store)) return;
  rootReducer.inject(baseApi);
  dynamicMiddleware.addMiddleware(baseApi.middleware, resetOnSignOut);
  // Any action initialises the injected slice, so the first query hook finds its state.
  store.dispatch(baseApi.util.resetApiState());
}
