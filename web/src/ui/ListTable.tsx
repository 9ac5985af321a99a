// A list screen's rows: a table with server paging and sorting, row links, loading, empty and error states, whose
// identifying column and actions stay in view; cards on narrow screens.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@trialdesk/shared';
import type { CallError } from '../core/api/callable';
import { ListCards, type ListColumn } from './ListCards';
import { LoadError } from './ListError';
import { pageChange, sortFromSorter, type ListParams } from './listParams';
import { tablePagination } from './pagination';
import { useOpenRow } from './useListParams';
import { useMediaQuery } from './useMediaQuery';

/** Below 600 px a list is cards: no table fits a phone without hiding what a row is or what one can do with it. */
export const NARROW_LIST = '(max-width: 599.98px)';

/**
 * The table's columns: the first (the row's identity) fixed at the left, the actions at the right, so neither scrolls
 * away when the table is wider than the screen.
 */
const tableColumns = <T,>(columns: ListColumn<T>[]): ListColumn<T>[] =>
  columns.map(({ actions, ...column }, index) =>
    actions ? { ...column, fixed: 'end' } : index === 0 ? { ...column, fixed: 'start' } : column,
  );

interface ListTableProps<T extends { id: string }> {
  /** The first identifies the row; one marked `actions` holds what can be done with it. */
  columns: ListColumn<T>[];
  /** The list query's state, as RTK Query returns it. */
  query: { data?: ListResponse<T>; error?: unknown; isFetching: boolean; refetch: () => unknown };
  params: ListParams;
  onChange: (patch: Partial<Pick<ListParams, 'page' | 'pageSize' | 'sort' | 'cursor'>>) => void;
  /** The sorts the list allows (shared `*_SORTS`). */
  sorts: readonly string[];
  /** Where a row leads (its edit screen); rows of a list without record screens lead nowhere. */
  rowHref?: (row: T) => string;
  /** Below this width the table scrolls sideways (its first column and actions fixed). */
  minWidth: number;
}

/** A list screen's table: server paging with its entries footer, server sorting, row links, loading/empty/error. */
export function ListTable<T extends { id: string }>({
  columns,
  query,
  params,
  onChange,
  sorts,
  rowHref,
  minWidth,
}: ListTableProps<T>) {
  const { t } = useTranslation();
  const openRow = useOpenRow();
  const narrow = useMediaQuery(NARROW_LIST);
  if (query.error) {
    // A page placed after a record deleted since cannot load again: Retry starts from the first page.
    const stale = (query.error as Partial<CallError>).key === 'errors.cursorStale';
    return <LoadError error={query.error} onRetry={stale ? () => onChange({ page: 1 }) : () => void query.refetch()} />;
  }
  // The rows of the page shown (not of the previous one while it loads): what Next and Previous go on from.
  const shown =
    !query.isFetching && query.data?.page === params.page && query.data.pageSize === params.pageSize
      ? query.data.items
      : undefined;
  const pagination = tablePagination(t, params, query.data?.total, (page, pageSize) => {
    if (pageSize !== params.pageSize) return onChange({ pageSize: pageSize as ListParams['pageSize'] });
    const change = pageChange(params, page, shown);
    if (change) onChange(change);
  });
  if (narrow) {
    const { placement: _placement, ...pager } = pagination;
    return (
      <ListCards<T>
        columns={columns}
        rows={query.data?.items ?? []}
        loading={query.isFetching}
        sorts={sorts}
        sort={params.sort}
        onSort={(sort) => onChange({ sort })}
        pagination={pager}
        rowHref={rowHref}
      />
    );
  }
  return (
    <Table<T>
      data-testid="list-table"
      rowKey="id"
      columns={tableColumns(columns)}
      dataSource={query.data?.items}
      loading={query.isFetching}
      locale={{ emptyText: t('list.empty') }}
      scroll={{ x: minWidth }}
      // Columns as wide as their content, as without fixed columns (which would make antd share the width equally).
      tableLayout="auto"
      onRow={(row) =>
        rowHref
          ? {
              onClick: (event) => openRow(event, rowHref(row)),
              style: { cursor: 'pointer' },
            }
          : {}
      }
      pagination={pagination}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onChange({ sort: sortFromSorter(sorts, one?.columnKey, one?.order) });
      }}
    />
  );
}
