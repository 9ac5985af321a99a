// The Redux store: auth, theme and layout slices kept in localStorage, the server-data API injected later.
import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { baseApi } from './api/baseApi';
import { authSlice } from './auth/authSlice';
import { layoutSlice } from './layoutSlice';
import { savePersisted, STORAGE_KEYS } from './persist';
import { themeSlice } from './themeSlice';

// The server-data API (RTK Query) is injected after sign-in (api/install.ts): the login page does not carry it.
export const rootReducer = combineSlices(authSlice, themeSlice, layoutSlice).withLazyLoadedSlices<
  WithSlice<typeof baseApi>
>();
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

/** A store whose auth, theme and layout slices are read from and written to their own localStorage keys. */
export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  let last: Partial<RootState> = {};
  store.subscribe(() => {
    const state = store.getState();
    for (const name of ['auth', 'theme', 'layout'] as const) {
      if (state[name] !== last[name]) savePersisted(STORAGE_KEYS[name], state[name]);
    }
    last = state;
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
