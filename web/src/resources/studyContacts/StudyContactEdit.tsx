// The edit screen for a study contact: its form, Delete for Admins, and its change history.
import { Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StudyContactUpdate } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FormPage } from '../../ui/FormPage';
import { HistoryPanel } from '../../ui/HistoryPanel';
import { RecordLoader } from '../../ui/RecordLoader';
import { SubmitBar } from '../../ui/SubmitBar';
import { useEditForm } from '../../ui/useRecordForm';
import { useDeleteStudyContactMutation, useGetStudyContactQuery, useUpdateStudyContactMutation } from './api';
import {
  StudyContactFields,
  studyContactToRequest,
  studyContactToValues,
  type StudyContactFormValues,
} from './StudyContactForm';

export default function StudyContactEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'Admin');
  const query = useGetStudyContactQuery(id);
  const [update] = useUpdateStudyContactMutation();
  const [remove] = useDeleteStudyContactMutation();
  const edit = useEditForm({
    record: query.data,
    refetch: query.refetch,
    toValues: studyContactToValues,
    toRequest: (values: StudyContactFormValues) => studyContactToRequest(values),
    update: (request) => update(request as StudyContactUpdate).unwrap(),
    successKey: 'success.studyContactUpdated',
    doneTo: '/app/study-contacts',
  });
  const contact = query.data;
  return (
    <RecordLoader query={query}>
      <FormPage
        title={t('studyContacts.editTitle')}
        backTo="/app/study-contacts"
        stale={edit.stale}
        onReload={() => void edit.reload()}
        actions={
          isAdmin &&
          contact && (
            <ConfirmDelete
              onDelete={() => remove({ id: contact.id, version: contact.version }).unwrap()}
              onDeleted={() => {
                edit.markClean();
                navigate('/app/study-contacts');
              }}
            />
          )
        }
        aside={<HistoryPanel entity="studyContacts" entityId={id} />}
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.onFinish} onValuesChange={edit.onValuesChange}>
          <StudyContactFields />
          <SubmitBar saving={edit.saving} cancelTo="/app/study-contacts" label={t('app.save')} />
        </Form>
      </FormPage>
    </RecordLoader>
  );
}
