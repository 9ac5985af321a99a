// The Pagination page of the UI showcase: simple, full with the back office's page sizes, and small.
import { useState } from 'react';
import { Flex, Pagination, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@trialdesk/shared';
import { showingText } from '../../ui/pagination';
import { Example, ShowcasePage } from '../kit/ShowcasePage';

/** How many records each sample list holds. */
const CONTACTS = 48;
const REFERENCES = 437;
const HISTORY = 36;
const CONTACTS_PAGE = 10;
const HISTORY_PAGE = 6;

function SimpleExample() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text role="status">{showingText(t, CONTACTS, page, CONTACTS_PAGE)}</Typography.Text>
      <Pagination simple current={page} pageSize={CONTACTS_PAGE} total={CONTACTS} onChange={setPage} />
    </Flex>
  );
}

function FullExample() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  return (
    <Pagination
      current={page}
      pageSize={pageSize}
      total={REFERENCES}
      showSizeChanger
      pageSizeOptions={PAGE_SIZES.map(String)}
      showQuickJumper
      // Below about 900 px the total, pages, size and jump no longer fit on one line.
      style={{ flexWrap: 'wrap', rowGap: 8 }}
      showTotal={(total) => <span role="status">{showingText(t, total, page, pageSize)}</span>}
      onChange={(next, size) => {
        setPage(next);
        setPageSize(size as PageSize);
      }}
    />
  );
}

function SmallExample() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text type="secondary">{t('showcaseComponents.pagination.small.list')}</Typography.Text>
      <Pagination size="small" current={page} pageSize={HISTORY_PAGE} total={HISTORY} onChange={setPage} />
    </Flex>
  );
}

export default function PaginationPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.pagination')} intro={t('showcaseComponents.pagination.intro')}>
      <Example
        title={t('showcaseComponents.pagination.simple.title')}
        description={t('showcaseComponents.pagination.simple.description')}
      >
        <SimpleExample />
      </Example>
      <Example
        title={t('showcaseComponents.pagination.full.title')}
        description={t('showcaseComponents.pagination.full.description')}
      >
        <FullExample />
      </Example>
      <Example
        title={t('showcaseComponents.pagination.small.title')}
        description={t('showcaseComponents.pagination.small.description')}
      >
        <SmallExample />
      </Example>
    </ShowcasePage>
  );
}
