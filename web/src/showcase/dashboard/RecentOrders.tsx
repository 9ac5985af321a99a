// The dashboard's recent orders: the last ones placed in the period, each number opening the order.
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cad } from '../ecommerce/money';
import type { Order } from '../ecommerce/schemas';
import { orders as orderResource } from '../ecommerce/orders';
import { formatDateTime } from '../../ui/format';
import { pathsOf } from '../../ui/resource/definition';
import { orderNumber, OrderStatusTag } from '../ecommerce/orders/status';

const paths = pathsOf(orderResource);

export function RecentOrders({ orders, language }: { orders: readonly Order[]; language: string }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Order> = [
    {
      key: 'order',
      title: t('ecommerceDashboard.recent.order'),
      render: (_, order) => <Link to={paths.edit(order.id)}>{orderNumber(order.id)}</Link>,
    },
    {
      key: 'customer',
      title: t('ecommerceDashboard.recent.customer'),
      render: (_, order) => order.customerName ?? t('ecommerceDashboard.recent.deletedCustomer'),
    },
    {
      key: 'placedAt',
      title: t('ecommerceDashboard.recent.placedAt'),
      render: (_, order) => formatDateTime(order.placedAt, language),
    },
    {
      key: 'status',
      title: t('ecommerceDashboard.recent.status'),
      render: (_, order) => <OrderStatusTag t={t} status={order.status} />,
    },
    {
      key: 'total',
      title: t('ecommerceDashboard.recent.total'),
      align: 'right',
      render: (_, order) => cad(order.total, language),
    },
  ];
  return (
    <div data-testid="recent-orders">
      <Table<Order>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...orders]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        caption={<span className="visually-hidden">{t('ecommerceDashboard.recent.caption')}</span>}
        locale={{ emptyText: t('ecommerceDashboard.recent.empty') }}
      />
    </div>
  );
}
