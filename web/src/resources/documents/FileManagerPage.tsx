// /apps/file-manager: the document library. Folders (General, then each study, searchable), and inside one its
// documents with breadcrumbs; the open folder is in the URL (?folder=general or a study id).
import { useState } from 'react';
import { Breadcrumb, Card, Empty, Flex, Input, Pagination, Typography } from 'antd';
import { FolderOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { recordApi } from '../../core/api/records';
import { DocumentLibrary } from './DocumentLibrary';

// The study edit screen shows its study's folder of this library, so this folder does not import the studies (no
// cycle between resources): it asks their list and records through the same cached record endpoints.
const studyApi = recordApi('studies');
const FOLDERS_PER_PAGE = 20;
const GENERAL = 'general';

function FolderCard({ name, help, to }: { name: string; help?: string; to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} aria-label={t('documents.openFolder', { name })} style={{ display: 'block', width: 240 }}>
      <Card size="small" hoverable>
        <Flex gap={12} align="center">
          <FolderOutlined aria-hidden style={{ fontSize: 28 }} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: name }}>
              {name}
            </Typography.Text>
            {help && (
              <Typography.Text type="secondary" ellipsis={{ tooltip: help }}>
                {help}
              </Typography.Text>
            )}
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
      <Flex wrap gap={12} aria-busy={studies.isFetching}>
        {!search && page === 1 && (
          <FolderCard name={t('documents.general')} help={t('documents.generalHelp')} to={`?folder=${GENERAL}`} />
        )}
        {studies.data?.items.map((study) => (
          <FolderCard key={study.id} name={study.title} to={`?folder=${encodeURIComponent(study.id)}`} />
        ))}
        {search && studies.data?.items.length === 0 && <Empty />}
      </Flex>
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
