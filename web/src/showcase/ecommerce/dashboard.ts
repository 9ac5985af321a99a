// The e-commerce dashboard's figures: a period's sales against the one before, series, statuses, top products.
import { fieldIssue, invalidArgument } from './errors';
import type { DemoProvider } from './provider';
import { ORDER_STATUSES, REVENUE_STATUSES, type Order, type OrderStatus } from './schemas';

/** A period from `from` (included) to `to` (excluded), as ISO instants. */
export interface Period {
  from: string;
  to: string;
}

/** What a period sold. */
export interface PeriodFigures {
  /** Totals of the orders placed in the period that count as revenue (REVENUE_STATUSES), in dollars. */
  revenue: number;
  /** Orders placed in the period, whatever their status. */
  orders: number;
  /** Orders placed in the period that count as revenue. */
  paidOrders: number;
  /** Revenue per paid order (0 without any), in dollars and cents. */
  averageOrderValue: number;
  /** Customers who joined in the period. */
  newCustomers: number;
}

/** One step of a series: the orders placed from `from` (included) to `to` (excluded). */
export interface SeriesPoint extends Period {
  revenue: number;
  orders: number;
}

export interface TopProduct {
  productId: string;
  /** Its name now, or the name its order lines kept once it is deleted. */
  name: string;
  quantity: number;
  revenue: number;
}

export interface EcommerceDashboard {
  period: Period;
  /** The period of the same length just before. */
  previousPeriod: Period;
  current: PeriodFigures;
  previous: PeriodFigures;
  /** One point per day of the period, then per 7 days, from its start (the last one may be shorter). */
  revenueByDay: SeriesPoint[];
  revenueByWeek: SeriesPoint[];
  /** Orders placed in the period, by their status now. */
  ordersByStatus: Record<OrderStatus, number>;
  /** The five products that brought the most revenue in the period (ties by id). */
  topProducts: TopProduct[];
  /** The ten orders placed last in the period, newest first. */
  recentOrders: Order[];
}

type Instant = Date | string | number;

const msOf = (value: Instant) => new Date(value).getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const cents = (dollars: number) => Math.round(dollars * 100);
const counts = (order: Order) => REVENUE_STATUSES.includes(order.status);

/** The relative change from `previous` to `current` (0.25 for +25 %), or null when there was nothing before. */
export const changeOf = (current: number, previous: number): number | null =>
  previous === 0 ? null : (current - previous) / previous;

/** Calendar steps from `from` to `to`: each `days` later on the local calendar, so a day stays a day over DST. */
function steps(fromMs: number, toMs: number, days: number): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (let start = fromMs; start < toMs;) {
    const next = new Date(start);
    next.setDate(next.getDate() + days);
    const end = Math.min(next.getTime(), toMs);
    points.push({ from: iso(start), to: iso(end), revenue: 0, orders: 0 });
    start = end;
  }
  return points;
}

/** Adds each order to the step it was placed in (steps are in order, orders need not be). */
function fill(points: SeriesPoint[], orders: readonly Order[]): SeriesPoint[] {
  const starts = points.map((point) => msOf(point.from));
  const revenue = points.map(() => 0);
  for (const order of orders) {
    const placed = msOf(order.placedAt);
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid] <= placed) low = mid;
      else high = mid - 1;
    }
    points[low].orders++;
    if (counts(order)) revenue[low] += cents(order.total);
  }
  return points.map((point, i) => ({ ...point, revenue: revenue[i] / 100 }));
}

function figures(orders: readonly Order[], newCustomers: number): PeriodFigures {
  const paid = orders.filter(counts);
  const revenue = paid.reduce((sum, order) => sum + cents(order.total), 0);
  return {
    revenue: revenue / 100,
    orders: orders.length,
    paidOrders: paid.length,
    averageOrderValue: paid.length === 0 ? 0 : Math.round(revenue / paid.length) / 100,
    newCustomers,
  };
}

/**
 * The dashboard's figures for the period from `from` (included) to `to` (excluded), compared with the period of
 * the same length just before it. Orders belong to the period they were placed in. Steps of the series start at
 * `from`: give a local midnight for days (and a Monday's for weeks). A period that ends before it starts is
 * refused (invalid-argument).
 */
export function dashboardData(
  provider: Pick<DemoProvider, 'all'>,
  { from, to }: { from: Instant; to: Instant },
): EcommerceDashboard {
  const [fromMs, toMs] = [msOf(from), msOf(to)];
  if (Number.isNaN(fromMs)) throw invalidArgument([fieldIssue('from', 'validation.date')]);
  if (Number.isNaN(toMs)) throw invalidArgument([fieldIssue('to', 'validation.date')]);
  if (toMs <= fromMs) throw invalidArgument([fieldIssue('to', 'validation.endBeforeStart')]);
  const previousFromMs = fromMs - (toMs - fromMs);

  const orders = provider.all('orders');
  const customers = provider.all('customers');
  const placedIn = (startMs: number, endMs: number) =>
    orders.filter((order) => {
      const placed = msOf(order.placedAt);
      return placed >= startMs && placed < endMs;
    });
  const joinedIn = (startMs: number, endMs: number) =>
    customers.filter((customer) => {
      const joined = msOf(customer.createdAt);
      return joined >= startMs && joined < endMs;
    }).length;
  const inPeriod = placedIn(fromMs, toMs);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const order of inPeriod) ordersByStatus[order.status]++;

  const products = new Map(provider.all('products').map((product) => [product.id, product.name]));
  const sold = new Map<string, TopProduct & { cents: number }>();
  for (const order of inPeriod.filter(counts)) {
    for (const line of order.lines) {
      const entry = sold.get(line.productId) ?? {
        productId: line.productId,
        name: line.productName,
        quantity: 0,
        revenue: 0,
        cents: 0,
      };
      entry.quantity += line.quantity;
      entry.cents += cents(line.unitPrice) * line.quantity;
      sold.set(line.productId, entry);
    }
  }
  const topProducts = [...sold.values()]
    .sort((a, b) => b.cents - a.cents || (a.productId < b.productId ? -1 : 1))
    .slice(0, 5)
    .map(({ cents: total, ...entry }) => ({
      ...entry,
      name: products.get(entry.productId) ?? entry.name,
      revenue: total / 100,
    }));

  const recentOrders = [...inPeriod]
    .sort((a, b) => (a.placedAt === b.placedAt ? (a.id < b.id ? 1 : -1) : a.placedAt < b.placedAt ? 1 : -1))
    .slice(0, 10);

  return {
    period: { from: iso(fromMs), to: iso(toMs) },
    previousPeriod: { from: iso(previousFromMs), to: iso(fromMs) },
    current: figures(inPeriod, joinedIn(fromMs, toMs)),
    previous: figures(placedIn(previousFromMs, fromMs), joinedIn(previousFromMs, fromMs)),
    revenueByDay: fill(steps(fromMs, toMs, 1), inPeriod),
    revenueByWeek: fill(steps(fromMs, toMs, 7), inPeriod),
    ordersByStatus,
    topProducts,
    recentOrders,
  };
}
