// An order's page: who ordered what where, its lines and total, its status history, and a move to a next status.
import { useCallback, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Select,
  Table,
  theme,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormPage } from '../../../ui/FormPage';
import { formatDateTime } from '../../../ui/format';
import { RecordLoader } from '../../../ui/RecordLoader';
import { SampleTag } from '../../../ui/SampleTag';
import { pathsOf } from '../../../ui/resource/definition';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useBackTo } from '../../../ui/useListParams';
import { useSaveErrors } from '../../../ui/useSaveErrors';
import { customers } from '../customers';
import { sampleApi } from '../api';
import { cad } from '../money';
import { ORDER_TRANSITIONS, orderTotal, type Order, type OrderLine, type OrderStatus } from '../schemas';
import { shops } from '../shops';
import { orders } from '.';
import { orderNumber, orderStatusLabel, OrderStatusTag, statusColors } from './status';

export const orderApi = sampleApi('orders');

/** The order at `id`, once loaded (not found and load errors as on every record's page). */
export function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = orderApi.useGet(id);
  useDocumentTitle(t('orders.number', { number: orderNumber(id) }));
  return (
    <RecordLoader query={query}>{query.data && <OrderPage order={query.data} refetch={query.refetch} />}</RecordLoader>
  );
}

/** A section's heading below the page's h1. */
function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}

function OrderPage({ order, refetch }: { order: Order; refetch: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { token } = theme.useToken();
  // Someone changed the order since it was read: the notice offers to read it again.
  const [stale, setStale] = useState(false);
  const onStale = useCallback(() => setStale(true), []);
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const colors = statusColors(token);
  const backTo = useBackTo(pathsOf(orders).list);
  const lineColumns: TableColumnsType<OrderLine> = [
    { key: 'product', title: t('orders.product'), dataIndex: 'productName' },
    { key: 'quantity', title: t('orders.quantity'), dataIndex: 'quantity', align: 'right', render: number },
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
      render: (_, line) => cad(orderTotal([line]), language),
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
      backTo={backTo}
      aside={
        <Flex gap={16} wrap align="start">
          <Card title={<SectionTitle>{t('orders.timeline')}</SectionTitle>} style={{ flex: '1 1 320px' }}>
            <Timeline
              data-testid="order-timeline"
              items={order.statusHistory.map((event) => ({
                key: `${event.status}-${event.at}`,
                color: colors[event.status],
                title: formatDateTime(event.at, language),
                content: (
                  <Flex vertical>
                    <Typography.Text strong>{orderStatusLabel(t, event.status)}</Typography.Text>
                    <Typography.Text type="secondary">{t('history.by', { actor: event.by })}</Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </Card>
          <StatusChange order={order} onStale={onStale} />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {stale && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="stale-version"
            title={t('orders.staleTitle')}
            description={t('orders.reloadDiscards')}
            action={
              <Button onClick={() => void refetch().then(() => setStale(false))} data-testid="stale-reload">
                {t('app.reload')}
              </Button>
            }
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'customer',
              label: t('orders.fields.customerName'),
              children:
                order.customerName === null ? (
                  t('orders.deleted')
                ) : (
                  <Link to={pathsOf(customers).edit(order.customerId)}>{order.customerName}</Link>
                ),
            },
            {
              key: 'shop',
              label: t('orders.fields.shopName'),
              children:
                order.shopName === null ? (
                  t('orders.deleted')
                ) : (
                  <Link to={pathsOf(shops).edit(order.shopId)}>{order.shopName}</Link>
                ),
            },
            { key: 'placedAt', label: t('orders.fields.placedAt'), children: formatDateTime(order.placedAt, language) },
            { key: 'items', label: t('orders.fields.itemCount'), children: number(order.itemCount) },
          ]}
        />
        <SectionTitle>{t('orders.lines')}</SectionTitle>
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

/**
 * The statuses an order may move to from its own (none once cancelled or refunded), saved with the version read: a
 * refusal shows on the field, a stale version as the page's notice.
 */
function StatusChange({ order, onStale }: { order: Order; onStale: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ status?: OrderStatus }>();
  const chosen = Form.useWatch('status', form);
  const [update, state] = orderApi.useUpdate();
  const showError = useSaveErrors(form, onStale);
  const next = ORDER_TRANSITIONS[order.status];
  const apply = async ({ status }: { status?: OrderStatus }) => {
    if (!status) return;
    try {
      await update({ id: order.id, version: order.version, status });
      form.resetFields();
      void message.success(t('success.orderStatusChanged'));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card title={<SectionTitle>{t('orders.changeStatus')}</SectionTitle>} style={{ flex: '1 1 280px' }}>
      {next.length === 0 ? (
        <Typography.Text type="secondary">{t('orders.finalStatus')}</Typography.Text>
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void apply(values)}>
          <Form.Item name="status" label={t('orders.newStatus')}>
            <Select<OrderStatus>
              data-testid="order-status-select"
              placeholder={t('orders.newStatus')}
              // At most three choices: all rendered (a virtual list renders only those in view).
              virtual={false}
              options={next.map((status) => ({ value: status, label: orderStatusLabel(t, status) }))}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            data-testid="order-status-save"
            disabled={!chosen}
            loading={state.isLoading}
          >
            {t('orders.apply')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
