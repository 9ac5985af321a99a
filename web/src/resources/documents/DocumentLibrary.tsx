// One folder of the document library (a study's, or General): drop several files with progress and cancel per file,
// search, sort, list or grid, download, rename, new version, version history, delete through the confirmation.
import { useRef, useState } from 'react';
import { App, Empty, Flex, Pagination, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  documentFileName,
  type DocumentCategory,
  type DocumentSort,
  type DocumentVersion,
  type StudyDocument,
} from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { downloadFile } from '../../core/api/uploads';
import { RISKY_CONFIRM } from '../../ui/Dialog';
import { errorText } from '../../ui/errorText';
import { NARROW_LIST } from '../../ui/ListTable';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { documentApi } from './api';
import type { DocumentHandlers } from './DocumentActions';
import { DocumentGrid, DocumentTable } from './DocumentViews';
import { ACCEPT, failureText } from './files';
import { LibraryToolbar, type LibraryView } from './LibraryToolbar';
import { RenameModal, type DocumentChange } from './RenameModal';
import { DropArea, TransferQueue } from './UploadArea';
import { useUploads } from './useUploads';
import { VersionsDrawer } from './VersionsDrawer';

const PAGE_SIZE = 20;

export function DocumentLibrary({ studyId }: { studyId: string | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DocumentSort>('updatedAt:desc');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<LibraryView>('list');
  const [category, setCategory] = useState<DocumentCategory>('Other');
  const [renaming, setRenaming] = useState<StudyDocument | null>(null);
  const [history, setHistory] = useState<StudyDocument | null>(null);
  const versionInput = useRef<HTMLInputElement>(null);
  const versionOf = useRef<StudyDocument | null>(null);

  const list = documentApi.useList({ studyId, search: search || undefined, sort, page, pageSize: PAGE_SIZE });
  const [update, updating] = documentApi.useUpdate();
  const [remove] = documentApi.useDelete();
  const { transfers, addFile, addVersionFile } = useUploads(studyId, category);

  const confirmDelete = (doc: StudyDocument) =>
    modal.confirm({
      title: t('documents.deleteTitle', { name: doc.name }),
      content: t('documents.deleteContent'),
      okText: t('app.delete'),
      ...RISKY_CONFIRM,
      okButtonProps: { ...RISKY_CONFIRM.okButtonProps, ...{ 'data-testid': 'confirm-delete' } },
      cancelText: t('app.cancel'),
      onOk: async () => {
        try {
          await remove({ id: doc.id, version: doc.version });
          void message.success(t('documents.deleted', { name: doc.name }));
        } catch (error) {
          void message.error(errorText(t, error as CallError));
        }
      },
    });

  const download = (doc: StudyDocument, version: DocumentVersion = doc.current) =>
    downloadFile(version.path, documentFileName(doc.name, version.contentType)).catch(
      (error: unknown) => void message.error(failureText(t, error)),
    );

  const save = async (values: DocumentChange) => {
    try {
      await update({ id: renaming!.id, version: renaming!.version, ...values });
      void message.success(t('documents.saved'));
      setRenaming(null);
    } catch (error) {
      void message.error(errorText(t, error as CallError));
    }
  };

  const on: DocumentHandlers = {
    download: (doc) => void download(doc),
    rename: setRenaming,
    history: setHistory,
    delete: confirmDelete,
    newVersion: (doc) => {
      versionOf.current = doc;
      versionInput.current?.click();
    },
  };

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // On a narrow screen the cards: a table's name and actions would not both fit.
  const narrow = useMediaQuery(NARROW_LIST);
  const View = view === 'list' && !narrow ? DocumentTable : DocumentGrid;

  return (
    <Flex vertical gap={16}>
      <DropArea onFile={addFile} />
      <input
        ref={versionInput}
        type="file"
        hidden
        accept={ACCEPT}
        data-testid="document-version-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && versionOf.current) addVersionFile(versionOf.current, file);
          event.target.value = '';
        }}
      />
      <TransferQueue transfers={transfers} />
      <LibraryToolbar
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        sort={sort}
        onSort={setSort}
        category={category}
        onCategory={setCategory}
        view={view}
        onView={narrow ? undefined : setView}
      />
      <View
        items={items}
        loading={list.isFetching}
        empty={<Empty description={t(search ? 'documents.noMatch' : 'documents.empty')} />}
        on={on}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" role="status">
          {t('documents.count', { count: total })}
        </Typography.Text>
        <Pagination
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          onChange={setPage}
          hideOnSinglePage
          showSizeChanger={false}
        />
      </Flex>
      <RenameModal doc={renaming} saving={updating.isLoading} onClose={() => setRenaming(null)} onSave={save} />
      <VersionsDrawer doc={history} onClose={() => setHistory(null)} onDownload={(doc, v) => void download(doc, v)} />
    </Flex>
  );
}
