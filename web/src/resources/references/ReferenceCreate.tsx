// The create screen for references: the reference form, saved through references-create.
import { Form } from 'antd';
import type { CallableRequest } from '@trialdesk/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../ui/FormPage';
import { SubmitBar } from '../../ui/SubmitBar';
import { useCreateForm } from '../../ui/useRecordForm';
import { useCreateReferenceMutation } from './api';
import { emptyReference, ReferenceFields, referenceToRequest, type ReferenceFormValues } from './ReferenceForm';

export default function ReferenceCreate() {
  const { t } = useTranslation();
  const [create] = useCreateReferenceMutation();
  const { form, saving, onFinish, onValuesChange } = useCreateForm<ReferenceFormValues>({
    toRequest: referenceToRequest,
    create: (request) => create(request as CallableRequest<'references-create'>).unwrap(),
    successKey: 'success.referenceCreated',
    doneTo: '/app/references',
  });
  return (
    <FormPage title={t('references.createTitle')} backTo="/app/references">
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyReference}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        <ReferenceFields />
        <SubmitBar saving={saving} cancelTo="/app/references" label={t('app.create')} />
      </Form>
    </FormPage>
  );
}
