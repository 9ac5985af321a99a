// The list of the triage screen's keys, opened with "?" or its button.
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';

/** The keys and what each does; they work while the cursor is not in a text field. */
export function KeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'A', action: t('triage.keyActions.accept') },
    { key: 'R', action: t('triage.keyActions.reject') },
    { key: 'D', action: t('triage.keyActions.duplicate') },
    { key: 'S', action: t('triage.keyActions.skip') },
    { key: 'U', action: t('triage.keyActions.undo') },
    { key: '?', action: t('triage.keyActions.help') },
  ];
  return (
    <Dialog open={open} title={t('triage.keysTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="triage-keys">
        <Typography.Paragraph type="secondary">{t('triage.keysHelp')}</Typography.Paragraph>
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          columns={[
            {
              title: t('triage.key'),
              dataIndex: 'key',
              width: 80,
              render: (key: string) => <Typography.Text keyboard>{key}</Typography.Text>,
            },
            { title: t('triage.action'), dataIndex: 'action' },
          ]}
        />
      </div>
    </Dialog>
  );
}
