// The edit screen for a reference: its form, Delete for Admins, and its change history.
import { Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReferenceUpdate } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FormPage } from '../../ui/FormPage';
import { HistoryPanel } from '../../ui/HistoryPanel';
import { RecordLoader } from '../../ui/RecordLoader';
import { SubmitBar } from '../../ui/SubmitBar';
import { useEditForm } from '../../ui/useRecordForm';
import { useDeleteReferenceMutation, useGetReferenceQuery, useUpdateReferenceMutation } from './api';
import { ReferenceFields, referenceToRequest, referenceToValues, type ReferenceFormValues } from './ReferenceForm';

export default function ReferenceEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'Admin');
  const query = useGetReferenceQuery(id);
  const [update] = useUpdateReferenceMutation();
  const [remove] = useDeleteReferenceMutation();
  const edit = useEditForm({
    record: query.data,
    refetch: query.refetch,
    toValues: referenceToValues,
    toRequest: (values: ReferenceFormValues) => referenceToRequest(values),
    update: (request) => update(request as ReferenceUpdate).unwrap(),
    successKey: 'success.referenceUpdated',
    doneTo: '/app/references',
  });
  const reference = query.data;
  return (
    <RecordLoader query={query}>
      <FormPage
        title={t('references.editTitle')}
        backTo="/app/references"
        stale={edit.stale}
        onReload={() => void edit.reload()}
        actions={
          isAdmin &&
          reference && (
            <ConfirmDelete
              onDelete={() => remove({ id: reference.id, version: reference.version }).unwrap()}
              onDeleted={() => {
                edit.markClean();
                navigate('/app/references');
              }}
            />
          )
        }
        aside={<HistoryPanel entity="references" entityId={id} />}
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.onFinish} onValuesChange={edit.onValuesChange}>
          <ReferenceFields record={reference} />
          <SubmitBar saving={edit.saving} cancelTo="/app/references" label={t('app.save')} />
        </Form>
      </FormPage>
    </RecordLoader>
  );
}
