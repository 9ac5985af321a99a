// The e-commerce sample's orders: by customers who had joined, at shops open then, of what they sold, with histories.
import type { Random } from './random';
import {
  DAY_MS,
  DEMO_ACTOR,
  DEMO_COUNTS,
  demoId,
  HOUR_MS,
  iso,
  MINUTE_MS,
  seconds,
  shopTimes,
  type DemoData,
  type Draw,
} from './sampleRecords';
import type { OrderLine, OrderStatus, OrderStatusEvent, StoredOrder, StoredProduct, StoredShop } from './schemas';
import { LINE_COUNTS, ORDER_PATHS, QUANTITIES } from './seedData';

/** How many values of `sorted` (ascending) are at most `limit`. */
function countAtMost(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How long after `from` an order reaches `to`. */
function delayOf(random: Random, from: OrderStatus, to: OrderStatus): number {
  switch (to) {
    case 'Paid':
      // Most pay by card at once; a quarter by transfer, days later.
      return random.chance(0.25) ? (1 + random.next() * 5) * DAY_MS : 2 * MINUTE_MS + random.next() * 6 * HOUR_MS;
    case 'Shipped':
      return (0.5 + random.next() * 2.5) * DAY_MS;
    case 'Delivered':
      return (1 + random.next() * 6) * DAY_MS;
    case 'Cancelled':
      return from === 'Pending' ? HOUR_MS + random.next() * 2 * DAY_MS : (0.5 + random.next() * 1.5) * DAY_MS;
    default:
      return (1 + random.next() * 19) * DAY_MS;
  }
}

/**
 * An order's history: placed (Pending), then the steps of its path, each after the one before, cut at `now`. The
 * customer places the order, pays it and may cancel it unpaid; the shop's `staff` does the rest.
 */
function historyOf(
  random: Random,
  placedMs: number,
  placedAt: string,
  nowMs: number,
  people: { customer: string; staff: string },
): OrderStatusEvent[] {
  const history: OrderStatusEvent[] = [{ status: 'Pending', at: placedAt, by: people.customer }];
  let atMs = placedMs;
  for (const status of random.weighted(ORDER_PATHS)) {
    const from = history[history.length - 1].status;
    atMs = seconds(atMs + delayOf(random, from, status));
    if (atMs > nowMs) break;
    const byCustomer = status === 'Paid' || (status === 'Cancelled' && from === 'Pending');
    history.push({ status, at: iso(atMs), by: byCustomer ? people.customer : people.staff });
  }
  return history;
}

/** A product a shop sells, from when to when (an Archived product until it was retired). */
interface Offer {
  product: StoredProduct;
  from: number;
  until: number;
}

/** What each shop sells (its products but drafts), and from when to when. */
const offersOf = (shops: readonly StoredShop[], products: readonly StoredProduct[]): Offer[][] =>
  shops.map((shop) =>
    products
      .filter((product) => product.shopId === shop.id && product.status !== 'Draft')
      .map((product) => ({
        product,
        from: Date.parse(product.createdAt),
        until: product.status === 'Archived' ? Date.parse(product.updatedAt) : Infinity,
      })),
  );

const onSale = (offer: Offer, atMs: number) => offer.from <= atMs && atMs < offer.until;

/** An order's lines: distinct products, the first draws of a shuffle of what the shop had on sale then. */
function linesOf(random: Random, offers: readonly Offer[], placedMs: number): OrderLine[] {
  const choice = offers.filter((offer) => onSale(offer, placedMs));
  const lines: OrderLine[] = [];
  for (let k = 0, count = Math.min(choice.length, random.weighted(LINE_COUNTS)); k < count; k++) {
    const j = random.int(k, choice.length - 1);
    const drawn = choice[j];
    choice[j] = choice[k];
    choice[k] = drawn;
    const { product } = drawn;
    const quantity = random.weighted(QUANTITIES);
    lines.push({
      productId: product.id,
      productName: product.name,
      quantity: quantity === 'more' ? random.int(4, 6) : quantity,
      unitPrice: product.price,
    });
  }
  return lines;
}

/** Orders, numbered by when they were placed: half spread evenly over the year, half more and more towards now. */
export function generateOrders(
  { random, nowMs, yearAgo }: Draw,
  { shops, sellers, products, customers }: Omit<DemoData, 'orders'>,
): StoredOrder[] {
  const { closed } = shopTimes(shops);
  const offers = offersOf(shops, products);
  const joined = customers.map((customer) => Date.parse(customer.createdAt));
  const placed = Array.from({ length: DEMO_COUNTS.orders }, () => {
    const share = random.chance(0.5) ? random.next() : Math.sqrt(random.next());
    return Math.max(seconds(yearAgo + share * 365 * DAY_MS), joined[0]);
  }).sort((a, b) => a - b);
  /** Could the shop take an order then: open, with something on sale. */
  const sells = (s: number, atMs: number) => {
    if (closed[s] <= atMs) return false;
    for (let k = 0; k < offers[s].length; k++) if (onSale(offers[s][k], atMs)) return true;
    return false;
  };
  /** Who handles each shop's orders: its owner, or its first seller when it has none. */
  const staffOf = shops.map((shop) => {
    const own = sellers.filter((seller) => seller.shopId === shop.id);
    return (own.find((seller) => seller.id === shop.ownerSellerId) ?? own[0]).name;
  });
  return placed.map((placedMs, i) => {
    const customer = customers[random.int(0, countAtMost(joined, placedMs) - 1)];
    // A shop drawn at random, or the next one that could sell then (the first shop always can).
    let s = random.int(0, shops.length - 1);
    while (!sells(s, placedMs)) s = (s + 1) % shops.length;
    const lines = linesOf(random, offers[s], placedMs);
    const placedAt = iso(placedMs);
    const history = historyOf(random, placedMs, placedAt, nowMs, {
      customer: `${customer.firstName} ${customer.lastName}`,
      staff: staffOf[s],
    });
    const last = history[history.length - 1];
    return {
      id: demoId('orders', i),
      version: history.length,
      createdAt: placedAt,
      createdBy: DEMO_ACTOR,
      updatedAt: last.at,
      updatedBy: DEMO_ACTOR,
      customerId: customer.id,
      shopId: shops[s].id,
      status: last.status,
      lines,
      placedAt,
      statusHistory: history,
    };
  });
}
