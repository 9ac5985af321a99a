// The Input page's validated form: a referral as a site would send it, checked by the product's own field rules
// (patient IDs, emails, phones, text).
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, LIMITS, multilineText, patientIdSchema, phoneSchema, requiredText } from '@trialdesk/shared';
import { Example } from '../kit/ShowcasePage';
import { DemoForm } from './DemoForm';

/** The longest notes, in the form and in the Input page's text area example. */
export const NOTES_MAX = 500;

const referralSchema = z.strictObject({
  patientId: patientIdSchema,
  referrerName: requiredText(LIMITS.displayNameMax),
  referrerEmail: emailSchema,
  phone: phoneSchema.default(''),
  age: z.number().int().min(18).max(65),
  notes: multilineText(NOTES_MAX).default(''),
});

export function ReferralForm() {
  const { t } = useTranslation();
  return (
    <Example title={t('showcaseForms.input.form.title')} description={t('showcaseForms.input.form.description')}>
      <DemoForm name="referral-form" schema={referralSchema}>
        {(rule) => (
          <>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="patientId"
                  label={t('showcaseForms.input.form.patientId')}
                  extra={t('showcaseForms.input.form.patientIdHelp')}
                  required
                  rules={[rule('patientId')]}
                >
                  <Input maxLength={LIMITS.patientIdMax} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="age"
                  label={t('showcaseForms.input.form.age')}
                  extra={t('showcaseForms.input.form.ageHelp')}
                  required
                  rules={[rule('age')]}
                >
                  <InputNumber min={0} max={120} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="referrerName"
              label={t('showcaseForms.input.form.referrerName')}
              required
              rules={[rule('referrerName')]}
            >
              <Input maxLength={LIMITS.displayNameMax} autoComplete="off" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="referrerEmail"
                  label={t('showcaseForms.input.form.referrerEmail')}
                  required
                  rules={[rule('referrerEmail')]}
                >
                  <Input type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="phone" label={t('showcaseForms.input.form.phone')} rules={[rule('phone')]}>
                  <Input type="tel" maxLength={LIMITS.phoneMax} autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="notes" label={t('showcaseForms.input.form.notes')} rules={[rule('notes')]}>
              <Input.TextArea showCount maxLength={NOTES_MAX} autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
          </>
        )}
      </DemoForm>
    </Example>
  );
}
