// The edit screen for a study: its form, Delete for Admins, and its change history.
import { Form } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StudyUpdate } from '@trialdesk/shared';
import { useAppSelector } from '../../core/store';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FormPage } from '../../ui/FormPage';
import { HistoryPanel } from '../../ui/HistoryPanel';
import { RecordLoader } from '../../ui/RecordLoader';
import { SubmitBar } from '../../ui/SubmitBar';
import { useEditForm } from '../../ui/useRecordForm';
import { useDeleteStudyMutation, useGetStudyQuery, useUpdateStudyMutation } from './api';
import { StudyFields, studyToRequest, studyToValues, type StudyFormValues } from './StudyForm';

export default function StudyEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'Admin');
  const query = useGetStudyQuery(id);
  const [update] = useUpdateStudyMutation();
  const [remove] = useDeleteStudyMutation();
  const edit = useEditForm({
    record: query.data,
    refetch: query.refetch,
    toValues: studyToValues,
    toRequest: (values: StudyFormValues) => studyToRequest(values),
    update: (request) => update(request as StudyUpdate).unwrap(),
    successKey: 'success.studyUpdated',
    doneTo: '/app/studies',
  });
  const study = query.data;
  return (
    <RecordLoader query={query}>
      <FormPage
        title={t('studies.editTitle')}
        backTo="/app/studies"
        stale={edit.stale}
        onReload={() => void edit.reload()}
        actions={
          isAdmin &&
          study && (
            <ConfirmDelete
              onDelete={() => remove({ id: study.id, version: study.version }).unwrap()}
              onDeleted={() => {
                edit.markClean();
                navigate('/app/studies');
              }}
            />
          )
        }
        aside={<HistoryPanel entity="studies" entityId={id} />}
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.onFinish} onValuesChange={edit.onValuesChange}>
          <StudyFields form={edit.form} />
          <SubmitBar saving={edit.saving} cancelTo="/app/studies" label={t('app.save')} />
        </Form>
      </FormPage>
    </RecordLoader>
  );
}
