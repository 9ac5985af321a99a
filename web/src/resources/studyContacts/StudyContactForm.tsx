// The study contact form: its fields and rules, empty values, and conversions from a record and to a request.
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, studyContactCreateSchema, type StudyContact } from '@trialdesk/shared';
import { PersonFields } from '../../ui/PersonFields';
import { zodRule } from '../../ui/zodRule';

export interface StudyContactFormValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  displayName: string;
  isTrialContact: boolean;
}

export const emptyStudyContact: StudyContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  displayName: '',
  isTrialContact: false,
};

export const studyContactToValues = (c: StudyContact): StudyContactFormValues => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phoneNumber: c.phoneNumber,
  displayName: c.displayName,
  isTrialContact: c.isTrialContact,
});

export const studyContactToRequest = (v: Partial<StudyContactFormValues>) => ({
  firstName: v.firstName ?? '',
  lastName: v.lastName ?? '',
  email: v.email ?? '',
  phoneNumber: v.phoneNumber ?? '',
  displayName: v.displayName ?? '',
  isTrialContact: v.isTrialContact ?? false,
});

export function StudyContactFields() {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(studyContactCreateSchema, field, t);
  return (
    <>
      <PersonFields section="studyContacts" schema={studyContactCreateSchema} phoneField="phoneNumber" />
      <Form.Item
        name="displayName"
        label={t('studyContacts.fields.displayName')}
        extra={t('studyContacts.fields.displayNameHelp')}
        rules={[rule('displayName')]}
      >
        <Input maxLength={LIMITS.displayNameMax} />
      </Form.Item>
      <Form.Item name="isTrialContact" label={t('studyContacts.fields.isTrialContact')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
