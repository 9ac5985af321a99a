import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from './api/baseApi';
import { authSlice } from './auth/authSlice';
import { layoutSlice } from './layout/layoutSlice';
import { savePersisted, STORAGE_KEYS } from './persist';
import { themeSlice } from './theme/themeSlice';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  theme: themeSlice.reducer,
  layout: layoutSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A store whose auth, theme and layout slices are read from and written to their own localStorage keys. */
export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
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
