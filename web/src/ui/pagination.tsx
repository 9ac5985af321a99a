// Server-side pagination of list tables: the "Showing x to y of z" footer and the page size choice.
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZES } from '@trialdesk/shared';
import { pageOffered, type ListParams } from './listParams';

/** The footer text: 'Showing {from} to {to} of {total} entries'. */
export function showingText(t: TFunction, total: number, page: number, pageSize: number): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return t('list.showing', { from, to, total });
}

/**
 * Server-side pagination of a list table, with its "Showing x to y of z entries" footer and the page size choice. Past
 * MAX_OFFSET it offers the page shown and its neighbours only: the other page numbers and the five-page jumps there
 * are left out.
 */
export function tablePagination(
  t: TFunction,
  params: ListParams,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (count) => (
      <span data-testid="pagination-total">{showingText(t, count, params.page, params.pageSize)}</span>
    ),
    onChange,
    itemRender: (page, type, element) =>
      (type === 'page' || type === 'jump-prev' || type === 'jump-next') && !pageOffered(params, page) ? null : element,
    placement: ['bottomEnd'],
  };
}
