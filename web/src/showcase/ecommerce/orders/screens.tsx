// The showcase's orders list (search, status, shop and period filters; date, total and customer sorts) and order page.
import { Code } from '../../../ui/Code';
import { formatDateTime } from '../../../ui/format';
import type { ListDefinition, ResourceScreens } from '../../../ui/resource/definition';
import { shopFilter } from '../lookups';
import { cad } from '../money';
import { ORDER_SORTS, ORDER_STATUSES, type Order } from '../schemas';
import { orderApi, OrderDetail } from './OrderDetail';
import { orderNumber, orderStatusLabel, OrderStatusTag } from './status';

const list: ListDefinition<Order> = {
  useList: orderApi.useList,
  sorts: ORDER_SORTS,
  search: 'text',
  filters: [
    {
      kind: 'enum',
      name: 'status',
      values: ORDER_STATUSES,
      labels: (t, status) => orderStatusLabel(t, status as Order['status']),
      width: 160,
    },
    shopFilter,
    { kind: 'period', from: 'from', to: 'to' },
  ],
  columns: (t, language) => [
    {
      title: t('orders.fields.number'),
      dataIndex: 'id',
      key: 'id',
      link: true,
      render: (id: string) => <Code>{orderNumber(id)}</Code>,
    },
    {
      title: t('orders.fields.customerName'),
      dataIndex: 'customerName',
      key: 'customerName',
      sorter: true,
      render: (name: string | null) => name ?? t('orders.deleted'),
    },
    {
      title: t('orders.fields.shopName'),
      dataIndex: 'shopName',
      key: 'shopName',
      render: (name: string | null) => name ?? t('orders.deleted'),
    },
    {
      title: t('orders.fields.placedAt'),
      dataIndex: 'placedAt',
      key: 'placedAt',
      sorter: true,
      render: (placedAt: string) => formatDateTime(placedAt, language),
    },
    {
      title: t('orders.fields.itemCount'),
      dataIndex: 'itemCount',
      key: 'itemCount',
      align: 'right',
      render: (count: number) => new Intl.NumberFormat(language).format(count),
    },
    {
      title: t('orders.fields.total'),
      dataIndex: 'total',
      key: 'total',
      sorter: true,
      align: 'right',
      render: (total: number) => <span style={{ whiteSpace: 'nowrap' }}>{cad(total, language)}</span>,
    },
    {
      title: t('orders.fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Order['status']) => <OrderStatusTag t={t} status={status} />,
    },
  ],
  minWidth: 980,
};

const screens: ResourceScreens = { list, Detail: OrderDetail };
export default screens;
