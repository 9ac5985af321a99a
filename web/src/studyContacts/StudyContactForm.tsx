import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, studyContactCreateSchema, type StudyContact } from '@trialdesk/shared';
import { zodRule } from '../components/zodRule';

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
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('studyContacts.fields.firstName')} required rules={[rule('firstName')]}>
            <Input maxLength={LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label={t('studyContacts.fields.lastName')} required rules={[rule('lastName')]}>
            <Input maxLength={LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('studyContacts.fields.email')} required rules={[rule('email')]}>
            <Input type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phoneNumber" label={t('studyContacts.fields.phoneNumber')} rules={[rule('phoneNumber')]}>
            <Input type="tel" maxLength={LIMITS.phoneMax} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
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
