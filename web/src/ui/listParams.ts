// A list's URL state: search, filters, sort and paging read from and written to the query, and antd sorters.
import { DEFAULT_PAGE_SIZE, LIMITS, MAX_PAGE, PAGE_SIZES, type PageSize } from '@trialdesk/shared';

/** What a list screen keeps in its URL: the allowed sorts and, per filter, the allowed values. */
export interface ListConfig<F extends string = string> {
  sorts: readonly string[];
  /** Per filter, its allowed values, or a check for open-ended values (ids). */
  filters: Record<F, readonly string[] | ((value: string) => boolean)>;
}

export interface ListParams<F extends string = string> {
  search: string;
  page: number;
  pageSize: PageSize;
  sort: string | undefined;
  filters: Partial<Record<F, string>>;
}

const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

/** Reads a list's state from the URL query; values a hand-edited URL gets wrong fall back to the defaults. */
export function parseListParams<F extends string>(config: ListConfig<F>, query: URLSearchParams): ListParams<F> {
  const page = Number(query.get('page'));
  const pageSize = Number(query.get('pageSize'));
  const sort = query.get('sort') ?? undefined;
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(config.filters) as [F, ListConfig['filters'][string]][]) {
    const value = query.get(name);
    if (value === null) continue;
    if (typeof allowed === 'function' ? allowed(value) : allowed.includes(value)) filters[name] = value;
  }
  return {
    search: (query.get('search') ?? '').slice(0, LIMITS.searchMax),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    pageSize: isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: sort !== undefined && config.sorts.includes(sort) ? sort : undefined,
    filters,
  };
}

/** Writes a list's state to a URL query, leaving out defaults so addresses stay short. */
export function serializeListParams<F extends string>(config: ListConfig<F>, params: ListParams<F>): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search.trim()) query.set('search', params.search);
  for (const name of Object.keys(config.filters) as F[]) {
    const value = params.filters[name];
    if (value) query.set(name, value);
  }
  if (params.sort) query.set('sort', params.sort);
  if (params.page > 1) query.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(params.pageSize));
  return query;
}

/** The next state after a change: any change but the page itself goes back to page 1. */
export function nextListParams<F extends string>(
  current: ListParams<F>,
  patch: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string | undefined>> },
): ListParams<F> {
  const filters = { ...current.filters, ...patch.filters } as Partial<Record<F, string>>;
  for (const name of Object.keys(filters) as F[]) if (!filters[name]) delete filters[name];
  const next = { ...current, ...patch, filters };
  const pageOnly = Object.keys(patch).every((k) => k === 'page');
  return pageOnly ? next : { ...next, page: patch.page ?? 1 };
}

/** The sort string of an antd column sorter ('title' + 'ascend' -> 'title:asc'), when the list allows it. */
export function sortFromSorter(allowed: readonly string[], field: unknown, order: unknown): string | undefined {
  if (typeof field !== 'string' || (order !== 'ascend' && order !== 'descend')) return undefined;
  const sort = `${field}:${order === 'ascend' ? 'asc' : 'desc'}`;
  return allowed.includes(sort) ? sort : undefined;
}

/** antd `sortOrder` of a column under the current sort. */
export function sorterOf(sort: string | undefined, field: string): 'ascend' | 'descend' | null {
  if (!sort) return null;
  const [name, direction] = sort.split(':');
  if (name !== field) return null;
  return direction === 'asc' ? 'ascend' : 'descend';
}
