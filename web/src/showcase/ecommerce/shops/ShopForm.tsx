// The shop form: name, city and province, status, and (once it has sellers) its owner among them.
import { useMemo } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../../ui/enums';
import { RemoteSelect } from '../../../ui/RemoteSelect';
import type { FieldsProps } from '../../../ui/resource/definition';
import { formCodec } from '../../../ui/resource/formCodec';
import { zodRule } from '../../../ui/zodRule';
import { SellerName, sellerOptionsOf } from '../lookups';
import { ECOMMERCE_LIMITS, PROVINCES, SHOP_STATUSES, shopCreateSchema, type Shop } from '../schemas';

/** The shop form's values: the schema's fields. */
export const shopForm = formCodec(shopCreateSchema);

export function ShopFields({ record }: FieldsProps<Shop>) {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(shopCreateSchema, field, t);
  const useOwnerOptions = useMemo(() => (record ? sellerOptionsOf(record.id) : undefined), [record]);
  return (
    <>
      <Form.Item name="name" label={t('shops.fields.name')} required rules={[rule('name')]}>
        <Input maxLength={ECOMMERCE_LIMITS.shopNameMax} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="city" label={t('shops.fields.city')} required rules={[rule('city')]}>
            <Input maxLength={ECOMMERCE_LIMITS.cityMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="province" label={t('shops.fields.province')} required rules={[rule('province')]}>
            <Select options={enumOptions(t, 'province', PROVINCES)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="status" label={t('shops.fields.status')} rules={[rule('status')]}>
        <Select options={enumOptions(t, 'shopStatus', SHOP_STATUSES)} />
      </Form.Item>
      {/* A new shop has no sellers yet: its owner is chosen once it has some. */}
      {useOwnerOptions && (
        <Form.Item name="ownerSellerId" label={t('shops.fields.ownerSellerId')} rules={[rule('ownerSellerId')]}>
          <RemoteSelect
            allowClear
            testId="owner-select"
            useOptions={useOwnerOptions}
            renderLabel={(id) => <SellerName id={id} />}
          />
        </Form.Item>
      )}
    </>
  );
}
