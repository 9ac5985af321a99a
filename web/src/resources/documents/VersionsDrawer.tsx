// The drawer listing a document's versions, the current one tagged, each with its date, size, hash and Download.
import { Button, Drawer, List, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion, StudyDocument } from '@trialdesk/shared';
import { formatBytes, formatDateTime } from '../../ui/format';
import { documentApi } from './api';
import { FileIcon } from './files';

/** Open while `doc` is set; its versions load then. */
export function VersionsDrawer({
  doc,
  onClose,
  onDownload,
}: {
  doc: StudyDocument | null;
  onClose: () => void;
  onDownload: (doc: StudyDocument, version: DocumentVersion) => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = documentApi.useGet(doc?.id ?? '', { skip: !doc });
  return (
    <Drawer
      open={!!doc}
      onClose={onClose}
      title={doc ? t('documents.historyTitle', { name: doc.name }) : ''}
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
                aria-label={t('app.labelled', {
                  label: t('documents.download'),
                  value: t('documents.versionLabel', { number: v.number }),
                })}
                onClick={() => doc && onDownload(doc, v)}
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
              description={`${formatDateTime(v.uploadedAt, i18n.language)} · ${formatBytes(v.size, i18n.language)} · SHA-256 ${v.sha256.slice(0, 12)}…`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
