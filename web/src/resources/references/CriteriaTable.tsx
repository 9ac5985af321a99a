// A checklist of one kind (inclusion or exclusion) as a titled table: each criterion, then the columns its screen adds.
import type { CSSProperties } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** One row: the criterion's text and its place in the checklist. */
export type CriterionRow<T> = T & { criterion: string; position: number };

/** A section headed `heading`, the criterion first (`criterionWidth` of the table), then `columns`. */
export function CriteriaTable<T>({
  id,
  heading,
  items,
  criterionWidth,
  columns,
  style,
}: {
  /** The heading's id and the table's test id. */
  id: string;
  heading: string;
  items: (T & { criterion: string })[];
  criterionWidth: string;
  columns: ColumnsType<CriterionRow<T>>;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} style={style}>
      <Typography.Title level={3} id={id} style={{ fontSize: 14, margin: '0 0 8px' }}>
        {heading}
      </Typography.Title>
      <Table<CriterionRow<T>>
        size="small"
        pagination={false}
        rowKey="position"
        dataSource={items.map((item, position) => ({ ...item, position }))}
        scroll={{ x: true }}
        data-testid={id}
        columns={[
          {
            title: t('references.decision.criterion'),
            dataIndex: 'criterion',
            width: criterionWidth,
            render: (criterion: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{criterion}</span>,
          },
          ...columns,
        ]}
      />
    </section>
  );
}
