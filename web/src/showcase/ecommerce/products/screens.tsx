// The showcase's products list (search, category, status and shop filters, price and stock sorts) and form.
import { Tag } from 'antd';
import { Code } from '../../../ui/Code';
import { enumLabel } from '../../../ui/enums';
import type { ListDefinition, ResourceScreens } from '../../../ui/resource/definition';
import { sampleApi } from '../api';
import { cad } from '../money';
import { shopFilter } from '../lookups';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS, PRODUCT_STATUSES, type Product } from '../schemas';
import { ProductFields, productForm } from './ProductForm';

const productApi = sampleApi('products');

const STATUS_COLORS: Record<Product['status'], string> = { Published: 'green', Draft: 'default', Archived: 'orange' };

const list: ListDefinition<Product> = {
  useList: productApi.useList,
  sorts: PRODUCT_SORTS,
  search: 'text',
  filters: [
    { kind: 'enum', name: 'category', values: PRODUCT_CATEGORIES, labels: 'productCategory', width: 180 },
    { kind: 'enum', name: 'status', values: PRODUCT_STATUSES, labels: 'productStatus', width: 160 },
    shopFilter,
  ],
  columns: (t, language) => [
    { title: t('products.fields.name'), dataIndex: 'name', key: 'name', sorter: true, link: true },
    {
      title: t('products.fields.sku'),
      dataIndex: 'sku',
      key: 'sku',
      render: (sku: string) => <Code>{sku}</Code>,
    },
    {
      title: t('products.fields.category'),
      dataIndex: 'category',
      key: 'category',
      render: (value: Product['category']) => enumLabel(t, 'productCategory', value),
    },
    {
      title: t('products.fields.price'),
      dataIndex: 'price',
      key: 'price',
      sorter: true,
      align: 'right',
      render: (price: number) => <span style={{ whiteSpace: 'nowrap' }}>{cad(price, language)}</span>,
    },
    {
      title: t('products.fields.stock'),
      dataIndex: 'stock',
      key: 'stock',
      sorter: true,
      align: 'right',
      render: (stock: number) => new Intl.NumberFormat(language).format(stock),
    },
    {
      title: t('products.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Product['status']) => (
        <Tag color={STATUS_COLORS[status]}>{enumLabel(t, 'productStatus', status)}</Tag>
      ),
    },
    {
      title: t('products.fields.shopId'),
      dataIndex: 'shopName',
      key: 'shopName',
      render: (name: string | null) => name ?? t('app.none'),
    },
  ],
  minWidth: 980,
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: productForm,
    Fields: ProductFields,
    api: productApi,
    messages: { created: 'success.productCreated', updated: 'success.productUpdated' },
  },
};
export default screens;
