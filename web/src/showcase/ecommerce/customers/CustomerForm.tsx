// The customer form: first and last name, email and phone, city and province, status.
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../../ui/enums';
import { PersonFields } from '../../../ui/PersonFields';
import { formCodec } from '../../../ui/resource/formCodec';
import { zodRule } from '../../../ui/zodRule';
import { CUSTOMER_STATUSES, customerCreateSchema, ECOMMERCE_LIMITS, PROVINCES } from '../schemas';

/** The customer form's values: the schema's fields. */
export const customerForm = formCodec(customerCreateSchema);

export function CustomerFields() {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(customerCreateSchema, field, t);
  return (
    <>
      <PersonFields section="customers" schema={customerCreateSchema} phoneField="phone" />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="city" label={t('customers.fields.city')} required rules={[rule('city')]}>
            <Input maxLength={ECOMMERCE_LIMITS.cityMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="province" label={t('customers.fields.province')} required rules={[rule('province')]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={enumOptions(t, 'province', PROVINCES)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="status" label={t('customers.fields.status')} rules={[rule('status')]}>
        <Select options={enumOptions(t, 'customerStatus', CUSTOMER_STATUSES)} />
      </Form.Item>
    </>
  );
}
