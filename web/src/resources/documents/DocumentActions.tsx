// A document's actions, in its row or on its card: Download, and a menu with rename, new version, versions and
// delete (Admins; shown to others disabled, saying why).
import { Button, Dropdown, Flex, Space, Typography } from 'antd';
import { DownloadOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { documentsKind, type StudyDocument } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { may } from '../../ui/resource/definition';

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
  // Who may delete comes from the kind's declaration, as the server's check does (docs/security.md, "Files").
  const canDelete = may(
    useAppSelector((state) => state.auth.user?.role),
    documentsKind.callables.delete,
  );
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
            { type: 'divider' as const },
            {
              key: 'delete',
              danger: true,
              disabled: !canDelete,
              // Whoever may not delete sees why, on the entry itself (a tooltip would not reach a keyboard or a reader).
              label: canDelete ? (
                t('app.delete')
              ) : (
                <Flex vertical>
                  {t('app.delete')}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('documents.deleteAdminsOnly')}
                  </Typography.Text>
                </Flex>
              ),
            },
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
          aria-label={t('app.labelled', { label: t('documents.columns.actions'), value: doc.name })}
        />
      </Dropdown>
    </Space>
  );
}
