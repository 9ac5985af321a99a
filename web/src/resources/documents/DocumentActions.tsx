// A document's actions, in its row or on its card: Download, and a menu with rename, new version, versions and
// (Admins) delete.
import { Button, Dropdown, Space } from 'antd';
import { DownloadOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StudyDocument } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';

/** What the menu's entries do with the document. */
export interface DocumentHandlers {
  download: (doc: StudyDocument) => void;
  rename: (doc: StudyDocument) => void;
  newVersion: (doc: StudyDocument) => void;
  history: (doc: StudyDocument) => void;
  delete: (doc: StudyDocument) => void;
}

export function DocumentActions({ doc, on }: { doc: StudyDocument; on: DocumentHandlers }) {
  const { t } = useTranslation();
  const isAdmin = useAppSelector((state) => state.auth.user?.role) === 'Admin';
  return (
    <Space size={4}>
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t('documents.downloadNamed', { name: doc.name })}
        onClick={() => on.download(doc)}
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
            if (key === 'rename') on.rename(doc);
            if (key === 'history') on.history(doc);
            if (key === 'delete') on.delete(doc);
            if (key === 'version') on.newVersion(doc);
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
}
