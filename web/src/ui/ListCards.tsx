// A list's page as cards, for narrow screens: each row's identifying column as the card's title, its other columns as
// labelled lines (those with a value), its actions at the foot; the sort as a choice above, the pager and the page
// size below.
import type { ReactNode } from 'react';
import { Card, Empty, Flex, Pagination, Select, Spin, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOpenRow } from './useListParams';

/** A list column; the first one identifies the row (kept in view at every width). */
export type ListColumn<T> = ColumnType<T> & {
  key: string;
  /** The row's actions: kept in view too (the table's right edge, a card's foot). */
  actions?: boolean;
};

/** A column's cell for `row`, as the table would render it. */
function cell<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const value = typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
}

const titleOf = <T,>(column: ListColumn<T>): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

/** The sorts a person can choose among: each sortable column's, both ways where the list allows them. */
function sortOptions<T>(t: TFunction, columns: ListColumn<T>[], sorts: readonly string[]) {
  return columns
    .filter((column) => column.sorter)
    .flatMap((column) =>
      (['asc', 'desc'] as const)
        .filter((direction) => sorts.includes(`${column.key}:${direction}`))
        .map((direction) => ({
          value: `${column.key}:${direction}`,
          label: t(direction === 'asc' ? 'list.sortAscending' : 'list.sortDescending', {
            column: String(titleOf(column) ?? column.key),
          }),
        })),
    );
}

interface ListCardsProps<T extends { id: string }> {
  columns: ListColumn<T>[];
  rows: T[];
  loading: boolean;
  sorts: readonly string[];
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
  /** The pager, as the table's (`tablePagination`). */
  pagination: React.ComponentProps<typeof Pagination>;
  rowHref?: (row: T) => string;
}

/** The rows of a list as cards: nothing off screen, whatever the width. */
export function ListCards<T extends { id: string }>({
  columns,
  rows,
  loading,
  sorts,
  sort,
  onSort,
  pagination,
  rowHref,
}: ListCardsProps<T>) {
  const { t } = useTranslation();
  const openRow = useOpenRow();
  const [identity, ...rest] = columns.filter((column) => !column.actions);
  const actions = columns.filter((column) => column.actions);
  const options = sortOptions(t, columns, sorts);
  return (
    <Flex vertical gap={12} data-testid="list-cards">
      {options.length > 0 && (
        <Select
          allowClear
          aria-label={t('list.sortBy')}
          placeholder={t('list.sortBy')}
          value={options.some((option) => option.value === sort) ? sort : undefined}
          onChange={(value?: string) => onSort(value)}
          options={options}
          style={{ width: '100%' }}
        />
      )}
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
        ) : (
          <Flex vertical gap={12} role="list">
            {rows.map((row, index) => (
              <Card
                key={row.id}
                size="small"
                role="listitem"
                data-testid="list-card"
                title={identity && <div style={{ whiteSpace: 'normal' }}>{cell(identity, row, index)}</div>}
                onClick={rowHref ? (event) => openRow(event, rowHref(row)) : undefined}
                style={rowHref ? { cursor: 'pointer' } : undefined}
              >
                <dl
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
                    gap: '4px 12px',
                    margin: 0,
                  }}
                >
                  {rest.map((column) => {
                    const value = cell(column, row, index);
                    // A label over nothing is left out (a study typed by hand has no NCT number), as a table's
                    // blank cell reads.
                    if (value === null || value === undefined || value === false || value === '') return null;
                    return (
                      <div key={column.key} style={{ display: 'contents' }}>
                        <dt>
                          <Typography.Text type="secondary">{titleOf(column)}</Typography.Text>
                        </dt>
                        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
                      </div>
                    );
                  })}
                </dl>
                {actions.map((column) => (
                  <Flex key={column.key} justify="flex-end" wrap style={{ marginTop: 12 }}>
                    {cell(column, row, index)}
                  </Flex>
                ))}
              </Card>
            ))}
          </Flex>
        )}
      </Spin>
      <Flex justify="space-between" align="center" gap={8} wrap>
        {/* antd's own page-size choice is hidden on a phone's width by its styles: this one shows at every width. */}
        <Select
          size="small"
          aria-label={t('list.pageSize')}
          value={pagination.pageSize}
          onChange={(size: number) => pagination.onChange?.(1, size)}
          options={(pagination.pageSizeOptions ?? []).map((size) => ({
            value: Number(size),
            label: t('list.perPage', { size }),
          }))}
          data-testid="cards-page-size"
        />
        <Pagination {...pagination} size="small" showSizeChanger={false} />
      </Flex>
    </Flex>
  );
}
