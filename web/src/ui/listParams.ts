// A list's URL state: search, filters, sort and paging read from and written to the query, and antd sorters.
import {
  DEFAULT_PAGE_SIZE,
  idSchema,
  LIMITS,
  MAX_OFFSET,
  offsetReaches,
  PAGE_SIZES,
  type PageSize,
} from '@trialdesk/shared';

/** What a list screen keeps in its URL: the allowed sorts and, per filter, the allowed values. */
export interface ListConfig<F extends string = string> {
  sorts: readonly string[];
  /** Per filter, its allowed values, or a check for open-ended values (ids). */
  filters: Record<F, readonly string[] | ((value: string) => boolean)>;
}

/**
 * Where a page past MAX_OFFSET starts, in the URL as `after=<id>` or `before=<id>`: next to a row of the page it was
 * opened from (after its last row for Next, before its first for Previous). The server skips no row by offset then.
 */
export type ListCursor = { after: string } | { before: string };

export interface ListParams<F extends string = string> {
  search: string;
  page: number;
  pageSize: PageSize;
  sort: string | undefined;
  filters: Partial<Record<F, string>>;
  /** Only for a page past MAX_OFFSET; a page within it is placed by its offset. */
  cursor?: ListCursor;
}

const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

/** The deepest page reached by offset: where a hand-edited page past MAX_OFFSET without a cursor lands. */
const deepestOffsetPage = (pageSize: number) => Math.floor(MAX_OFFSET / pageSize) + 1;

/** The cursor of the URL: one valid record id, after or before (both, or neither, is none). */
function cursorOf(query: URLSearchParams): ListCursor | undefined {
  const after = query.get('after');
  const before = query.get('before');
  if (after !== null && before === null && idSchema.safeParse(after).success) return { after };
  if (before !== null && after === null && idSchema.safeParse(before).success) return { before };
  return undefined;
}

/** A page from the URL: past MAX_OFFSET it needs a cursor, else it falls back to the deepest page reached by offset. */
function pagingOf(query: URLSearchParams, pageSize: PageSize): Pick<ListParams, 'page' | 'cursor'> {
  const asked = Number(query.get('page'));
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  if (offsetReaches(page, pageSize)) return { page };
  const cursor = cursorOf(query);
  return cursor ? { page, cursor } : { page: deepestOffsetPage(pageSize) };
}

/** Reads a list's state from the URL query; values a hand-edited URL gets wrong fall back to the defaults. */
export function parseListParams<F extends string>(config: ListConfig<F>, query: URLSearchParams): ListParams<F> {
  const size = Number(query.get('pageSize'));
  const pageSize = isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  const sort = query.get('sort') ?? undefined;
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(config.filters) as [F, ListConfig['filters'][string]][]) {
    const value = query.get(name);
    if (value === null) continue;
    if (typeof allowed === 'function' ? allowed(value) : allowed.includes(value)) filters[name] = value;
  }
  return {
    search: (query.get('search') ?? '').slice(0, LIMITS.searchMax),
    ...pagingOf(query, pageSize),
    pageSize,
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
  if (params.cursor && 'after' in params.cursor) query.set('after', params.cursor.after);
  if (params.cursor && 'before' in params.cursor) query.set('before', params.cursor.before);
  return query;
}

/** The paging of a list request: its page and size and, for a page past MAX_OFFSET, its cursor. */
export const pagingRequest = ({ page, pageSize, cursor }: ListParams) => ({ page, pageSize, ...cursor });

/**
 * The pages the pager offers from the page shown: every page reached by offset, and past MAX_OFFSET the page shown
 * and its two neighbours (one step at a time: a far jump there has no record to start from).
 */
export const pageOffered = (params: ListParams, page: number) =>
  offsetReaches(page, params.pageSize) || Math.abs(page - params.page) <= 1;

/**
 * The change that opens `page` from the page shown: by offset within MAX_OFFSET, else next to the rows shown (Next
 * after the last, Previous before the first). None when the page is not offered, or the rows shown are not loaded.
 */
export function pageChange(
  params: ListParams,
  page: number,
  shown: readonly { id: string }[] | undefined,
): Pick<ListParams, 'page' | 'cursor'> | undefined {
  if (offsetReaches(page, params.pageSize)) return { page };
  const [first, last] = [shown?.[0], shown?.at(-1)];
  if (page === params.page + 1 && last) return { page, cursor: { after: last.id } };
  if (page === params.page - 1 && first) return { page, cursor: { before: first.id } };
  return undefined;
}

/**
 * The next state after a change: any change but the page itself goes back to page 1. A cursor holds only with the
 * page it was given with (it places that page alone).
 */
export function nextListParams<F extends string>(
  current: ListParams<F>,
  patch: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string | undefined>> },
): ListParams<F> {
  const filters = { ...current.filters, ...patch.filters } as Partial<Record<F, string>>;
  for (const name of Object.keys(filters) as F[]) if (!filters[name]) delete filters[name];
  const next = { ...current, ...patch, filters, cursor: patch.cursor };
  const pageOnly = Object.keys(patch).every((k) => k === 'page' || k === 'cursor');
  return pageOnly ? next : { ...next, page: patch.page ?? 1, cursor: undefined };
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
