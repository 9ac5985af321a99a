// The create screen for studies: the study form, saved through studies-create.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../ui/FormPage';
import { SubmitBar } from '../../ui/SubmitBar';
import { useCreateForm } from '../../ui/useRecordForm';
import { useCreateStudyMutation } from './api';
import { emptyStudy, StudyFields, studyToRequest, type StudyFormValues } from './StudyForm';

export default function StudyCreate() {
  const { t } = useTranslation();
  const [create] = useCreateStudyMutation();
  const { form, saving, onFinish, onValuesChange } = useCreateForm<StudyFormValues>({
    toRequest: studyToRequest,
    create: (request) => create(request as ReturnType<typeof studyToRequest>).unwrap(),
    successKey: 'success.studyCreated',
    doneTo: '/app/studies',
  });
  return (
    <FormPage title={t('studies.createTitle')} backTo="/app/studies">
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyStudy}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        <StudyFields form={form} />
        <SubmitBar saving={saving} cancelTo="/app/studies" label={t('app.create')} />
      </Form>
    </FormPage>
  );
}
