// A hook keeping a list's search, filters, sort and paging in the URL, and patient identifiers in history; the way
// back from a record to the list page it was opened from.
import { useCallback, useMemo, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
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

/** The history state of a record opened from a list: the list's address (path and query) it was opened from. */
export interface OpenedFrom {
  openedFrom: string;
}

/** What a list gives the record it opens (a row, its link): its own address, page and filters included. */
export const openedFrom = (location: Pick<Location, 'pathname' | 'search'>): OpenedFrom => ({
  openedFrom: location.pathname + location.search,
});

/**
 * A click on a list's row (or card) opens its record, remembering the list's address. A click on a link inside it
 * is the link's own: a plain click has navigated already (one history entry, not two), a ctrl-click opens a tab.
 */
export function useOpenRow(): (event: MouseEvent, to: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event, to) => {
    if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('a'))) return;
    void navigate(to, { state: openedFrom(location) });
  };
}

/**
 * Where a record's screen goes back to (its back arrow, Cancel, after Save or Delete): the page of `list` it was
 * opened from, with its filters, else `list` itself (opened from elsewhere, a link in a new tab, a reload of a
 * bookmark). Only an address of that list is taken from the history state.
 */
export function useBackTo(list: string): string {
  const from = (useLocation().state as Partial<OpenedFrom> | null)?.openedFrom;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : list;
}
