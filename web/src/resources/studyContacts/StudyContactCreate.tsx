// The create screen for study contacts: the contact form, saved through studyContacts-create.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudyContactCreate as CreateRequest } from '@trialdesk/shared';
import { FormPage } from '../../ui/FormPage';
import { SubmitBar } from '../../ui/SubmitBar';
import { useCreateForm } from '../../ui/useRecordForm';
import { useCreateStudyContactMutation } from './api';
import {
  emptyStudyContact,
  StudyContactFields,
  studyContactToRequest,
  type StudyContactFormValues,
} from './StudyContactForm';

export default function StudyContactCreate() {
  const { t } = useTranslation();
  const [create] = useCreateStudyContactMutation();
  const { form, saving, onFinish, onValuesChange } = useCreateForm<StudyContactFormValues>({
    toRequest: studyContactToRequest,
    create: (request) => create(request as CreateRequest).unwrap(),
    successKey: 'success.studyContactCreated',
    doneTo: '/app/study-contacts',
  });
  return (
    <FormPage title={t('studyContacts.createTitle')} backTo="/app/study-contacts">
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyStudyContact}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        <StudyContactFields />
        <SubmitBar saving={saving} cancelTo="/app/study-contacts" label={t('app.create')} />
      </Form>
    </FormPage>
  );
}
