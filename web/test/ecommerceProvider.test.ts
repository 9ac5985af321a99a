// Tests of the e-commerce demo's data: the sample, the provider's list and write contract, its session, the dashboard.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validate, type RecordMeta } from '@trialdesk/shared';
import type { CallError } from '../src/core/api/callable';
import { changeOf, dashboardData } from '../src/showcase/ecommerce/dashboard';
import type { SessionStore } from '../src/core/sessionStore';
import { generateDemoData } from '../src/showcase/ecommerce/generate';
import { createDemoProvider, type DemoProvider } from '../src/showcase/ecommerce/provider';
import {
  DEMO_COUNTS,
  ECOMMERCE_RESOURCES,
  type DemoData,
  type EcommerceResource,
} from '../src/showcase/ecommerce/sampleRecords';
import { DEMO_STORAGE_KEY } from '../src/showcase/ecommerce/session';
import {
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  customerCreateSchema,
  ORDER_SORTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderCreateSchema,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  productCreateSchema,
  PROVINCES,
  SELLER_SORTS,
  SELLER_STATUSES,
  sellerCreateSchema,
  shopCreateSchema,
  type Customer,
  type Order,
  type OrderStatus,
  type Product,
  type Seller,
  type StoredCustomer,
  type StoredOrder,
  type StoredProduct,
  type StoredShop,
} from '../src/showcase/ecommerce/schemas';

const SEED = 20_250_615;
const NOW = '2025-06-15T12:00:00.000Z';
/** The time of the tests' writes. */
const WRITE_AT = '2025-06-16T09:00:00.000Z';
const DAY_MS = 86_400_000;

const memoryProvider = () =>
  createDemoProvider({ seed: SEED, now: NOW, storage: null, clock: () => new Date(WRITE_AT), actor: 'tester' });

/** Stands in for the browser's sessionStorage (the node test environment has none): the same three methods. */
class MemoryStorage implements SessionStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** The error a call fails with (the test fails when it succeeds). */
async function refusal(call: Promise<unknown>): Promise<CallError> {
  try {
    await call;
  } catch (error) {
    return error as CallError;
  }
  throw new Error('The call was expected to fail');
}

/** Every record of every resource, to compare before and after a refused call. */
const snapshot = (provider: DemoProvider) => JSON.stringify(ECOMMERCE_RESOURCES.map((r) => provider.all(r)));

/** Lowercase, accents folded: what the text sorts compare. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** The words a search compares: folded, punctuation as spaces. */
const words = (value: string) => fold(value).split(/[^\p{L}\p{N}]+/u);

/** Every page of a list, pageSize 100. */
async function everyPage(provider: DemoProvider, resource: EcommerceResource, request: Record<string, unknown>) {
  const items: { id: string }[] = [];
  for (let page = 1; ; page++) {
    const response = await provider.list(resource, { page, pageSize: 100, ...request } as never);
    items.push(...(response.items as { id: string }[]));
    if (items.length >= response.total) return { items, total: response.total };
  }
}

/** The records whose texts hold a word starting with `key` (one word, folded): what a search should answer. */
const searched = <T>(records: readonly T[], key: string, texts: (record: T) => string[]) =>
  records.filter((record) => texts(record).some((text) => words(text).some((word) => word.startsWith(key))));

/** Checks each item comes after the one before in `sort`'s order, ties broken by id, descending reversed. */
function expectSorted<T extends { id: string }>(items: T[], sort: string, valueOf: (item: T) => string | number) {
  const [, direction] = sort.split(':');
  const compare = (a: T, b: T) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    const byValue = typeof x === 'number' && typeof y === 'number' ? x - y : x < y ? -1 : x > y ? 1 : 0;
    return (byValue || (a.id < b.id ? -1 : 1)) * (direction === 'desc' ? -1 : 1);
  };
  const wrong = items.slice(1).filter((item, i) => compare(items[i], item) > 0);
  expect(wrong).toEqual([]);
}

describe('the sample data', () => {
  const data = generateDemoData({ seed: SEED, now: NOW });
  const byId = <T extends RecordMeta>(records: T[]) => new Map(records.map((record) => [record.id, record]));
  const [shops, sellers, products, customers] = [
    byId(data.shops),
    byId(data.sellers),
    byId(data.products),
    byId(data.customers),
  ];

  it('is the same for the same seed and now, and another for another seed', () => {
    expect(generateDemoData({ seed: SEED, now: new Date(NOW) })).toEqual(data);
    expect(JSON.stringify(generateDemoData({ seed: SEED, now: NOW }))).toBe(JSON.stringify(data));
    const other = generateDemoData({ seed: SEED + 1, now: NOW });
    expect(other.orders.map((o) => o.customerId)).not.toEqual(data.orders.map((o) => o.customerId));
  });

  it('holds 20 shops, 50 sellers, 200 products, 300 customers and 1 000 orders of 1 to 5 lines', () => {
    expect(Object.fromEntries(Object.entries(data).map(([name, records]) => [name, records.length]))).toEqual({
      shops: 20,
      sellers: 50,
      products: 200,
      customers: 300,
      orders: 1_000,
    });
    expect(DEMO_COUNTS).toEqual({ shops: 20, sellers: 50, products: 200, customers: 300, orders: 1_000 });
    expect(data.orders.every((o) => o.lines.length >= 1 && o.lines.length <= 5)).toBe(true);
    for (const [name, records] of Object.entries(data)) {
      expect(new Set((records as RecordMeta[]).map((r) => r.id)).size, name).toBe(records.length);
    }
    expect(new Set(data.products.map((p) => p.sku)).size).toBe(200);
    expect(new Set([...data.sellers, ...data.customers].map((p) => p.email)).size).toBe(350);
  });

  it('passes its own create schemas unchanged (orders with their histories)', () => {
    const fields = (record: object, drop: string[]) =>
      Object.fromEntries(Object.entries(record).filter(([name]) => !drop.includes(name)));
    const meta = ['id', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'];
    const check = (schema: Parameters<typeof validate>[0], records: object[], drop = meta) => {
      for (const record of records) {
        const input = fields(record, drop);
        const result = validate(schema, input);
        expect(result, JSON.stringify(record)).toEqual({ ok: true, value: input });
      }
    };
    check(shopCreateSchema, data.shops);
    check(sellerCreateSchema, data.sellers);
    check(productCreateSchema, data.products);
    check(customerCreateSchema, data.customers);
    const orders = data.orders.map((o) => ({ ...o, lines: o.lines.map(({ productName: _, ...line }) => line) }));
    check(orderCreateSchema, orders);
  });

  it('has every status of each kind', () => {
    expect(new Set(data.orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(data.products.map((p) => p.status))).toEqual(new Set(PRODUCT_STATUSES));
    expect(new Set(data.products.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(data.customers.map((c) => c.status))).toEqual(new Set(['Active', 'Blocked']));
  });

  it('only refers to records that exist, and that existed then', () => {
    for (const seller of data.sellers) expect(shops.has(seller.shopId)).toBe(true);
    for (const shop of data.shops) {
      if (shop.ownerSellerId !== null) expect(sellers.get(shop.ownerSellerId)?.shopId).toBe(shop.id);
    }
    expect(data.shops.filter((shop) => shop.ownerSellerId !== null).length).toBeGreaterThan(10);
    for (const product of data.products) expect(shops.has(product.shopId)).toBe(true);
    for (const order of data.orders) {
      const customer = customers.get(order.customerId)!;
      expect(customer).toBeDefined();
      expect(customer.createdAt <= order.placedAt).toBe(true);
      expect(shops.has(order.shopId)).toBe(true);
      const shop = shops.get(order.shopId)!;
      if (shop.status === 'Closed') expect(order.placedAt < shop.updatedAt).toBe(true);
      for (const line of order.lines) {
        const product = products.get(line.productId)!;
        expect(product.shopId).toBe(order.shopId);
        expect(product.status).not.toBe('Draft');
        expect(product.createdAt <= order.placedAt).toBe(true);
        expect(line.productName).toBe(product.name);
        expect(line.unitPrice).toBe(product.price);
      }
      expect(new Set(order.lines.map((line) => line.productId)).size).toBe(order.lines.length);
    }
  });

  it('places orders over the year before now, with histories that end at their status', () => {
    const yearAgo = new Date(Date.parse(NOW) - 365 * DAY_MS).toISOString();
    const byShop = new Set<string>();
    for (const order of data.orders) {
      expect(order.placedAt >= yearAgo && order.placedAt <= NOW).toBe(true);
      const history = order.statusHistory;
      const customer = customers.get(order.customerId)!;
      const customerName = `${customer.firstName} ${customer.lastName}`;
      // The customer places the order, pays it and may cancel it unpaid; the shop's owner (or first seller) does the rest.
      const staff = data.sellers.filter((seller) => seller.shopId === order.shopId);
      const handler = (staff.find((seller) => seller.id === shops.get(order.shopId)!.ownerSellerId) ?? staff[0]).name;
      expect(history[0]).toEqual({ status: 'Pending', at: order.placedAt, by: customerName });
      history.slice(1).forEach((event, i) => {
        expect(ORDER_TRANSITIONS[history[i].status]).toContain(event.status);
        expect(event.at >= history[i].at).toBe(true);
        const byCustomer = event.status === 'Paid' || (event.status === 'Cancelled' && history[i].status === 'Pending');
        expect(event.by).toBe(byCustomer ? customerName : handler);
        if (!byCustomer) byShop.add(event.by);
      });
      expect(history.at(-1)!.status).toBe(order.status);
      expect(history.at(-1)!.at <= NOW).toBe(true);
      expect(order.updatedAt).toBe(history.at(-1)!.at);
      expect(order.version).toBe(history.length);
    }
    expect(byShop.size).toBeGreaterThan(10);
    // Numbered in the order they were placed.
    const placed = data.orders.map((o) => o.placedAt);
    expect(placed).toEqual([...placed].sort());
    // Months are all represented.
    expect(new Set(placed.map((at) => at.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
  });
});

describe('product lists', () => {
  const provider = memoryProvider();
  const all = provider.all('products');

  it('answers the first page by name, with the total', async () => {
    const response = await provider.list('products', { page: 1, pageSize: 20 });
    expect(response.total).toBe(200);
    expect(response.items).toHaveLength(20);
    expect([response.page, response.pageSize]).toEqual([1, 20]);
    expectSorted(response.items, 'name:asc', (p) => fold(p.name));
    expect(response.items[0].shopName).toBe(provider.all('shops').find((s) => s.id === response.items[0].shopId)!.name);
  });

  it('searches names and SKUs by word prefix, whatever the case and accents', async () => {
    const accented = all.find((p) => p.name.startsWith('Boréal'))!;
    expect(accented).toBeDefined();
    const results = await Promise.all(
      ['boreal', 'BORÉAL', 'Boréal', 'bOrEaL'].map((search) => everyPage(provider, 'products', { search })),
    );
    for (const result of results) expect(result).toEqual(results[0]);
    const found = results[0].items as Product[];
    expect(found.map((p) => p.id)).toContain(accented.id);
    expect(found.every((p) => /(^|\s)boreal/.test(fold(p.name)))).toBe(true);
    expect(results[0].total).toBe(all.filter((p) => /(^|\s)boreal/.test(fold(p.name))).length);

    const second = accented.name.split(' ')[1];
    expect((await everyPage(provider, 'products', { search: second.toUpperCase() })).items.map((p) => p.id)).toContain(
      accented.id,
    );
    // Inside a word finds nothing.
    expect((await provider.list('products', { page: 1, pageSize: 10, search: 'oréal' })).total).toBe(0);

    const bySku = await provider.list('products', { page: 1, pageSize: 10, search: accented.sku.toLowerCase() });
    expect(bySku.items.map((p) => p.id)).toEqual([accented.id]);
  });

  it('filters on category, status and shop, alone and together with a search', async () => {
    for (const category of PRODUCT_CATEGORIES) {
      const { items, total } = await everyPage(provider, 'products', { category });
      expect(total).toBe(all.filter((p) => p.category === category).length);
      expect((items as Product[]).every((p) => p.category === category)).toBe(true);
    }
    let sum = 0;
    for (const status of PRODUCT_STATUSES) {
      const { items, total } = await everyPage(provider, 'products', { status });
      expect((items as Product[]).every((p) => p.status === status)).toBe(true);
      sum += total;
    }
    expect(sum).toBe(200);
    const shopId = all[0].shopId;
    const { items, total } = await everyPage(provider, 'products', { shopId, status: 'Published' });
    expect(total).toBe(all.filter((p) => p.shopId === shopId && p.status === 'Published').length);
    expect((items as Product[]).every((p) => p.shopId === shopId && p.status === 'Published')).toBe(true);
    const word = words(all[0].name)[0];
    const searched = await everyPage(provider, 'products', { shopId, search: word });
    expect(searched.total).toBe(
      all.filter((p) => p.shopId === shopId && words(`${p.name} ${p.sku}`).some((w) => w.startsWith(word))).length,
    );
  });

  it('sorts by each allowed sort, both ways, ties broken by id', async () => {
    const values: Record<string, (p: Product) => string | number> = {
      name: (p) => fold(p.name),
      price: (p) => p.price,
      stock: (p) => p.stock,
      createdAt: (p) => p.createdAt,
    };
    const orders: Record<string, string[]> = {};
    for (const sort of PRODUCT_SORTS) {
      const { items, total } = await everyPage(provider, 'products', { sort });
      expect(total).toBe(200);
      expectSorted(items as Product[], sort, values[sort.split(':')[0]]);
      orders[sort] = items.map((p) => p.id);
    }
    for (const field of Object.keys(values)) {
      expect(orders[`${field}:desc`]).toEqual([...orders[`${field}:asc`]].reverse());
    }
    // Prices tie (they end in .99): the ties come in id order.
    const prices = all.map((p) => p.price);
    expect(new Set(prices).size).toBeLessThan(prices.length);
  });

  it('pages through every record once, and answers no items past the end', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map((page) => provider.list('products', { page, pageSize: 50, sort: 'price:asc' })),
    );
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 50, 50, 0]);
    expect(pages.every((p) => p.total === 200)).toBe(true);
    const ids = pages.flatMap((p) => p.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(200);
    expect(ids).toEqual((await everyPage(provider, 'products', { sort: 'price:asc' })).items.map((p) => p.id));
    const last = await provider.list('products', { page: 2, pageSize: 100 });
    expect(last.items).toHaveLength(100);
    const beyond = await provider.list('products', { page: 3, pageSize: 100 });
    expect(beyond).toEqual({ items: [], total: 200, page: 3, pageSize: 100 });
    const filtered = await provider.list('products', { page: 1, pageSize: 10, status: 'Draft' });
    expect(filtered.items.length).toBe(Math.min(10, filtered.total));
  });

  it('refuses a bad request with the fields at fault, changing nothing', async () => {
    const before = snapshot(provider);
    const cases: [unknown, { path: string; key: string }[]][] = [
      [{ page: 1, pageSize: 7 }, [{ path: 'pageSize', key: 'validation.oneOf' }]],
      [{ page: 0, pageSize: 10 }, [{ path: 'page', key: 'validation.min' }]],
      [{ pageSize: 10 }, [{ path: 'page', key: 'validation.required' }]],
      [{ page: 1, pageSize: 10, sort: 'colour:asc' }, [{ path: 'sort', key: 'validation.oneOf' }]],
      [{ page: 1, pageSize: 10, category: 'Food' }, [{ path: 'category', key: 'validation.oneOf' }]],
      [{ page: 1, pageSize: 10, colour: 'red' }, [{ path: 'colour', key: 'validation.unknownField' }]],
      [{ page: 1, pageSize: 10, search: 'x'.repeat(101) }, [{ path: 'search', key: 'validation.maxLength' }]],
      [{ page: '1', pageSize: 10 }, [{ path: 'page', key: 'validation.type' }]],
      [null, [{ path: '', key: 'validation.type' }]],
      [
        JSON.parse('{"page":1,"pageSize":10,"__proto__":{"x":1}}'),
        [{ path: '__proto__', key: 'validation.forbiddenKey' }],
      ],
    ];
    for (const [request, issues] of cases) {
      const error = await refusal(provider.list('products', request as never));
      expect(error).toMatchObject({ code: 'invalid-argument', key: 'errors.invalidArgument' });
      expect(
        error.issues!.map(({ path, key }) => ({ path, key })),
        JSON.stringify(request),
      ).toEqual(issues);
      expect(error.issues!.every((issue) => typeof issue.message === 'string' && issue.message.length > 0)).toBe(true);
    }
    expect(snapshot(provider)).toBe(before);
  });
});

describe('order lists', () => {
  const provider = memoryProvider();
  const all = provider.all('orders');

  it('answers the latest orders first, with totals, item counts and names', async () => {
    const response = await provider.list('orders', { page: 1, pageSize: 10 });
    expect(response.total).toBe(1_000);
    expectSorted(response.items, 'placedAt:desc', (o) => o.placedAt);
    const order = response.items[0];
    const cents = order.lines.reduce((sum, line) => sum + Math.round(line.unitPrice * 100) * line.quantity, 0);
    expect(order.total).toBe(cents / 100);
    expect(order.itemCount).toBe(order.lines.reduce((sum, line) => sum + line.quantity, 0));
    const customer = provider.all('customers').find((c) => c.id === order.customerId)!;
    expect(order.customerName).toBe(`${customer.firstName} ${customer.lastName}`);
    expect(order.shopName).toBe(provider.all('shops').find((s) => s.id === order.shopId)!.name);
  });

  it('searches the number, the customer and the shop, whatever the case and accents', async () => {
    expect((await provider.list('orders', { page: 1, pageSize: 10, search: '100123' })).items.map((o) => o.id)).toEqual(
      ['order-100123'],
    );
    const accented = all.find((o) => /[éèëô]/.test(o.customerName!))!;
    expect(accented).toBeDefined();
    const name = accented.customerName!;
    const plain = fold(name).toUpperCase();
    const [exact, folded] = await Promise.all([
      everyPage(provider, 'orders', { search: name }),
      everyPage(provider, 'orders', { search: plain }),
    ]);
    expect(folded).toEqual(exact);
    const found = exact.items as Order[];
    expect(found.map((o) => o.id)).toEqual(
      expect.arrayContaining(all.filter((o) => o.customerName === name).map((o) => o.id)),
    );
    const key = fold(name);
    expect(
      found.every((o) => [o.customerName!, o.shopName!].some((text) => ` ${fold(text)}`.includes(` ${key}`))),
    ).toBe(true);
    const shop = provider.all('shops').find((s) => s.name.startsWith('Épicerie'))!;
    const byShop = await everyPage(provider, 'orders', { search: 'epicerie fine' });
    expect(byShop.total).toBe(all.filter((o) => o.shopId === shop.id).length);
  });

  it('filters on status, customer, shop, product and period', async () => {
    let sum = 0;
    for (const status of ORDER_STATUSES) {
      const { items, total } = await everyPage(provider, 'orders', { status });
      expect((items as Order[]).every((o) => o.status === status)).toBe(true);
      expect(total).toBe(all.filter((o) => o.status === status).length);
      sum += total;
    }
    expect(sum).toBe(1_000);
    const sample = all[500];
    const checks: [Record<string, unknown>, (o: Order) => boolean][] = [
      [{ customerId: sample.customerId }, (o) => o.customerId === sample.customerId],
      [{ shopId: sample.shopId }, (o) => o.shopId === sample.shopId],
      [{ productId: sample.lines[0].productId }, (o) => o.lines.some((l) => l.productId === sample.lines[0].productId)],
      [{ from: all[600].placedAt }, (o) => o.placedAt >= all[600].placedAt],
      [{ to: all[300].placedAt }, (o) => o.placedAt <= all[300].placedAt],
      [
        { from: all[300].placedAt, to: all[600].placedAt, status: 'Delivered' },
        (o) => o.placedAt >= all[300].placedAt && o.placedAt <= all[600].placedAt && o.status === 'Delivered',
      ],
    ];
    for (const [filter, keep] of checks) {
      const { items, total } = await everyPage(provider, 'orders', filter);
      const expected = all.filter(keep).map((o) => o.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(total).toBe(expected.length);
      expect(new Set(items.map((o) => o.id))).toEqual(new Set(expected));
    }
    // The period's bounds are included; an instant with an offset reads as the same instant.
    const sameInstant = new Date(Date.parse(sample.placedAt) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const exact = await everyPage(provider, 'orders', { from: sample.placedAt, to: sameInstant });
    expect(exact.items.map((o) => o.id)).toEqual(all.filter((o) => o.placedAt === sample.placedAt).map((o) => o.id));
  });

  it('sorts by each allowed sort, both ways, ties broken by id', async () => {
    const values: Record<string, (o: Order) => string | number> = {
      placedAt: (o) => o.placedAt,
      total: (o) => o.total,
      customerName: (o) => fold(o.customerName ?? ''),
    };
    const lists: Record<string, string[]> = {};
    for (const sort of ORDER_SORTS) {
      const { items } = await everyPage(provider, 'orders', { sort });
      expectSorted(items as Order[], sort, values[sort.split(':')[0]]);
      lists[sort] = items.map((o) => o.id);
    }
    for (const field of Object.keys(values)) {
      expect(lists[`${field}:desc`]).toEqual([...lists[`${field}:asc`]].reverse());
    }
  });

  it('pages to the end and past it', async () => {
    const last = await provider.list('orders', { page: 10, pageSize: 100, sort: 'placedAt:asc' });
    expect(last.items).toHaveLength(100);
    expect(last.items.at(-1)!.id).toBe('order-101000');
    expect(await provider.list('orders', { page: 11, pageSize: 100 })).toEqual({
      items: [],
      total: 1_000,
      page: 11,
      pageSize: 100,
    });
    const few = await provider.list('orders', { page: 1, pageSize: 10, customerId: all[0].customerId });
    const count = all.filter((o) => o.customerId === all[0].customerId).length;
    expect([few.total, few.items.length]).toEqual([count, Math.min(count, 10)]);
  });

  it('refuses a period that ends before it starts, and unknown values', async () => {
    const before = snapshot(provider);
    const error = await refusal(
      provider.list('orders', { page: 1, pageSize: 10, from: '2025-05-02T00:00:00Z', to: '2025-05-01T00:00:00Z' }),
    );
    expect(error).toMatchObject({
      code: 'invalid-argument',
      issues: [{ path: 'to', key: 'validation.endBeforeStart' }],
    });
    const bad = await refusal(
      provider.list('orders', { page: 1, pageSize: 10, status: 'Lost', from: 'yesterday', customerId: 'a/b' } as never),
    );
    expect(bad.issues!.map(({ path, key }) => [path, key]).sort()).toEqual([
      ['customerId', 'validation.id'],
      ['from', 'validation.date'],
      ['status', 'validation.oneOf'],
    ]);
    expect(snapshot(provider)).toBe(before);
  });
});

describe('seller lists', () => {
  const provider = memoryProvider();
  const all = provider.all('sellers');
  const texts = (s: Seller) => [s.name, s.email];

  it('answers the first page by name, with the total and shop names', async () => {
    const response = await provider.list('sellers', { page: 1, pageSize: 20 });
    expect([response.total, response.items.length, response.page, response.pageSize]).toEqual([50, 20, 1, 20]);
    expectSorted(response.items, 'name:asc', (s) => fold(s.name));
    const seller = response.items[0];
    expect(seller.shopName).toBe(provider.all('shops').find((s) => s.id === seller.shopId)!.name);
  });

  it('searches names and emails by word prefix, whatever the case and accents', async () => {
    const seller = all.find((s) => /[éèëô]/.test(s.name)) ?? all[0];
    const first = words(seller.name)[0];
    const [plain, shouted] = await Promise.all([
      everyPage(provider, 'sellers', { search: first }),
      everyPage(provider, 'sellers', { search: seller.name.split(' ')[0].toUpperCase() }),
    ]);
    expect(shouted).toEqual(plain);
    const expected = searched(all, first, texts).map((s) => s.id);
    expect(plain.total).toBe(expected.length);
    expect(new Set(plain.items.map((s) => s.id))).toEqual(new Set(expected));
    expect(expected).toContain(seller.id);

    const domain = seller.email.split('@')[1].split('.')[0];
    const byEmail = await everyPage(provider, 'sellers', { search: domain });
    expect(byEmail.total).toBe(searched(all, domain, texts).length);
    expect(byEmail.items.map((s) => s.id)).toContain(seller.id);
    expect((await provider.list('sellers', { page: 1, pageSize: 10, search: seller.email })).items[0].id).toBe(
      seller.id,
    );
    // A word no seller's starts with finds nothing.
    expect((await provider.list('sellers', { page: 1, pageSize: 10, search: 'zzzq' })).total).toBe(0);
  });

  it('filters on status and shop, alone and together with a search', async () => {
    let sum = 0;
    for (const status of SELLER_STATUSES) {
      const { items, total } = await everyPage(provider, 'sellers', { status });
      expect((items as Seller[]).every((s) => s.status === status)).toBe(true);
      expect(total).toBe(all.filter((s) => s.status === status).length);
      sum += total;
    }
    expect(sum).toBe(50);
    const shopId = all[0].shopId;
    const byShop = await everyPage(provider, 'sellers', { shopId });
    expect(new Set(byShop.items.map((s) => s.id))).toEqual(
      new Set(all.filter((s) => s.shopId === shopId).map((s) => s.id)),
    );
    const both = await everyPage(provider, 'sellers', { shopId, status: 'Active' });
    expect(both.total).toBe(all.filter((s) => s.shopId === shopId && s.status === 'Active').length);
    const word = words(all[0].name)[0];
    const withSearch = await everyPage(provider, 'sellers', { shopId, search: word });
    expect(withSearch.total).toBe(
      searched(
        all.filter((s) => s.shopId === shopId),
        word,
        texts,
      ).length,
    );
    expect(withSearch.total).toBeGreaterThan(0);
  });

  it('sorts by each allowed sort, both ways, ties broken by id', async () => {
    const values: Record<string, (s: Seller) => string | number> = {
      name: (s) => fold(s.name),
      rating: (s) => s.rating,
      createdAt: (s) => s.createdAt,
    };
    const lists: Record<string, string[]> = {};
    for (const sort of SELLER_SORTS) {
      const { items, total } = await everyPage(provider, 'sellers', { sort });
      expect(total).toBe(50);
      expectSorted(items as Seller[], sort, values[sort.split(':')[0]]);
      lists[sort] = items.map((s) => s.id);
    }
    for (const field of Object.keys(values)) {
      expect(lists[`${field}:desc`]).toEqual([...lists[`${field}:asc`]].reverse());
    }
    // Ratings tie (one decimal between 3 and 5): the ties come in id order.
    expect(new Set(all.map((s) => s.rating)).size).toBeLessThan(all.length);
  });

  it('pages through every record once, and answers no items past the end', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => provider.list('sellers', { page, pageSize: 20, sort: 'rating:desc' })),
    );
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 10]);
    expect(pages.every((p) => p.total === 50)).toBe(true);
    const ids = pages.flatMap((p) => p.items.map((s) => s.id));
    expect(ids).toEqual((await everyPage(provider, 'sellers', { sort: 'rating:desc' })).items.map((s) => s.id));
    expect(await provider.list('sellers', { page: 4, pageSize: 20 })).toEqual({
      items: [],
      total: 50,
      page: 4,
      pageSize: 20,
    });
  });

  it('refuses unknown filter values and sorts', async () => {
    const error = await refusal(
      provider.list('sellers', { page: 1, pageSize: 10, status: 'Blocked', shopId: 'a/b', sort: 'price:asc' } as never),
    );
    expect(error.issues!.map(({ path, key }) => [path, key]).sort()).toEqual([
      ['shopId', 'validation.id'],
      ['sort', 'validation.oneOf'],
      ['status', 'validation.oneOf'],
    ]);
  });
});

describe('customer lists', () => {
  const provider = memoryProvider();
  const all = provider.all('customers');
  const texts = (c: Customer) => [`${c.firstName} ${c.lastName}`, c.email, c.city];
  const byName = (c: Customer) => fold(`${c.lastName} ${c.firstName}`);

  it('answers the first page by last name, then first name, with the total', async () => {
    const response = await provider.list('customers', { page: 1, pageSize: 50 });
    expect([response.total, response.items.length]).toEqual([300, 50]);
    expectSorted(response.items, 'lastName:asc', byName);
  });

  it('searches the name, the email and the city by word prefix, whatever the case and accents', async () => {
    const accented = all.find((c) => /[éèëô]/.test(c.firstName + c.lastName))!;
    expect(accented).toBeDefined();
    const name = `${accented.firstName} ${accented.lastName}`;
    const [exact, folded] = await Promise.all([
      everyPage(provider, 'customers', { search: name }),
      everyPage(provider, 'customers', { search: fold(name).toUpperCase() }),
    ]);
    expect(folded).toEqual(exact);
    expect(exact.items.map((c) => c.id)).toContain(accented.id);

    for (const key of [words(accented.lastName)[0], words(accented.email)[0], words(accented.city)[0]]) {
      const { items, total } = await everyPage(provider, 'customers', { search: key });
      const expected = searched(all, key, texts).map((c) => c.id);
      expect(total).toBe(expected.length);
      expect(new Set(items.map((c) => c.id))).toEqual(new Set(expected));
      expect(expected).toContain(accented.id);
    }
  });

  it('filters on status and province, alone and together with a search', async () => {
    let sum = 0;
    for (const status of CUSTOMER_STATUSES) {
      const { items, total } = await everyPage(provider, 'customers', { status });
      expect((items as Customer[]).every((c) => c.status === status)).toBe(true);
      expect(total).toBe(all.filter((c) => c.status === status).length);
      sum += total;
    }
    expect(sum).toBe(300);
    sum = 0;
    for (const province of PROVINCES) {
      const { items, total } = await everyPage(provider, 'customers', { province });
      expect((items as Customer[]).every((c) => c.province === province)).toBe(true);
      expect(total).toBe(all.filter((c) => c.province === province).length);
      sum += total;
    }
    expect(sum).toBe(300);
    const quebec = all.filter((c) => c.province === 'QC');
    expect(quebec.length).toBeGreaterThan(0);
    const city = words(quebec[0].city)[0];
    const both = await everyPage(provider, 'customers', { province: 'QC', status: 'Active', search: city });
    const expected = searched(
      quebec.filter((c) => c.status === 'Active'),
      city,
      texts,
    );
    expect(both.total).toBe(expected.length);
    expect(new Set(both.items.map((c) => c.id))).toEqual(new Set(expected.map((c) => c.id)));
  });

  it('sorts by each allowed sort, both ways, ties broken by id', async () => {
    const values: Record<string, (c: Customer) => string | number> = {
      lastName: byName,
      email: (c) => fold(c.email),
      createdAt: (c) => c.createdAt,
    };
    const lists: Record<string, string[]> = {};
    for (const sort of CUSTOMER_SORTS) {
      const { items, total } = await everyPage(provider, 'customers', { sort });
      expect(total).toBe(300);
      expectSorted(items as Customer[], sort, values[sort.split(':')[0]]);
      lists[sort] = items.map((c) => c.id);
    }
    for (const field of Object.keys(values)) {
      expect(lists[`${field}:desc`]).toEqual([...lists[`${field}:asc`]].reverse());
    }
  });

  it('pages through every record once, and answers no items past the end', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => provider.list('customers', { page, pageSize: 100, sort: 'email:asc' })),
    );
    expect(pages.map((p) => p.items.length)).toEqual([100, 100, 100, 0]);
    expect(pages.every((p) => p.total === 300)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.items.map((c) => c.id))).size).toBe(300);
    const few = await provider.list('customers', { page: 1, pageSize: 10, province: 'PE' });
    const count = all.filter((c) => c.province === 'PE').length;
    expect([few.total, few.items.length]).toEqual([count, Math.min(count, 10)]);
  });

  it('refuses unknown filter values and sorts', async () => {
    const error = await refusal(
      provider.list('customers', { page: 1, pageSize: 10, province: 'ZZ', status: 'Gone', sort: 'city:asc' } as never),
    );
    expect(error.issues!.map(({ path, key }) => [path, key]).sort()).toEqual([
      ['province', 'validation.oneOf'],
      ['sort', 'validation.oneOf'],
      ['status', 'validation.oneOf'],
    ]);
  });
});

describe('writes', () => {
  const newProduct = {
    name: '  Érable Cutting Board ',
    sku: 'kit-0042',
    category: 'Kitchen',
    price: 34.5,
    shopId: 'shop-01',
  } as const;

  it('creates a record at version 1 with its defaults and stamps', async () => {
    const provider = memoryProvider();
    const created = await provider.create('products', newProduct);
    expect(created).toEqual({
      id: 'product-0201',
      version: 1,
      createdAt: WRITE_AT,
      createdBy: 'tester',
      updatedAt: WRITE_AT,
      updatedBy: 'tester',
      name: 'Érable Cutting Board',
      sku: 'KIT-0042',
      category: 'Kitchen',
      price: 34.5,
      stock: 0,
      status: 'Draft',
      shopId: 'shop-01',
      description: '',
      shopName: provider.all('shops')[0].name,
    });
    expect(await provider.get('products', created.id)).toEqual(created);
    const found = await provider.list('products', { page: 1, pageSize: 10, search: 'erable' });
    expect(found.items.map((p) => p.id)).toEqual(['product-0201']);
    expect((await provider.list('products', { page: 1, pageSize: 10 })).total).toBe(201);
    expect((await provider.create('products', { ...newProduct, sku: 'KIT-0043' })).id).toBe('product-0202');
  });

  it('refuses invalid data with each field at fault, changing nothing (not even the next id)', async () => {
    const provider = memoryProvider();
    const before = snapshot(provider);
    const cases: [Record<string, unknown>, [string, string][]][] = [
      [{ ...newProduct, name: '   ' }, [['name', 'validation.required']]],
      [{ ...newProduct, sku: 'AB-12' }, [['sku', 'validation.invalid']]],
      [{ ...newProduct, price: 0 }, [['price', 'validation.min']]],
      [{ ...newProduct, price: 1.005 }, [['price', 'validation.invalid']]],
      [{ ...newProduct, stock: -1 }, [['stock', 'validation.min']]],
      [{ ...newProduct, stock: 1.5 }, [['stock', 'validation.integer']]],
      [
        { ...newProduct, category: 'Food', status: 'Sold' },
        [
          ['category', 'validation.oneOf'],
          ['status', 'validation.oneOf'],
        ],
      ],
      [{ ...newProduct, colour: 'red' }, [['colour', 'validation.unknownField']]],
      [{ ...newProduct, shopId: 'shop-99' }, [['shopId', 'validation.id']]],
      [{ ...newProduct, name: 'a\u202Eb' }, [['name', 'validation.bidiCharacters']]],
    ];
    for (const [data, issues] of cases) {
      const error = await refusal(provider.create('products', data as never));
      expect(error.code).toBe('invalid-argument');
      expect(
        error.issues!.map(({ path, key }) => [path, key]),
        JSON.stringify(data),
      ).toEqual(issues);
    }
    const customer = await refusal(
      provider.create('customers', {
        firstName: 'Zoé',
        lastName: '',
        email: 'zoe@',
        city: 'Laval',
        province: 'QB',
      } as never),
    );
    expect(customer.issues!.map(({ path, key }) => [path, key])).toEqual([
      ['lastName', 'validation.required'],
      ['email', 'validation.email'],
      ['province', 'validation.oneOf'],
    ]);
    const seller = await refusal(
      provider.create('sellers', { name: 'Léa Roy', email: 'lea@example.com', shopId: 'shop-01', rating: 4.25 }),
    );
    expect(seller.issues!.map(({ path, key }) => [path, key])).toEqual([['rating', 'validation.invalid']]);
    expect(snapshot(provider)).toBe(before);
    expect((await provider.create('products', newProduct)).id).toBe('product-0201');
  });

  it('updates only the fields sent, at the version read, and refuses a stale or unknown one', async () => {
    const provider = memoryProvider();
    const product = provider.all('products')[0];
    const before = snapshot(provider);
    const stale = await refusal(
      provider.update('products', { id: product.id, version: product.version + 1, price: 5 }),
    );
    expect(stale).toEqual({ code: 'failed-precondition', key: 'errors.staleVersion' });
    const missing = await refusal(provider.update('products', { id: 'product-9999', version: 1, price: 5 }));
    expect(missing).toEqual({ code: 'not-found', key: 'errors.notFound' });
    const invalid = await refusal(provider.update('products', { id: product.id, version: product.version, price: -5 }));
    expect(invalid.issues!.map(({ path, key }) => [path, key])).toEqual([['price', 'validation.min']]);
    const noVersion = await refusal(provider.update('products', { id: product.id, price: 5 } as never));
    expect(noVersion.issues!.map(({ path, key }) => [path, key])).toEqual([['version', 'validation.required']]);
    expect(snapshot(provider)).toBe(before);

    const updated = await provider.update('products', { id: product.id, version: product.version, price: 12.5 });
    expect(updated).toEqual({
      ...product,
      price: 12.5,
      version: product.version + 1,
      updatedAt: WRITE_AT,
      updatedBy: 'tester',
    });
    // The version read before is stale now.
    expect(await refusal(provider.update('products', { id: product.id, version: product.version, stock: 1 }))).toEqual({
      code: 'failed-precondition',
      key: 'errors.staleVersion',
    });
    // Sending what is stored already writes nothing.
    expect(await provider.update('products', { id: product.id, version: updated.version, price: 12.5 })).toEqual(
      updated,
    );
  });

  it('deletes at the version read; orders keep the deleted product name', async () => {
    const provider = memoryProvider();
    const order = provider.all('orders')[0];
    const productId = order.lines[0].productId;
    const product = provider.all('products').find((p) => p.id === productId)!;
    const before = snapshot(provider);
    expect(await refusal(provider.remove('products', { id: productId, version: product.version + 1 }))).toEqual({
      code: 'failed-precondition',
      key: 'errors.staleVersion',
    });
    const invalid = await refusal(provider.remove('products', { id: productId } as never));
    expect(invalid.issues!.map(({ path, key }) => [path, key])).toEqual([['version', 'validation.required']]);
    expect(snapshot(provider)).toBe(before);

    expect(await provider.remove('products', { id: productId, version: product.version })).toEqual({ id: productId });
    expect(await refusal(provider.get('products', productId))).toEqual({ code: 'not-found', key: 'errors.notFound' });
    expect(await refusal(provider.remove('products', { id: productId, version: product.version }))).toEqual({
      code: 'not-found',
      key: 'errors.notFound',
    });
    expect((await provider.list('products', { page: 1, pageSize: 10 })).total).toBe(199);
    const kept = await provider.get('orders', order.id);
    expect(kept.lines[0]).toEqual(order.lines[0]);
    expect(kept.lines[0].productName).toBe(product.name);
    expect(await provider.list('orders', { page: 1, pageSize: 10, productId })).toMatchObject({
      total: provider.all('orders').filter((o) => o.lines.some((l) => l.productId === productId)).length,
    });
  });

  it('changes an order status along its allowed moves, adding each to its history', async () => {
    const provider = memoryProvider();
    const paid = provider.all('orders').find((o) => o.status === 'Paid')!;
    const shipped = await provider.update('orders', { id: paid.id, version: paid.version, status: 'Shipped' });
    expect(shipped.status).toBe('Shipped');
    expect(shipped.version).toBe(paid.version + 1);
    expect(shipped.statusHistory).toEqual([...paid.statusHistory, { status: 'Shipped', at: WRITE_AT, by: 'tester' }]);
    expect(shipped.lines).toEqual(paid.lines);

    const before = snapshot(provider);
    const backwards = await refusal(
      provider.update('orders', { id: paid.id, version: shipped.version, status: 'Pending' }),
    );
    expect(backwards).toMatchObject({
      code: 'invalid-argument',
      issues: [{ path: 'status', key: 'validation.oneOf' }],
    });
    const lines = await refusal(
      provider.update('orders', { id: paid.id, version: shipped.version, lines: [] } as never),
    );
    expect(lines.issues!.map(({ path, key }) => [path, key])).toEqual([['lines', 'validation.unknownField']]);
    expect(snapshot(provider)).toBe(before);
    // The same status again is no change.
    expect(await provider.update('orders', { id: paid.id, version: shipped.version, status: 'Shipped' })).toEqual(
      shipped,
    );

    const delivered = await provider.update('orders', { id: paid.id, version: shipped.version, status: 'Delivered' });
    expect(delivered.statusHistory.map((e) => e.status)).toEqual([
      ...paid.statusHistory.map((e) => e.status),
      'Shipped',
      'Delivered',
    ]);
    expect((await provider.list('orders', { page: 1, pageSize: 10, status: 'Delivered', search: paid.id })).total).toBe(
      1,
    );
    const all = ORDER_STATUSES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => `${from}>${to}`));
    expect(all).toContain('Delivered>Refunded');
    expect(all).not.toContain('Cancelled>Paid');
  });

  it('stamps a write, and the step an order takes, with the person who made it', async () => {
    const provider = memoryProvider();
    const pending = provider.all('orders').find((o) => o.status === 'Pending')!;
    const paid = await provider.update(
      'orders',
      { id: pending.id, version: pending.version, status: 'Paid' },
      'Ada Admin',
    );
    expect(paid).toMatchObject({ updatedBy: 'Ada Admin', updatedAt: WRITE_AT, createdBy: pending.createdBy });
    expect(paid.statusHistory).toEqual([...pending.statusHistory, { status: 'Paid', at: WRITE_AT, by: 'Ada Admin' }]);
    const shop = await provider.create('shops', { name: 'Atelier Nord', city: 'Gaspé', province: 'QC' }, 'Ada Admin');
    expect([shop.createdBy, shop.updatedBy]).toEqual(['Ada Admin', 'Ada Admin']);
    // Naming nobody, a write is the provider's own.
    const cancelled = await provider.update('orders', { id: paid.id, version: paid.version, status: 'Cancelled' });
    expect(cancelled.statusHistory.at(-1)).toEqual({ status: 'Cancelled', at: WRITE_AT, by: 'tester' });
  });

  it('creates an order with its lines’ product names and a first history step', async () => {
    const provider = memoryProvider();
    const product = provider.all('products').find((p) => p.shopId === 'shop-02' && p.status === 'Published')!;
    const order = await provider.create('orders', {
      customerId: 'customer-0001',
      shopId: 'shop-02',
      lines: [{ productId: product.id, quantity: 3, unitPrice: 10.1 }],
      placedAt: '2025-06-16T10:00:00+02:00',
    });
    expect(order).toMatchObject({
      id: 'order-101001',
      status: 'Pending',
      placedAt: '2025-06-16T08:00:00.000Z',
      statusHistory: [{ status: 'Pending', at: '2025-06-16T08:00:00.000Z', by: 'tester' }],
      lines: [{ productId: product.id, productName: product.name, quantity: 3, unitPrice: 10.1 }],
      total: 30.3,
      itemCount: 3,
    });
    const other = provider.all('products').find((p) => p.shopId !== 'shop-02')!;
    const wrong = await refusal(
      provider.create('orders', {
        customerId: 'customer-9999',
        shopId: 'shop-02',
        lines: [
          { productId: other.id, quantity: 1, unitPrice: 1 },
          { productId: 'product-9999', quantity: 0, unitPrice: 1 },
        ],
        placedAt: '2025-06-16T10:00:00Z',
        status: 'Paid',
        statusHistory: [{ status: 'Pending', at: '2025-06-16T10:00:00Z', by: 'Zoé Roy' }],
      }),
    );
    expect(wrong.issues!.map(({ path, key }) => [path, key])).toEqual([
      ['lines.1.quantity', 'validation.min'],
      ['statusHistory', 'validation.invalid'],
    ]);
    const references = await refusal(
      provider.create('orders', {
        customerId: 'customer-9999',
        shopId: 'shop-02',
        lines: [
          { productId: other.id, quantity: 1, unitPrice: 1 },
          { productId: 'product-9999', quantity: 1, unitPrice: 1 },
        ],
        placedAt: '2025-06-16T10:00:00Z',
      }),
    );
    expect(references.issues!.map(({ path, key }) => [path, key])).toEqual([
      ['customerId', 'validation.id'],
      ['lines.0.productId', 'validation.oneOf'],
      ['lines.1.productId', 'validation.id'],
    ]);
  });

  it('reads names from the records they come from, and null once those are gone', async () => {
    const provider = memoryProvider();
    const order = provider.all('orders')[0];
    const customer = provider.all('customers').find((c) => c.id === order.customerId)!;
    await provider.update('customers', { id: customer.id, version: customer.version, firstName: 'Renée' });
    expect((await provider.get('orders', order.id)).customerName).toBe(`Renée ${customer.lastName}`);
    await provider.remove('customers', { id: customer.id, version: customer.version + 1 });
    expect((await provider.get('orders', order.id)).customerName).toBeNull();

    const shop = provider.all('shops').find((s) => s.ownerSellerId !== null)!;
    expect(shop.ownerName).toBe(provider.all('sellers').find((s) => s.id === shop.ownerSellerId)!.name);
    const stranger = provider.all('sellers').find((s) => s.shopId !== shop.id)!;
    const own = provider
      .all('sellers')
      .filter((s) => s.shopId === shop.id)
      .at(-1)!;
    const refused = await refusal(
      provider.update('shops', { id: shop.id, version: shop.version, ownerSellerId: stranger.id }),
    );
    expect(refused.issues!.map(({ path, key }) => [path, key])).toEqual([['ownerSellerId', 'validation.oneOf']]);
    const unknown = await refusal(
      provider.update('shops', { id: shop.id, version: shop.version, ownerSellerId: 'seller-999' }),
    );
    expect(unknown.issues!.map(({ path, key }) => [path, key])).toEqual([['ownerSellerId', 'validation.id']]);
    const owned = await provider.update('shops', { id: shop.id, version: shop.version, ownerSellerId: own.id });
    expect(owned.ownerName).toBe(own.name);
    const newShop = await refusal(
      provider.create('shops', { name: 'Nouvelle Boutique', city: 'Laval', province: 'QC', ownerSellerId: own.id }),
    );
    expect(newShop.issues!.map(({ path, key }) => [path, key])).toEqual([['ownerSellerId', 'validation.oneOf']]);

    await provider.remove('shops', { id: shop.id, version: owned.version });
    const orphans = await provider.list('products', { page: 1, pageSize: 10, shopId: shop.id });
    expect(orphans.total).toBe(10);
    expect(orphans.items.every((p) => p.shopName === null)).toBe(true);
  });
});

describe('any input', () => {
  it('is answered with a CallError, never a crash, and changes nothing', async () => {
    const provider = memoryProvider();
    const before = snapshot(provider);
    const junk: unknown[] = [
      undefined,
      null,
      42,
      'x',
      [],
      {},
      { page: 1, pageSize: 10, search: 42 },
      { page: 1, pageSize: 10, from: 'not a date', to: '2025-13-45T99:00:00Z' },
      { id: 5, version: 'x' },
      { id: 'product-0001', version: 1, name: { first: 'x' }, lines: 'many', placedAt: 12 },
      { customerId: 'customer-0001', shopId: 'shop-01', lines: [null, 5], placedAt: 'soon', statusHistory: [{}] },
    ];
    for (const resource of ECOMMERCE_RESOURCES) {
      for (const value of junk) {
        const calls = [
          provider.list(resource, value as never),
          provider.create(resource, value as never),
          provider.update(resource, value as never),
          provider.remove(resource, value as never),
          provider.get(resource, value as never),
        ];
        for (const call of calls) {
          const error = await refusal(call);
          expect(['invalid-argument', 'not-found'], `${resource} ${JSON.stringify(value)}`).toContain(error.code);
          expect(error.key).toMatch(/^errors\./);
        }
      }
    }
    for (const resource of ['toString', '__proto__', 'users']) {
      expect(await refusal(provider.list(resource as 'products', { page: 1, pageSize: 10 }))).toMatchObject({
        code: 'invalid-argument',
        issues: [{ path: 'resource', key: 'validation.oneOf' }],
      });
      expect((await refusal(provider.get(resource as never, 'x'))).code).toBe('invalid-argument');
    }
    expect(snapshot(provider)).toBe(before);
  });
});

describe('the session in storage', () => {
  it('keeps the session’s changes and its now across a reload, under one key', async () => {
    const storage = new MemoryStorage();
    const first = createDemoProvider({ seed: SEED, now: NOW, storage, clock: () => new Date(WRITE_AT) });
    expect(storage.items.size).toBe(0);
    const product = await first.create('products', {
      name: 'Tuque Boréale',
      sku: 'APP-0001',
      category: 'Apparel',
      price: 29.99,
      shopId: 'shop-02',
    });
    const paid = first.all('orders').find((o) => o.status === 'Paid')!;
    await first.update('orders', { id: paid.id, version: paid.version, status: 'Cancelled' });
    const customer = first.all('customers')[5];
    await first.remove('customers', { id: customer.id, version: customer.version });
    expect([...storage.items.keys()]).toEqual([DEMO_STORAGE_KEY]);
    // Changes only: far smaller than the records.
    expect(storage.items.get(DEMO_STORAGE_KEY)!.length).toBeLessThan(5_000);

    // A reload a day later: the same records, the same changes.
    const later = new Date(Date.parse(NOW) + DAY_MS);
    const second = createDemoProvider({ seed: SEED, now: later, storage, clock: () => new Date(WRITE_AT) });
    expect(second.now).toBe(NOW);
    expect(snapshot(second)).toBe(snapshot(first));
    expect(await second.get('products', product.id)).toEqual(product);
    expect((await second.get('orders', paid.id)).status).toBe('Cancelled');
    expect(await refusal(second.get('customers', customer.id))).toMatchObject({ code: 'not-found' });
    expect(
      (
        await second.create('products', {
          name: 'Mitaines',
          sku: 'APP-0002',
          category: 'Apparel',
          price: 19.99,
          shopId: 'shop-02',
        })
      ).id,
    ).toBe('product-0202');

    // Another seed starts afresh (and then keeps its own session).
    const other = createDemoProvider({ seed: SEED + 1, now: later, storage });
    expect(other.now).toBe(later.toISOString());
    expect(other.all('products')).toHaveLength(200);

    // A reset forgets the session.
    const third = createDemoProvider({ seed: SEED, now: NOW, storage });
    third.reset();
    expect(storage.items.size).toBe(0);
    expect(snapshot(third)).toBe(snapshot(memoryProvider()));
  });

  it('ignores a session it cannot read, and keeps working when storage refuses writes', async () => {
    const fresh = snapshot(memoryProvider());
    for (const stored of [
      'not json',
      '{"format":1}',
      JSON.stringify({ format: 1, seed: SEED, now: NOW, serials: {}, changes: {} }),
    ]) {
      const storage = new MemoryStorage();
      storage.setItem(DEMO_STORAGE_KEY, stored);
      expect(snapshot(createDemoProvider({ seed: SEED, now: NOW, storage }))).toBe(fresh);
    }
    const full: SessionStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const provider = createDemoProvider({ seed: SEED, now: NOW, storage: full });
    const product = provider.all('products')[0];
    expect((await provider.update('products', { id: product.id, version: product.version, stock: 7 })).stock).toBe(7);
  });
});

describe('the dashboard', () => {
  const at = (iso: string) => `${iso}.000Z`;
  const meta = (id: string, createdAt: string): RecordMeta => ({
    id,
    version: 1,
    createdAt: at(createdAt),
    createdBy: 'test',
    updatedAt: at(createdAt),
    updatedBy: 'test',
  });
  const shop = (id: string, name: string): StoredShop => ({
    ...meta(id, '2024-01-01T00:00:00'),
    name,
    city: 'Halifax',
    province: 'NS',
    ownerSellerId: null,
    status: 'Open',
  });
  const product = (id: string, name: string, price: number, shopId: string): StoredProduct => ({
    ...meta(id, '2024-01-01T00:00:00'),
    name,
    sku: 'ABC-0001',
    category: 'Home',
    price,
    stock: 1,
    status: 'Published',
    shopId,
    description: '',
  });
  const customer = (id: string, createdAt: string): StoredCustomer => ({
    ...meta(id, createdAt),
    firstName: 'Client',
    lastName: id,
    email: `${id}@example.com`,
    phone: '',
    city: 'Halifax',
    province: 'NS',
    status: 'Active',
  });
  const products = [
    product('p1', 'Maple Syrup Jug', 10, 'a'),
    product('p2', 'Wool Toque', 25.5, 'a'),
    product('p3', 'Canoe Paddle', 99.99, 'b'),
  ];
  const order = (id: string, placedAt: string, status: OrderStatus, lines: [number, number][]): StoredOrder => ({
    ...meta(id, placedAt),
    customerId: 'c1',
    shopId: 'a',
    status,
    placedAt: at(placedAt),
    lines: lines.map(([p, quantity]) => ({
      productId: products[p - 1].id,
      productName: products[p - 1].name,
      quantity,
      unitPrice: products[p - 1].price,
    })),
    statusHistory: [{ status, at: at(placedAt), by: 'Client c1' }],
  });
  /** A week (Monday 3 February 2025, midnight UTC, to the next Monday) and the week before. */
  const data: DemoData = {
    shops: [shop('a', 'Shop A'), shop('b', 'Shop B')],
    sellers: [],
    products,
    customers: [
      customer('c1', '2025-01-01T00:00:00'),
      customer('c2', '2025-01-28T00:00:00'),
      customer('c3', '2025-02-05T00:00:00'),
      customer('c4', '2025-02-09T23:00:00'),
      customer('c5', '2025-02-10T00:00:00'),
    ],
    orders: [
      // This week: 45.50 + 99.99 + 51.00 of revenue; the cancelled and pending ones do not count.
      order('o1', '2025-02-03T10:00:00', 'Delivered', [
        [1, 2],
        [2, 1],
      ]),
      order('o2', '2025-02-04T12:00:00', 'Paid', [[3, 1]]),
      order('o3', '2025-02-05T09:00:00', 'Cancelled', [[3, 2]]),
      order('o4', '2025-02-08T15:00:00', 'Shipped', [[2, 2]]),
      order('o5', '2025-02-09T20:00:00', 'Pending', [[1, 1]]),
      // The next week begins: out of the period.
      order('o6', '2025-02-10T00:00:00', 'Delivered', [[1, 1]]),
      // The week before: 30.00 (at its very start) + 102.00; the refunded one does not count.
      order('o9', '2025-01-27T00:00:00', 'Paid', [[1, 3]]),
      order('o7', '2025-01-28T08:00:00', 'Delivered', [[2, 4]]),
      order('o8', '2025-02-02T23:59:59', 'Refunded', [[3, 1]]),
    ],
  };
  const provider = () =>
    createDemoProvider({ seed: 1, now: '2025-02-10T00:00:00Z', data, clock: () => new Date(WRITE_AT) });
  const week = { from: '2025-02-03T00:00:00Z', to: '2025-02-10T00:00:00Z' };

  it('sums the period and the one before it', () => {
    const dashboard = dashboardData(provider(), week);
    expect(dashboard.period).toEqual({ from: '2025-02-03T00:00:00.000Z', to: '2025-02-10T00:00:00.000Z' });
    expect(dashboard.previousPeriod).toEqual({ from: '2025-01-27T00:00:00.000Z', to: '2025-02-03T00:00:00.000Z' });
    // 196.49 over 3 paid orders: 65.4966... rounds to 65.50.
    expect(dashboard.current).toEqual({
      revenue: 196.49,
      orders: 5,
      paidOrders: 3,
      averageOrderValue: 65.5,
      newCustomers: 2,
    });
    expect(dashboard.previous).toEqual({
      revenue: 132,
      orders: 3,
      paidOrders: 2,
      averageOrderValue: 66,
      newCustomers: 1,
    });
    expect(changeOf(dashboard.current.revenue, dashboard.previous.revenue)).toBeCloseTo(64.49 / 132, 10);
    expect(changeOf(3, 0)).toBeNull();
    expect(dashboard.ordersByStatus).toEqual({
      Pending: 1,
      Paid: 1,
      Shipped: 1,
      Delivered: 1,
      Cancelled: 1,
      Refunded: 0,
    });
  });

  it('gives the revenue per day and per week', () => {
    const dashboard = dashboardData(provider(), week);
    expect(dashboard.revenueByDay.map((p) => [p.revenue, p.orders])).toEqual([
      [45.5, 1],
      [99.99, 1],
      [0, 1],
      [0, 0],
      [0, 0],
      [51, 1],
      [0, 1],
    ]);
    expect(dashboard.revenueByDay[0]).toMatchObject({
      from: '2025-02-03T00:00:00.000Z',
      to: '2025-02-04T00:00:00.000Z',
    });
    expect(dashboard.revenueByWeek).toEqual([
      { from: '2025-02-03T00:00:00.000Z', to: '2025-02-10T00:00:00.000Z', revenue: 196.49, orders: 5 },
    ]);
    const twoWeeks = dashboardData(provider(), { from: '2025-01-27T00:00:00Z', to: '2025-02-10T00:00:00Z' });
    expect(twoWeeks.revenueByWeek.map((p) => [p.revenue, p.orders])).toEqual([
      [132, 3],
      [196.49, 5],
    ]);
    expect(twoWeeks.revenueByDay).toHaveLength(14);
    // A period of ten days: the second week is cut at its end.
    const tenDays = dashboardData(provider(), { from: '2025-02-03T00:00:00Z', to: '2025-02-13T00:00:00Z' });
    expect(tenDays.revenueByWeek).toEqual([
      { from: '2025-02-03T00:00:00.000Z', to: '2025-02-10T00:00:00.000Z', revenue: 196.49, orders: 5 },
      { from: '2025-02-10T00:00:00.000Z', to: '2025-02-13T00:00:00.000Z', revenue: 10, orders: 1 },
    ]);
  });

  it('names the top products by revenue and the latest orders', async () => {
    const demo = provider();
    const dashboard = dashboardData(demo, week);
    expect(dashboard.topProducts).toEqual([
      { productId: 'p3', name: 'Canoe Paddle', quantity: 1, revenue: 99.99 },
      { productId: 'p2', name: 'Wool Toque', quantity: 3, revenue: 76.5 },
      { productId: 'p1', name: 'Maple Syrup Jug', quantity: 2, revenue: 20 },
    ]);
    expect(dashboard.recentOrders.map((o) => o.id)).toEqual(['o5', 'o4', 'o3', 'o2', 'o1']);
    expect(dashboard.recentOrders[0]).toMatchObject({
      total: 10,
      itemCount: 1,
      customerName: 'Client c1',
      shopName: 'Shop A',
    });

    // A renamed product reads its new name; a deleted one the name its order lines kept.
    await demo.update('products', { id: 'p2', version: 1, name: 'Wool Tuque' });
    await demo.remove('products', { id: 'p3', version: 1 });
    expect(dashboardData(demo, week).topProducts.map((p) => p.name)).toEqual([
      'Canoe Paddle',
      'Wool Tuque',
      'Maple Syrup Jug',
    ]);
    // A cancelled order leaves the revenue.
    await demo.update('orders', { id: 'o2', version: 1, status: 'Cancelled' });
    expect(dashboardData(demo, week).current.revenue).toBe(96.5);
  });

  it('adds up on the sample, keeps ten recent orders, and refuses a period that ends before it starts', () => {
    const sample = memoryProvider();
    const to = new Date(NOW);
    // Eight weeks without a change of daylight saving time, so its days are 24 hours wherever the tests run.
    const dashboard = dashboardData(sample, { from: new Date(to.getTime() - 56 * DAY_MS), to });
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;
    expect(sum(dashboard.revenueByDay.map((p) => p.revenue))).toBe(dashboard.current.revenue);
    expect(sum(dashboard.revenueByWeek.map((p) => p.revenue))).toBe(dashboard.current.revenue);
    expect(dashboard.revenueByDay).toHaveLength(56);
    expect(dashboard.revenueByWeek).toHaveLength(8);
    expect(Object.values(dashboard.ordersByStatus).reduce((a, b) => a + b)).toBe(dashboard.current.orders);
    expect(dashboard.current.orders).toBeGreaterThan(150);
    expect(dashboard.previous.orders).toBeGreaterThan(100);
    expect(dashboard.topProducts).toHaveLength(5);
    expect(dashboard.recentOrders.map((o) => o.id)).toEqual(
      [...sample.all('orders')]
        .sort((a, b) => (a.placedAt === b.placedAt ? (a.id < b.id ? 1 : -1) : a.placedAt < b.placedAt ? 1 : -1))
        .slice(0, 10)
        .map((o) => o.id),
    );
    expect(() => dashboardData(sample, { from: NOW, to: NOW })).toThrow(
      expect.objectContaining({ code: 'invalid-argument', issues: [expect.objectContaining({ path: 'to' })] }),
    );
  });
});
