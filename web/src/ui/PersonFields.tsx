// The person fields users, study contacts and the showcase's customers share: first and last name, email and phone.
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@trialdesk/shared';
import { zodRule, type ObjectSchema } from './zodRule';

/**
 * First and last name, email and phone: the person fields users, study contacts and the showcase's customers share.
 * Labels come from the resource's dictionary section, rules from its create schema.
 */
export function PersonFields({
  section,
  schema,
  phoneField,
}: {
  section: 'users' | 'studyContacts' | 'customers';
  schema: ObjectSchema;
  phoneField: 'phone' | 'phoneNumber';
}) {
  const { t } = useTranslation();
  const field = (name: string) => ({ name, label: t(`${section}.fields.${name}`), rules: [zodRule(schema, name, t)] });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...field('firstName')} required>
            <Input maxLength={LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...field('lastName')} required>
            <Input maxLength={LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...field('email')} required>
            <Input type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...field(phoneField)}>
            <Input type="tel" maxLength={LIMITS.phoneMax} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
