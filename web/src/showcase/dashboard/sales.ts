// Sales figures the dashboard and the chart examples draw, from the sample's records and its dashboard sums.
import { dashboardData, type SeriesPoint } from '../ecommerce/dashboard';
import type { DemoProvider } from '../ecommerce/provider';
import {
  PRODUCT_CATEGORIES,
  REVENUE_STATUSES,
  type Order,
  type ProductCategory,
  type Province,
} from '../ecommerce/schemas';

type Records = Pick<DemoProvider, 'all'>;

/** One calendar month's sums: the dashboard's figures for it. */
export interface MonthPoint extends SeriesPoint {
  averageOrderValue: number;
}

/** The local midnight starting each calendar month from `from`'s up to `to` (excluded). */
export function monthStarts(from: Date, to: Date): Date[] {
  const starts: Date[] = [];
  for (let month = new Date(from.getFullYear(), from.getMonth(), 1); month < to;) {
    starts.push(month);
    month = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  }
  return starts;
}

/**
 * One point per calendar month from `from` to `to`, the first and last cut at them: each is `dashboardData` of its
 * month, so the sums read exactly as the dashboard's.
 */
export function monthlySeries(provider: Records, from: Date, to: Date): MonthPoint[] {
  return monthStarts(from, to).map((start) => {
    const next = new Date(start.getFullYear(), start.getMonth() + 1, 1);
    const span = { from: start < from ? from : start, to: next > to ? to : next };
    const { current } = dashboardData(provider, span);
    return {
      from: span.from.toISOString(),
      to: span.to.toISOString(),
      revenue: current.revenue,
      orders: current.orders,
      averageOrderValue: current.averageOrderValue,
    };
  });
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Orders placed from `from` to `to` that count as revenue. */
function paidOrders(provider: Records, from: Date, to: Date): Order[] {
  const [start, end] = [from.getTime(), to.getTime()];
  return provider.all('orders').filter((order) => {
    const placed = Date.parse(order.placedAt);
    return placed >= start && placed < end && REVENUE_STATUSES.includes(order.status);
  });
}

/** A product category's revenue per month; `null` gathers the lines of products since deleted. */
export interface CategoryMonths {
  category: ProductCategory | null;
  revenue: number[];
}

/** Revenue per product category and calendar month from `from` to `to`, categories in their catalogue order. */
export function categoryRevenueByMonth(
  provider: Records,
  from: Date,
  to: Date,
): { months: Date[]; categories: CategoryMonths[] } {
  const months = monthStarts(from, to);
  const categoryOf = new Map(provider.all('products').map((product) => [product.id, product.category]));
  const sums = new Map<ProductCategory | null, number[]>();
  for (const order of paidOrders(provider, from, to)) {
    const placed = new Date(order.placedAt);
    const month = (placed.getFullYear() - months[0].getFullYear()) * 12 + placed.getMonth() - months[0].getMonth();
    for (const line of order.lines) {
      const category = categoryOf.get(line.productId) ?? null;
      const row = sums.get(category) ?? months.map(() => 0);
      row[month] += cents(line.unitPrice) * line.quantity;
      sums.set(category, row);
    }
  }
  const order: (ProductCategory | null)[] = [...PRODUCT_CATEGORIES, null];
  return {
    months,
    categories: order
      .filter((category) => sums.has(category))
      .map((category) => ({ category, revenue: sums.get(category)!.map((total) => total / 100) })),
  };
}

/** Revenue from `from` to `to` by the customer's province, largest first; `null` for customers since deleted. */
export function provinceRevenue(
  provider: Records,
  from: Date,
  to: Date,
): { province: Province | null; revenue: number }[] {
  const provinceOf = new Map(provider.all('customers').map((customer) => [customer.id, customer.province]));
  const sums = new Map<Province | null, number>();
  for (const order of paidOrders(provider, from, to)) {
    const province = provinceOf.get(order.customerId) ?? null;
    sums.set(province, (sums.get(province) ?? 0) + cents(order.total));
  }
  return [...sums]
    .map(([province, total]) => ({ province, revenue: total / 100 }))
    .sort((a, b) => b.revenue - a.revenue);
}
