// The seller form: name, email and phone, shop, status and customers' rating.
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@trialdesk/shared';
import { enumOptions } from '../../../ui/enums';
import { RemoteSelect } from '../../../ui/RemoteSelect';
import { formCodec } from '../../../ui/resource/formCodec';
import { zodRule } from '../../../ui/zodRule';
import { ShopName, useShopOptions } from '../lookups';
import { SELLER_STATUSES, sellerCreateSchema } from '../schemas';

/** The seller form's values: the schema's fields (a new seller has no shop until one is chosen). */
export const sellerForm = formCodec(sellerCreateSchema, { initial: { shopId: null } });

export function SellerFields() {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(sellerCreateSchema, field, t);
  return (
    <>
      <Form.Item name="name" label={t('sellers.fields.name')} required rules={[rule('name')]}>
        <Input maxLength={LIMITS.displayNameMax} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('sellers.fields.email')} required rules={[rule('email')]}>
            <Input type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('sellers.fields.phone')} rules={[rule('phone')]}>
            <Input type="tel" maxLength={LIMITS.phoneMax} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="shopId" label={t('sellers.fields.shopId')} required rules={[rule('shopId')]}>
        <RemoteSelect testId="shop-select" useOptions={useShopOptions} renderLabel={(id) => <ShopName id={id} />} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('sellers.fields.status')} rules={[rule('status')]}>
            <Select options={enumOptions(t, 'sellerStatus', SELLER_STATUSES)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="rating" label={t('sellers.fields.rating')} rules={[rule('rating')]}>
            <InputNumber style={{ width: '100%' }} min={0} max={5} step={0.1} precision={1} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
