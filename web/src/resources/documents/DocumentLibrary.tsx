// One folder of the document library (a study's, or General): drop several files with progress and cancel per file,
// search, sort, list or grid, download, rename, new version, version history, delete through the confirmation.
import { useRef, useState } from 'react';
import {
  App,
  Button,
  Card,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Progress,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import {
  AppstoreOutlined,
  CloseOutlined,
  DownloadOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileImageOutlined,
  FileExcelOutlined,
  FileWordOutlined,
  FileTextOutlined,
  InboxOutlined,
  MoreOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORTS,
  DOCUMENT_MIME_TYPES,
  LIMITS,
  documentFileName,
  documentUpdateSchema,
  type DocumentCategory,
  type DocumentSort,
  type DocumentType,
  type DocumentVersion,
  type StudyDocument,
} from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { downloadFile, isCancelled, startUpload, type UploadHandle } from '../../core/api/uploads';
import { useAppSelector } from '../../core/store';
import { enumLabel, enumOptions } from '../../ui/enums';
import { errorText } from '../../ui/errorText';
import { formatDateTime } from '../../ui/format';
import { zodRule } from '../../ui/zodRule';
import { documentApi, useAddDocumentVersionMutation } from './api';

const MAX_MB = LIMITS.uploadMaxBytes / 1024 / 1024;
const PAGE_SIZE = 20;
/** The file chooser offers the accepted types (the server checks the bytes whatever was chosen). */
const ACCEPT = DOCUMENT_MIME_TYPES.join(',');

interface Transfer {
  key: string;
  name: string;
  fraction: number;
  handle: UploadHandle;
}

/** Bytes in the active language's units (kB, MB). */
export function formatSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / 1024 / 1024, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

const ICONS: Partial<Record<DocumentType, typeof FileOutlined>> = {
  'application/pdf': FilePdfOutlined,
  'image/png': FileImageOutlined,
  'image/jpeg': FileImageOutlined,
  'image/webp': FileImageOutlined,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': FileWordOutlined,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': FileExcelOutlined,
  'text/csv': FileExcelOutlined,
  'text/plain': FileTextOutlined,
};

function FileIcon({ type, size = 16 }: { type: DocumentType; size?: number }) {
  const Icon = ICONS[type] ?? FileOutlined;
  return <Icon aria-hidden style={{ fontSize: size }} />;
}

/** A document's name without the extension the file had (the server adds the type's own on download). */
const baseName = (fileName: string) =>
  fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '').slice(0, LIMITS.documentNameMax) || fileName;

/** What a failed transfer or call says, in the interface language. */
function failureText(t: TFunction, error: unknown): string {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'storage/unauthorized' || code === 'storage/unauthenticated') return t('documents.storageDenied');
  if (code.startsWith('storage/')) return t('documents.storageFailed');
  return errorText(t, error as CallError);
}

export function DocumentLibrary({ studyId }: { studyId: string | null }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const isAdmin = useAppSelector((state) => state.auth.user?.role) === 'Admin';
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DocumentSort>('updatedAt:desc');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [category, setCategory] = useState<DocumentCategory>('Other');
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [renaming, setRenaming] = useState<StudyDocument | null>(null);
  const [history, setHistory] = useState<StudyDocument | null>(null);
  const versionInput = useRef<HTMLInputElement>(null);
  const versionOf = useRef<StudyDocument | null>(null);

  const list = documentApi.useList({ studyId, search: search || undefined, sort, page, pageSize: PAGE_SIZE });
  const [create] = documentApi.useCreate();
  const [update, updating] = documentApi.useUpdate();
  const [remove] = documentApi.useDelete();
  const [addVersion] = useAddDocumentVersionMutation();
  const detail = documentApi.useGet(history?.id ?? '', { skip: !history });

  /** Uploads one file, then runs `attach` with its path; progress and cancel in the queue meanwhile. */
  const transfer = (file: File, attach: (uploadPath: string) => Promise<string>) => {
    if (file.size > LIMITS.uploadMaxBytes) {
      void message.error(
        t('documents.uploadFailed', { name: file.name, reason: t('documents.tooLarge', { max: MAX_MB }) }),
      );
      return;
    }
    const key = crypto.randomUUID();
    const progress = (fraction: number) =>
      setTransfers((all) => all.map((x) => (x.key === key ? { ...x, fraction } : x)));
    const handle = startUpload(file, file.name, progress);
    setTransfers((all) => [...all, { key, name: file.name, fraction: 0, handle }]);
    handle.done
      .then(attach)
      .then((text) => void message.success(text))
      .catch((error: unknown) => {
        if (isCancelled(error)) void message.info(t('documents.uploadCancelled', { name: file.name }));
        else void message.error(t('documents.uploadFailed', { name: file.name, reason: failureText(t, error) }));
      })
      .finally(() => setTransfers((all) => all.filter((x) => x.key !== key)));
  };

  const addFile = (file: File) =>
    transfer(file, async (uploadPath) => {
      const doc = await create({ uploadPath, studyId, name: baseName(file.name), category });
      return t('documents.uploaded', { name: doc.name });
    });

  const addVersionFile = (doc: StudyDocument, file: File) =>
    transfer(file, async (uploadPath) => {
      const next = await addVersion({ id: doc.id, version: doc.version, uploadPath }).unwrap();
      return t('documents.versionUploaded', { number: next.current.number, name: next.name });
    });

  const confirmDelete = (doc: StudyDocument) =>
    modal.confirm({
      title: t('documents.deleteTitle', { name: doc.name }),
      content: t('documents.deleteContent'),
      okText: t('app.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'confirm-delete' } },
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

  const actions = (doc: StudyDocument) => (
    <Space size={4}>
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t('documents.downloadNamed', { name: doc.name })}
        onClick={() => void download(doc)}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'rename', label: t('documents.rename') },
            { key: 'version', label: t('documents.newVersion') },
            { key: 'history', label: t('documents.history') },
            ...(isAdmin ? [{ type: 'divider' as const }, { key: 'delete', danger: true, label: t('app.delete') }] : []),
          ],
          onClick: ({ key }) => {
            if (key === 'rename') setRenaming(doc);
            if (key === 'history') setHistory(doc);
            if (key === 'delete') confirmDelete(doc);
            if (key === 'version') {
              versionOf.current = doc;
              versionInput.current?.click();
            }
          },
        }}
      >
        <Button
          size="small"
          icon={<MoreOutlined aria-hidden />}
          aria-label={`${t('documents.columns.actions')}: ${doc.name}`}
        />
      </Dropdown>
    </Space>
  );

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Flex vertical gap={16}>
      <div data-testid="document-drop">
        <Upload.Dragger
          multiple
          showUploadList={false}
          accept={ACCEPT}
          beforeUpload={(file) => {
            addFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('documents.dropTitle')}</p>
          <p className="ant-upload-hint">{t('documents.dropHint', { max: MAX_MB })}</p>
        </Upload.Dragger>
      </div>
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
      {transfers.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={transfers}
          renderItem={(x) => (
            <List.Item
              actions={[
                <Button
                  key="cancel"
                  size="small"
                  icon={<CloseOutlined aria-hidden />}
                  aria-label={t('documents.cancel', { name: x.name })}
                  onClick={() => x.handle.cancel()}
                />,
              ]}
            >
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text ellipsis>{t('documents.uploading', { name: x.name })}</Typography.Text>
                <Progress
                  percent={Math.round(x.fraction * 100)}
                  size="small"
                  aria-label={t('documents.uploading', { name: x.name })}
                />
              </Flex>
            </List.Item>
          )}
        />
      )}
      <Flex wrap gap={8} align="center" justify="space-between">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('documents.search')}
            aria-label={t('documents.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ width: 260 }}
          />
          <Select
            aria-label={t('documents.sort')}
            value={sort}
            onChange={(value) => setSort(value)}
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
            onChange={(value) => setCategory(value)}
            options={enumOptions(t, 'documentCategory', DOCUMENT_CATEGORIES)}
            style={{ width: 200 }}
          />
          <Segmented
            aria-label={t('documents.view')}
            value={view}
            onChange={(value) => setView(value as 'list' | 'grid')}
            options={[
              { value: 'list', icon: <UnorderedListOutlined aria-hidden />, label: t('documents.views.list') },
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: t('documents.views.grid') },
            ]}
          />
        </Space>
      </Flex>
      {view === 'list' ? (
        <Table<StudyDocument>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={items}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty description={t(search ? 'documents.noMatch' : 'documents.empty')} /> }}
          columns={[
            {
              key: 'name',
              title: t('documents.columns.name'),
              render: (_, doc) => (
                <Space>
                  <FileIcon type={doc.current.contentType} />
                  <Typography.Link onClick={() => void download(doc)}>{doc.name}</Typography.Link>
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
              render: (_, doc) => formatSize(doc.current.size, i18n.language),
            },
            { key: 'versions', title: t('documents.columns.versions'), dataIndex: 'versionCount' },
            {
              key: 'updatedAt',
              title: t('documents.columns.updatedAt'),
              render: (_, doc) => formatDateTime(doc.updatedAt, i18n.language),
            },
            { key: 'actions', title: t('documents.columns.actions'), render: (_, doc) => actions(doc) },
          ]}
        />
      ) : (
        <Flex wrap gap={12} role="list" aria-busy={list.isFetching}>
          {items.length === 0 && <Empty description={t(search ? 'documents.noMatch' : 'documents.empty')} />}
          {items.map((doc) => (
            <Card key={doc.id} size="small" role="listitem" style={{ width: 220 }} actions={[actions(doc)]}>
              <Flex vertical align="center" gap={8}>
                <FileIcon type={doc.current.contentType} size={40} />
                <Typography.Text strong ellipsis={{ tooltip: doc.name }} style={{ maxWidth: 190 }}>
                  {doc.name}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {enumLabel(t, 'documentCategory', doc.category)} · {formatSize(doc.current.size, i18n.language)}
                </Typography.Text>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
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
      <RenameModal
        doc={renaming}
        saving={updating.isLoading}
        onClose={() => setRenaming(null)}
        onSave={async (values) => {
          try {
            await update({ id: renaming!.id, version: renaming!.version, ...values });
            void message.success(t('documents.saved'));
            setRenaming(null);
          } catch (error) {
            void message.error(errorText(t, error as CallError));
          }
        }}
      />
      <Drawer
        open={!!history}
        onClose={() => setHistory(null)}
        title={history ? t('documents.historyTitle', { name: history.name }) : ''}
        size="default"
      >
        <List
          loading={detail.isFetching}
          dataSource={detail.data?.versions ?? []}
          renderItem={(v) => (
            <List.Item
              actions={[
                <Button
                  key="download"
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  aria-label={`${t('documents.download')}: ${t('documents.versionLabel', { number: v.number })}`}
                  onClick={() => history && void download(history, v)}
                />,
              ]}
            >
              <List.Item.Meta
                avatar={<FileIcon type={v.contentType} size={20} />}
                title={
                  <Space>
                    {t('documents.versionLabel', { number: v.number })}
                    {v.number === detail.data?.current.number && <Tag color="blue">{t('documents.current')}</Tag>}
                  </Space>
                }
                description={`${formatDateTime(v.uploadedAt, i18n.language)} · ${formatSize(v.size, i18n.language)} · SHA-256 ${v.sha256.slice(0, 12)}…`}
              />
            </List.Item>
          )}
        />
      </Drawer>
    </Flex>
  );
}

function RenameModal({
  doc,
  saving,
  onClose,
  onSave,
}: {
  doc: StudyDocument | null;
  saving: boolean;
  onClose: () => void;
  onSave: (values: { name: string; category: DocumentCategory }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; category: DocumentCategory }>();
  return (
    <Modal
      open={!!doc}
      title={t('documents.renameTitle')}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      afterOpenChange={(open) => open && doc && form.setFieldsValue({ name: doc.name, category: doc.category })}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void onSave(values)}>
        <Form.Item name="name" label={t('documents.fields.name')} rules={[zodRule(documentUpdateSchema, 'name', t)]}>
          <Input maxLength={LIMITS.documentNameMax} />
        </Form.Item>
        <Form.Item name="category" label={t('documents.fields.category')}>
          <Select options={enumOptions(t, 'documentCategory', DOCUMENT_CATEGORIES)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
