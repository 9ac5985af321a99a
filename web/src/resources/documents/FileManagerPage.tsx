// /apps/file-manager: the document library. Folders (General, then each study, searchable, each with its document
// count), and inside one its documents with breadcrumbs; the open folder is in the URL (?folder=general or a study id).
import { useId, useState } from 'react';
import { Breadcrumb, Card, Empty, Flex, Input, Pagination, Typography } from 'antd';
import { FolderOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { recordApi } from '../../core/api/records';
import { useDocumentCountsQuery } from './api';
import { DocumentLibrary } from './DocumentLibrary';

// The study edit screen shows its study's folder of this library, so this folder does not import the studies (no
// cycle between resources): it asks their list and records through the same cached record endpoints.
const studyApi = recordApi('studies');
const FOLDERS_PER_PAGE = 20;
const GENERAL = 'general';

/** A folder: its whole name (study titles run long), what it is for, and how many documents it holds. */
function FolderCard({ name, help, count, to }: { name: string; help?: string; count?: number; to: string }) {
  const { t } = useTranslation();
  const countId = useId();
  return (
    <Link
      to={to}
      aria-label={t('documents.openFolder', { name })}
      aria-describedby={countId}
      style={{ display: 'block' }}
    >
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <FolderOutlined aria-hidden style={{ fontSize: 28 }} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography.Text>
            {help && <Typography.Text type="secondary">{help}</Typography.Text>}
            <Typography.Text type="secondary" id={countId} data-testid="folder-count">
              {count === undefined ? '…' : t('documents.count', { count })}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}

function Folders() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const studies = studyApi.useList({
    search: search || undefined,
    sort: 'title:asc',
    page,
    pageSize: FOLDERS_PER_PAGE,
  });
  const withGeneral = !search && page === 1;
  const shown = studies.data?.items ?? [];
  // Counted once the page of studies is known (not for a page still loading, nor General alone before it).
  const loaded = studies.data !== undefined && !studies.isFetching;
  // General first (null), then the page's studies: the counts come back in that order.
  const folders = [...(withGeneral ? [null] : []), ...shown.map((study) => study.id)];
  const counts = useDocumentCountsQuery({ studyIds: folders }, { skip: !loaded });
  const countOf = (index: number) => (counts.isFetching ? undefined : counts.data?.counts[index]);
  return (
    <Flex vertical gap={16}>
      <Input.Search
        allowClear
        placeholder={t('documents.searchFolders')}
        aria-label={t('documents.searchFolders')}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320 }}
      />
      <div
        aria-busy={studies.isFetching}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 12 }}
      >
        {withGeneral && (
          <FolderCard
            name={t('documents.general')}
            help={t('documents.generalHelp')}
            count={countOf(0)}
            to={`?folder=${GENERAL}`}
          />
        )}
        {shown.map((study, index) => (
          <FolderCard
            key={study.id}
            name={study.title}
            count={countOf(index + (withGeneral ? 1 : 0))}
            to={`?folder=${encodeURIComponent(study.id)}`}
          />
        ))}
      </div>
      {search && studies.data?.items.length === 0 && <Empty />}
      <Pagination
        current={page}
        pageSize={FOLDERS_PER_PAGE}
        total={studies.data?.total ?? 0}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
      />
    </Flex>
  );
}

function StudyFolderName({ id }: { id: string }) {
  const study = studyApi.useGet(id);
  return <>{study.data?.title ?? '…'}</>;
}

export default function FileManagerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const folder = params.get('folder');
  const studyId = folder === GENERAL ? null : folder;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.items.fileManager')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 880 }}>
        {t('documents.intro')}
      </Typography.Paragraph>
      <Breadcrumb
        items={[
          { title: folder ? <Link to="?">{t('documents.breadcrumbRoot')}</Link> : t('documents.breadcrumbRoot') },
          ...(folder
            ? [
                {
                  title: (
                    <span aria-current="page">
                      <FolderOpenOutlined aria-hidden />{' '}
                      {studyId ? <StudyFolderName id={studyId} /> : t('documents.general')}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {folder ? <DocumentLibrary key={folder} studyId={studyId} /> : <Folders />}
    </Flex>
  );
}
