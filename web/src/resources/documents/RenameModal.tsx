// The dialog renaming or recategorising a document, its name checked by the shared rule.
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  LIMITS,
  documentUpdateSchema,
  type DocumentCategory,
  type StudyDocument,
} from '@trialdesk/shared';
import { enumOptions } from '../../ui/enums';
import { zodRule } from '../../ui/zodRule';
import { Dialog } from '../../ui/Dialog';

export interface DocumentChange {
  name: string;
  category: DocumentCategory;
}

/** Open while `doc` is set, with its name and category. */
export function RenameModal({
  doc,
  saving,
  onClose,
  onSave,
}: {
  doc: StudyDocument | null;
  saving: boolean;
  onClose: () => void;
  onSave: (values: DocumentChange) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DocumentChange>();
  return (
    <Dialog
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
    </Dialog>
  );
}
