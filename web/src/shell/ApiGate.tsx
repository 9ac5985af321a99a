// ApiGate: renders its children once the server-data API is loaded into the store, suspending meanwhile.
import { use, type ReactNode } from 'react';
import { useAppStore, type AppStore } from '../core/store';

const installs = new WeakMap<AppStore, Promise<void>>();

/** One promise per store, kept, so every render calls use() with the same one (React requires it). */
function install(store: AppStore): Promise<void> {
  let pending = installs.get(store);
  if (!pending) {
    pending = import('../core/api/install').then(({ installApi }) => installApi(store));
    installs.set(store, pending);
  }
  return pending;
}

/** Renders its children once the server-data API is part of the store (suspends meanwhile; a failed load throws). */
export function ApiGate({ children }: { children: ReactNode }) {
  use(install(useAppStore()));
  return children;
}
