// An order on screen wherever it shows (its list, its page, the dashboard): its number, its status label and colours.
import { Tag, type GlobalToken } from 'antd';
import type { TFunction } from 'i18next';
import type { OrderStatus } from '../schemas';

/** An order's number as customers read it: the digits of its id (order-100042 is 100042). */
export const orderNumber = (id: string) => /\d+$/.exec(id)?.[0] ?? id;

export const orderStatusLabel = (t: TFunction, status: OrderStatus): string => t(`enums.orderStatus.${status}`);

// Tag colours whose text keeps AA contrast on their own background in both modes (ThemeProvider's shades).
const TAG_COLORS: Record<OrderStatus, string> = {
  Pending: 'gold',
  Paid: 'blue',
  Shipped: 'purple',
  Delivered: 'green',
  Cancelled: 'default',
  Refunded: 'red',
};

export function OrderStatusTag({ t, status }: { t: TFunction; status: OrderStatus }) {
  return <Tag color={TAG_COLORS[status]}>{orderStatusLabel(t, status)}</Tag>;
}

/** Each status's colour in charts: waiting in gold, under way in the primary and purple, done in green, lost in reds. */
export const statusColors = (token: GlobalToken): Record<OrderStatus, string> => ({
  Pending: token.gold6,
  Paid: token.colorPrimary,
  Shipped: token.purple6,
  Delivered: token.colorSuccess,
  Cancelled: token.volcano6,
  Refunded: token.magenta6,
});
