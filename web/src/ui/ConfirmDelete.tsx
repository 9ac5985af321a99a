// The Delete button of an edit screen, deleting only after a confirmation dialog.
import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../core/api/callable';
import { RISKY_CONFIRM } from './Dialog';
import { errorText } from './errorText';

/** Delete only through a confirmation dialog ; the caller shows it only to Admins. */
export function ConfirmDelete({ onDelete, onDeleted }: { onDelete: () => Promise<unknown>; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      data-testid="form-delete"
      onClick={() =>
        modal.confirm({
          title: t('form.deleteTitle'),
          content: t('form.deleteContent'),
          okText: t('app.delete'),
          ...RISKY_CONFIRM,
          okButtonProps: { ...RISKY_CONFIRM.okButtonProps, ...{ 'data-testid': 'confirm-delete' } },
          cancelText: t('app.cancel'),
          onOk: async () => {
            try {
              await onDelete();
              void message.success(t('form.deleted'));
              onDeleted();
            } catch (error) {
              void message.error(errorText(t, error as CallError));
            }
          },
        })
      }
    >
      {t('app.delete')}
    </Button>
  );
}
