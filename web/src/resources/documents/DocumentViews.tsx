// A folder's page of documents, as a table (name, category, size, versions, change date, actions) or as a grid of
// cards.
import type { ReactNode } from 'react';
import { Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudyDocument } from '@trialdesk/shared';
import { enumLabel } from '../../ui/enums';
import { formatBytes, formatDateTime } from '../../ui/format';
import { DocumentActions, type DocumentHandlers } from './DocumentActions';
import { FileIcon } from './files';

interface ViewProps {
  items: StudyDocument[];
  loading: boolean;
  /** Shown when the page has no document (none yet, or none matching the search). */
  empty: ReactNode;
  on: DocumentHandlers;
}

export function DocumentTable({ items, loading, empty, on }: ViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table<StudyDocument>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={items}
      pagination={false}
      scroll={{ x: 720 }}
      tableLayout="auto"
      locale={{ emptyText: empty }}
      columns={[
        {
          key: 'name',
          title: t('documents.columns.name'),
          // The name and the actions stay in view when the table scrolls sideways.
          fixed: 'start',
          render: (_, doc) => (
            <Space>
              <FileIcon type={doc.current.contentType} />
              <Typography.Link onClick={() => on.download(doc)}>{doc.name}</Typography.Link>
            </Space>
          ),
        },
        {
          key: 'category',
          title: t('documents.columns.category'),
          render: (_, doc) => <Tag>{enumLabel(t, 'documentCategory', doc.category)}</Tag>,
        },
        {
          key: 'size',
          title: t('documents.columns.size'),
          render: (_, doc) => formatBytes(doc.current.size, i18n.language),
        },
        { key: 'versions', title: t('documents.columns.versions'), dataIndex: 'versionCount' },
        {
          key: 'updatedAt',
          title: t('documents.columns.updatedAt'),
          render: (_, doc) => formatDateTime(doc.updatedAt, i18n.language),
        },
        {
          key: 'actions',
          title: t('documents.columns.actions'),
          fixed: 'end',
          render: (_, doc) => <DocumentActions doc={doc} on={on} />,
        },
      ]}
    />
  );
}

export function DocumentGrid({ items, loading, empty, on }: ViewProps) {
  const { t, i18n } = useTranslation();
  return (
    <Flex wrap gap={12} role="list" aria-busy={loading}>
      {items.length === 0 && empty}
      {items.map((doc) => (
        <Card
          key={doc.id}
          size="small"
          role="listitem"
          style={{ width: 220 }}
          actions={[<DocumentActions key="actions" doc={doc} on={on} />]}
        >
          <Flex vertical align="center" gap={8}>
            <FileIcon type={doc.current.contentType} size={40} />
            <Typography.Text strong ellipsis={{ tooltip: doc.name }} style={{ maxWidth: 190 }}>
              {doc.name}
            </Typography.Text>
            <Typography.Text type="secondary">
              {enumLabel(t, 'documentCategory', doc.category)} · {formatBytes(doc.current.size, i18n.language)}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
