// Whether a CSS media query matches now, kept up to date as the window changes.
import { useCallback, useSyncExternalStore } from 'react';

/** Whether `query` (e.g. `(min-width: 1024px)`) matches, re-rendering when that changes; false outside a browser. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
