// A list screen's table: server paging and sorting, row links, and its loading, empty and error states.
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@trialdesk/shared';
import type { CallError } from '../core/api/callable';
import { LoadError } from './ListError';
import { pageChange, sortFromSorter, type ListParams } from './listParams';
import { tablePagination } from './pagination';

interface ListTableProps<T extends { id: string }> {
  columns: ColumnsType<T>;
  /** The list query's state, as RTK Query returns it. */
  query: { data?: ListResponse<T>; error?: unknown; isFetching: boolean; refetch: () => unknown };
  params: ListParams;
  onChange: (patch: Partial<Pick<ListParams, 'page' | 'pageSize' | 'sort' | 'cursor'>>) => void;
  /** The sorts the list allows (shared `*_SORTS`). */
  sorts: readonly string[];
  /** Where a row leads (its edit screen); rows of a list without record screens lead nowhere. */
  rowHref?: (row: T) => string;
  /** Below this width the table scrolls sideways. */
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
  const navigate = useNavigate();
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
  return (
    <Table<T>
      data-testid="list-table"
      rowKey="id"
      columns={columns}
      dataSource={query.data?.items}
      loading={query.isFetching}
      locale={{ emptyText: t('list.empty') }}
      scroll={{ x: minWidth }}
      onRow={(row) => (rowHref ? { onClick: () => navigate(rowHref(row)), style: { cursor: 'pointer' } } : {})}
      pagination={tablePagination(t, params, query.data?.total, (page, pageSize) => {
        if (pageSize !== params.pageSize) return onChange({ pageSize: pageSize as ListParams['pageSize'] });
        const change = pageChange(params, page, shown);
        if (change) onChange(change);
      })}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onChange({ sort: sortFromSorter(sorts, one?.columnKey, one?.order) });
      }}
    />
  );
}
