// The showcase's sellers list (search by name or email, status and shop filters, name and rating sorts) and form.
import { Tag } from 'antd';
import { enumLabel } from '../../../ui/enums';
import type { ListDefinition, ResourceScreens } from '../../../ui/resource/definition';
import { sellerApi, shopFilter } from '../lookups';
import { SELLER_SORTS, SELLER_STATUSES, type Seller } from '../schemas';
import { SellerFields, sellerForm } from './SellerForm';

const STATUS_COLORS: Record<Seller['status'], string> = { Active: 'green', Suspended: 'red' };

const list: ListDefinition<Seller> = {
  useList: sellerApi.useList,
  sorts: SELLER_SORTS,
  search: 'text',
  filters: [{ kind: 'enum', name: 'status', values: SELLER_STATUSES, labels: 'sellerStatus', width: 160 }, shopFilter],
  columns: (t, language) => [
    { title: t('sellers.fields.name'), dataIndex: 'name', key: 'name', sorter: true, link: true },
    { title: t('sellers.fields.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('sellers.fields.phone'),
      dataIndex: 'phone',
      key: 'phone',
      render: (phone: string) => phone || t('app.none'),
    },
    {
      title: t('sellers.fields.shopId'),
      dataIndex: 'shopName',
      key: 'shopName',
      render: (name: string | null) => name ?? t('app.none'),
    },
    {
      title: t('sellers.fields.rating'),
      dataIndex: 'rating',
      key: 'rating',
      sorter: true,
      align: 'right',
      // Always one decimal (4.0, not 4), in the interface language's format (4,5 in French).
      render: (rating: number) =>
        new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating),
    },
    {
      title: t('sellers.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Seller['status']) => (
        <Tag color={STATUS_COLORS[status]}>{enumLabel(t, 'sellerStatus', status)}</Tag>
      ),
    },
  ],
  minWidth: 900,
};

const screens: ResourceScreens = {
  list,
  form: {
    codec: sellerForm,
    Fields: SellerFields,
    api: sellerApi,
    messages: { created: 'success.sellerCreated', updated: 'success.sellerUpdated' },
  },
};
export default screens;
