// The frame of triage's Reject and Duplicate dialogs: a form in a modal whose field issues show on its fields.
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../../core/api/callable';
import { useSaveErrors } from '../../../ui/useSaveErrors';
import { Dialog } from '../../../ui/Dialog';

/**
 * A decision asked for in a dialog: `onDecide` answers the call's error when the dialog should stay open. Other
 * refusals were shown by the screen already; field issues belong on this dialog's fields.
 */
export function DecisionDialog<V extends object>({
  form,
  open,
  sending,
  title,
  okText,
  okTestId,
  danger = false,
  onClose,
  onDecide,
  children,
}: {
  form: FormInstance<V>;
  open: boolean;
  sending: boolean;
  title: string;
  okText: string;
  okTestId: string;
  danger?: boolean;
  onClose: () => void;
  onDecide: (values: V) => Promise<CallError | undefined>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const showError = useSaveErrors(form);
  const submit = async (values: V) => {
    const error = await onDecide(values);
    if (error?.code === 'invalid-argument') showError(error);
  };
  return (
    <Dialog
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, ...{ 'data-testid': okTestId } }}
      cancelText={t('app.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
        {children}
      </Form>
    </Dialog>
  );
}
