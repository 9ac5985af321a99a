// The bar above a folder's documents: search by name and sort, then the category of new uploads and list or grid.
import { Flex, Input, Segmented, Select, Space, Typography } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, DOCUMENT_SORTS, type DocumentCategory, type DocumentSort } from '@trialdesk/shared';
import { enumOptions } from '../../ui/enums';

export type LibraryView = 'list' | 'grid';

export function LibraryToolbar({
  onSearch,
  sort,
  onSort,
  category,
  onCategory,
  view,
  onView,
}: {
  /** A new search, trimmed. */
  onSearch: (search: string) => void;
  sort: DocumentSort;
  onSort: (sort: DocumentSort) => void;
  category: DocumentCategory;
  onCategory: (category: DocumentCategory) => void;
  view: LibraryView;
  /** Absent where only one view fits (a narrow screen). */
  onView?: (view: LibraryView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} align="center" justify="space-between">
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('documents.search')}
          aria-label={t('documents.search')}
          onSearch={(value) => onSearch(value.trim())}
          style={{ width: 260 }}
        />
        <Select
          aria-label={t('documents.sort')}
          value={sort}
          onChange={(value) => onSort(value)}
          // i18next reads ':' as a namespace separator: the keys use '_'.
          options={DOCUMENT_SORTS.map((s) => ({ value: s, label: t(`documents.sorts.${s.replace(':', '_')}`) }))}
          style={{ width: 200 }}
        />
      </Space>
      <Space wrap>
        <Typography.Text type="secondary">{t('documents.uploadCategory')}</Typography.Text>
        <Select
          aria-label={t('documents.uploadCategory')}
          value={category}
          onChange={(value) => onCategory(value)}
          options={enumOptions(t, 'documentCategory', DOCUMENT_CATEGORIES)}
          style={{ width: 200 }}
        />
        {onView && (
          <Segmented
            aria-label={t('documents.view')}
            value={view}
            onChange={(value) => onView(value as LibraryView)}
            options={[
              { value: 'list', icon: <UnorderedListOutlined aria-hidden />, label: t('documents.views.list') },
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: t('documents.views.grid') },
            ]}
          />
        )}
      </Space>
    </Flex>
  );
}
