// Whether a CSS media query matches now, kept up to date as the window changes.
import { useCallback, useSyncExternalStore } from 'react';

/** The person asked their system for less motion (WCAG 2.3.3): no antd transitions, charts appear drawn. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

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
