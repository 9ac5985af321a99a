// A hook keeping a list's search, filters, sort and paging in the URL, and patient identifiers in history.
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { nextListParams, parseListParams, serializeListParams, type ListConfig, type ListParams } from './listParams';

type Patch<F extends string> = Parameters<typeof nextListParams<F>>[1];

/** Values kept in the browser history entry rather than the URL (patient identifiers must not leak into URLs). */
export type HiddenParams = Record<string, string>;

const hiddenOf = (state: unknown): HiddenParams => {
  const hidden = (state as { listHidden?: unknown } | null)?.listHidden;
  return typeof hidden === 'object' && hidden !== null ? (hidden as HiddenParams) : {};
};

/** A list's search, filters, sort and paging, read from and written to the URL (reload and back restore it). */
export function useListParams<F extends string>(config: ListConfig<F>) {
  const [query, setQuery] = useSearchParams();
  const location = useLocation();
  const params = useMemo(() => parseListParams(config, query), [config, query]);
  const hidden = hiddenOf(location.state);

  const update = useCallback(
    (patch: Patch<F>, hiddenPatch?: HiddenParams) => {
      const nextHidden = hiddenPatch ? { ...hidden, ...hiddenPatch } : hidden;
      const hiddenChanged = hiddenPatch !== undefined && JSON.stringify(nextHidden) !== JSON.stringify(hidden);
      const next: ListParams<F> = hiddenChanged
        ? nextListParams(params, { ...patch, page: 1 })
        : nextListParams(params, patch);
      // Typing a search replaces the history entry: Back leaves the list state, not each keystroke.
      setQuery(serializeListParams(config, next), { state: { listHidden: nextHidden }, replace: 'search' in patch });
    },
    [config, params, hidden, setQuery],
  );

  return { params, hidden, update };
}
