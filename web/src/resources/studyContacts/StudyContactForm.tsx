// The study contact form: its fields and rules (names, email, phone, display name, trial contact flag).
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, studyContactCreateSchema } from '@trialdesk/shared';
import { PersonFields } from '../../ui/PersonFields';
import { formCodec } from '../../ui/resource/formCodec';
import { zodRule } from '../../ui/zodRule';

/** The study contact form's values: the schema's fields. */
export const studyContactForm = formCodec(studyContactCreateSchema);

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
