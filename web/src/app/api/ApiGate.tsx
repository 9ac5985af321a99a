import { use, type ReactNode } from 'react';
import { useAppStore, type AppStore } from '../store';

const installs = new WeakMap<AppStore, Promise<void>>();

function install(store: AppStore): Promise<void> {
  let pending = installs.get(store);
  if (!pending) {
    pending = import('./install').then(({ installApi }) => installApi(store));
    installs.set(store, pending);
  }
  return pending;
}

/** Renders its children once the server-data API is part of the store (suspends meanwhile; a failed load throws). */
export function ApiGate({ children }: { children: ReactNode }) {
  const store = useAppStore();
  if (store.getState().api === undefined) use(install(store));
  return children;
}
