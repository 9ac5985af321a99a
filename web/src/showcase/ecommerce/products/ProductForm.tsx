// The product form: name, SKU, category, price in CAD, stock, status, shop and description.
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../../ui/enums';
import { RemoteSelect } from '../../../ui/RemoteSelect';
import { formCodec } from '../../../ui/resource/formCodec';
import { zodRule } from '../../../ui/zodRule';
import { ShopName, useShopOptions } from '../lookups';
import { ECOMMERCE_LIMITS, PRODUCT_CATEGORIES, PRODUCT_STATUSES, productCreateSchema } from '../schemas';

/** The product form's values: the schema's fields (a new product has no shop until one is chosen). */
export const productForm = formCodec(productCreateSchema, { initial: { shopId: null } });

export function ProductFields() {
  const { t } = useTranslation();
  const rule = (field: string) => zodRule(productCreateSchema, field, t);
  return (
    <>
      <Form.Item name="name" label={t('products.fields.name')} required rules={[rule('name')]}>
        <Input maxLength={ECOMMERCE_LIMITS.productNameMax} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="sku"
            label={t('products.fields.sku')}
            required
            extra={t('products.skuHelp')}
            rules={[rule('sku')]}
          >
            <Input maxLength={8} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('products.fields.category')} required rules={[rule('category')]}>
            <Select options={enumOptions(t, 'productCategory', PRODUCT_CATEGORIES)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="price" label={t('products.fields.price')} required rules={[rule('price')]}>
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} precision={2} suffix="CAD" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="stock" label={t('products.fields.stock')} rules={[rule('stock')]}>
            <InputNumber style={{ width: '100%' }} min={0} precision={0} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('products.fields.status')} rules={[rule('status')]}>
            <Select options={enumOptions(t, 'productStatus', PRODUCT_STATUSES)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="shopId" label={t('products.fields.shopId')} required rules={[rule('shopId')]}>
        <RemoteSelect testId="shop-select" useOptions={useShopOptions} renderLabel={(id) => <ShopName id={id} />} />
      </Form.Item>
      <Form.Item name="description" label={t('products.fields.description')} rules={[rule('description')]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
    </>
  );
}
