// An order's page: who ordered what where, its lines and total, its status history, and a move to a next status.
import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Select,
  Table,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../core/api/callable';
import { errorText } from '../../ui/errorText';
import { FormPage } from '../../ui/FormPage';
import { formatDateTime } from '../../ui/format';
import { RecordLoader } from '../../ui/RecordLoader';
import { SampleTag } from '../../ui/SampleTag';
import { pathsOf } from '../../ui/resource/definition';
import { sampleApi } from '../ecommerce/api';
import { cad } from '../ecommerce/money';
import { ORDER_TRANSITIONS, type Order, type OrderLine, type OrderStatus } from '../ecommerce/schemas';
import { orders } from '.';
import { orderNumber, orderStatusLabel, OrderStatusTag } from './status';

export const orderApi = sampleApi('orders');

/** The order at `id`, once loaded (not found and load errors as on every record's page). */
export function OrderDetail({ id }: { id: string }) {
  const query = orderApi.useGet(id);
  return <RecordLoader query={query}>{query.data && <OrderPage order={query.data} />}</RecordLoader>;
}

function OrderPage({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const lineColumns: TableColumnsType<OrderLine> = [
    { key: 'product', title: t('orders.product'), dataIndex: 'productName' },
    {
      key: 'quantity',
      title: t('orders.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      render: (quantity: number) => new Intl.NumberFormat(language).format(quantity),
    },
    {
      key: 'unitPrice',
      title: t('orders.unitPrice'),
      dataIndex: 'unitPrice',
      align: 'right',
      render: (price: number) => cad(price, language),
    },
    {
      key: 'lineTotal',
      title: t('orders.lineTotal'),
      align: 'right',
      render: (_, line) => cad(Math.round(line.unitPrice * 100 * line.quantity) / 100, language),
    },
  ];
  return (
    <FormPage
      title={t('orders.number', { number: orderNumber(order.id) })}
      tag={
        <Flex gap={4}>
          <SampleTag />
          <OrderStatusTag t={t} status={order.status} />
        </Flex>
      }
      backTo={pathsOf(orders).list}
      aside={
        <Flex gap={16} wrap align="start">
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('orders.timeline')}
              </Typography.Title>
            }
            style={{ flex: '1 1 320px' }}
          >
            <Timeline
              data-testid="order-timeline"
              items={order.statusHistory.map((event) => ({
                key: `${event.status}-${event.at}`,
                title: formatDateTime(event.at, language),
                content: orderStatusLabel(t, event.status),
              }))}
            />
          </Card>
          <StatusChange order={order} />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'customer',
              label: t('orders.fields.customerName'),
              children: order.customerName ?? t('orders.deleted'),
            },
            { key: 'shop', label: t('orders.fields.shopName'), children: order.shopName ?? t('orders.deleted') },
            { key: 'placedAt', label: t('orders.fields.placedAt'), children: formatDateTime(order.placedAt, language) },
            { key: 'items', label: t('orders.fields.itemCount'), children: order.itemCount },
          ]}
        />
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('orders.lines')}
        </Typography.Title>
        <Table<OrderLine>
          data-testid="order-lines"
          rowKey="productId"
          size="small"
          columns={lineColumns}
          dataSource={order.lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
          caption={<span className="visually-hidden">{t('orders.linesCaption')}</span>}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>{t('orders.fields.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong data-testid="order-total">
                  {cad(order.total, language)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Flex>
    </FormPage>
  );
}

/** The statuses an order may move to from its own (none once delivered, cancelled or refunded), saved with its version. */
function StatusChange({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [update, state] = orderApi.useUpdate();
  const next = ORDER_TRANSITIONS[order.status];
  const [chosen, setChosen] = useState<OrderStatus | undefined>();
  const apply = async () => {
    if (!chosen) return;
    try {
      await update({ id: order.id, version: order.version, status: chosen });
      setChosen(undefined);
      void message.success(t('success.orderStatusChanged'));
    } catch (error) {
      // A stale version says someone changed the order meanwhile: the page reads it again with the message.
      void message.error(errorText(t, error as CallError));
    }
  };
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('orders.changeStatus')}
        </Typography.Title>
      }
      style={{ flex: '1 1 280px' }}
    >
      {next.length === 0 ? (
        <Typography.Text type="secondary">{t('orders.finalStatus')}</Typography.Text>
      ) : (
        <Flex gap={8} wrap>
          <Select<OrderStatus>
            data-testid="order-status-select"
            aria-label={t('orders.newStatus')}
            placeholder={t('orders.newStatus')}
            style={{ minWidth: 180 }}
            // At most three choices: all rendered (a virtual list renders only those in view).
            virtual={false}
            value={chosen}
            onChange={setChosen}
            options={next.map((status) => ({ value: status, label: orderStatusLabel(t, status) }))}
          />
          <Button
            type="primary"
            data-testid="order-status-save"
            disabled={!chosen}
            loading={state.isLoading}
            onClick={() => void apply()}
          >
            {t('orders.apply')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
