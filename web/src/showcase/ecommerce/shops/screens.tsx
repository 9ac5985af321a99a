// The showcase's shops list (search by name or city, status and province filters, name sort) and form.
import { Tag } from 'antd';
import { enumLabel } from '../../../ui/enums';
import type { ListDefinition, ResourceScreens } from '../../../ui/resource/definition';
import { shopApi } from '../lookups';
import { PROVINCES, SHOP_SORTS, SHOP_STATUSES, type Shop } from '../schemas';
import { ShopFields, shopForm } from './ShopForm';

const list: ListDefinition<Shop> = {
  useList: shopApi.useList,
  sorts: SHOP_SORTS,
  search: 'text',
  filters: [
    { kind: 'enum', name: 'status', values: SHOP_STATUSES, labels: 'shopStatus', width: 160 },
    { kind: 'enum', name: 'province', values: PROVINCES, labels: 'province', width: 220, showSearch: true },
  ],
  columns: (t) => [
    { title: t('shops.fields.name'), dataIndex: 'name', key: 'name', sorter: true, link: true },
    { title: t('shops.fields.city'), dataIndex: 'city', key: 'city' },
    {
      title: t('shops.fields.province'),
      dataIndex: 'province',
      key: 'province',
      render: (value: Shop['province']) => enumLabel(t, 'province', value),
    },
    {
      title: t('shops.fields.ownerSellerId'),
      dataIndex: 'ownerName',
      key: 'ownerName',
      render: (name: string | null) => name ?? t('app.none'),
    },
    {
      title: t('shops.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Shop['status']) => (
        <Tag color={status === 'Open' ? 'green' : 'default'}>{enumLabel(t, 'shopStatus', status)}</Tag>
      ),
    },
  ],
  minWidth: 760,
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: shopForm,
    Fields: ShopFields,
    api: shopApi,
    messages: { created: 'success.shopCreated', updated: 'success.shopUpdated' },
  },
};
export default screens;
