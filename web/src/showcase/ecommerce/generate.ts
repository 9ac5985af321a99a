// The e-commerce demo's sample data: shops, sellers, products, customers and orders, the same for the same seed and now.
import { generateOrders } from './generateOrders';
import { randomOf, type Random } from './random';
import { DAY_MS, DEMO_COUNTS, demoId, meta, seconds, shopTimes, type DemoData, type Draw } from './sampleRecords';
import type {
  ProductCategory,
  ProductStatus,
  Province,
  StoredCustomer,
  StoredProduct,
  StoredSeller,
  StoredShop,
} from './schemas';
import { AREA_CODES, CATALOGUE, CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, SHOPS } from './seedData';

/** Lowercase ASCII letters and digits, for email addresses: "Marc-André" gives "marcandre". */
const slug = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function uniqueEmail(taken: Set<string>, local: string, domain: string): string {
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}

/** A fictional number: 555-0100 to 555-0199 are given to no one. */
const phoneOf = (random: Random, province: Province) =>
  `(${random.pick(AREA_CODES[province])}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;

// ---- the generator, one kind of record after the other (in this order: they draw from one sequence) ----

/** Shops; a closed shop closed when it was last changed. */
function generateShops({ random, nowMs, between, daysAgo }: Draw): StoredShop[] {
  return SHOPS.map((shop, i) => {
    const created = daysAgo(540, 900);
    // The first shop stays open, so some shop takes every order.
    const closed = i > 0 && random.chance(0.1);
    const updated = closed ? daysAgo(20, 200) : between(created, nowMs);
    return {
      ...meta(demoId('shops', i), created, updated, random.int(2, 4)),
      name: shop.name,
      city: shop.city,
      province: shop.province,
      ownerSellerId: null,
      status: closed ? 'Closed' : 'Open',
    };
  });
}

/** Sellers: three at half of the shops, two at the others; most shops are owned by their first seller. */
function generateSellers({ random, nowMs, between }: Draw, shops: StoredShop[], emails: Set<string>): StoredSeller[] {
  const { opened } = shopTimes(shops);
  const withThree = new Set(random.shuffle(shops.map((_, s) => s)).slice(0, DEMO_COUNTS.sellers - 2 * shops.length));
  const sellers: StoredSeller[] = [];
  shops.forEach((shop, s) => {
    const domain = `${slug(shop.name)}.example.com`;
    for (let k = 0; k < (withThree.has(s) ? 3 : 2); k++) {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const created = between(opened[s], opened[s] + 120 * DAY_MS);
      const seller: StoredSeller = {
        ...meta(demoId('sellers', sellers.length), created, between(created, nowMs), random.int(1, 3)),
        name: `${first} ${last}`,
        email: uniqueEmail(emails, `${slug(first)}.${slug(last)}`, domain),
        phone: phoneOf(random, shop.province),
        shopId: shop.id,
        status: random.chance(0.08) ? 'Suspended' : 'Active',
        rating: Math.round((3 + random.next() * 2) * 10) / 10,
      };
      sellers.push(seller);
      if (k === 0 && !random.chance(0.1)) shop.ownerSellerId = seller.id;
    }
  });
  return sellers;
}

/** Products: ten per shop, five of each of its categories. Drafts are recent; Archived ones were retired lately. */
function generateProducts({ random, nowMs, yearAgo, between, daysAgo }: Draw, shops: StoredShop[]): StoredProduct[] {
  const { opened, closed } = shopTimes(shops);
  const names = new Set<string>();
  /** A product name of the category no other product has (a hundred to choose from, 25 or so taken). */
  const nameOf = (category: ProductCategory) => {
    const { first, second } = CATALOGUE[category];
    let name: string;
    do name = `${random.pick(first)} ${random.pick(second)}`;
    while (names.has(name));
    names.add(name);
    return name;
  };
  const skus = new Set<string>();
  const products: StoredProduct[] = [];
  shops.forEach((shop, s) => {
    for (let k = 0; k < DEMO_COUNTS.products / shops.length; k++) {
      const category = SHOPS[s].categories[k % 2];
      const { sku: prefix, price: range } = CATALOGUE[category];
      let sku: string;
      do sku = `${prefix}-${random.int(1000, 9999)}`;
      while (skus.has(sku));
      skus.add(sku);
      // Each shop's first product is on sale all along.
      const status: ProductStatus =
        k === 0
          ? 'Published'
          : random.weighted<ProductStatus>([
              ['Published', 80],
              ['Draft', 10],
              ['Archived', 10],
            ]);
      const created =
        status === 'Draft' ? daysAgo(2, 90) : between(opened[s], Math.min(closed[s], yearAgo - 10 * DAY_MS));
      const updated = status === 'Archived' ? daysAgo(5, 150) : between(created, Math.min(closed[s], nowMs));
      const name = nameOf(category);
      products.push({
        ...meta(demoId('products', products.length), created, updated, status === 'Archived' ? 3 : random.int(1, 3)),
        name,
        sku,
        category,
        // Cheaper items are the more common; prices end in .99.
        price: Math.floor(range[0] + random.next() ** 2 * (range[1] - range[0])) + 0.99,
        stock: status === 'Archived' || random.chance(0.08) ? 0 : random.int(1, status === 'Draft' ? 40 : 250),
        status,
        shopId: shop.id,
        description: `${name} from ${shop.name}, shipped from ${shop.city} (${shop.province}).`,
      });
    }
  });
  return products;
}

/** Customers, by when they joined: those who had joined by an instant are the first ones. */
function generateCustomers({ random, nowMs, between, daysAgo }: Draw, emails: Set<string>): StoredCustomer[] {
  const customers: StoredCustomer[] = Array.from({ length: DEMO_COUNTS.customers }, (): StoredCustomer => {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const place = random.weighted(CITIES);
    const city = place[0];
    const province = place[1];
    const created = daysAgo(0.5, 730);
    return {
      ...meta('', created, between(created, nowMs), random.chance(0.2) ? 2 : 1),
      firstName,
      lastName,
      email: uniqueEmail(emails, `${slug(firstName)}.${slug(lastName)}`, random.pick(EMAIL_DOMAINS)),
      phone: random.chance(0.85) ? phoneOf(random, province) : '',
      city,
      province,
      status: random.chance(0.03) ? 'Blocked' : 'Active',
    };
  }).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  customers.forEach((customer, i) => (customer.id = demoId('customers', i)));
  return customers;
}

/**
 * The sample data for `seed` and `now`: 20 shops opened 18 to 30 months before `now`, their sellers and products,
 * 300 customers who joined over the last two years and 1 000 orders placed over the last twelve months, each by a
 * customer who had joined, at a shop still open, of products it sold then. An order's history follows
 * ORDER_TRANSITIONS and stops at `now`; its status is the last step reached.
 */
export function generateDemoData({ seed, now }: { seed: number; now: Date | string | number }): DemoData {
  const random = randomOf(seed);
  const nowMs = seconds(new Date(now).getTime());
  const draw: Draw = {
    random,
    nowMs,
    yearAgo: nowMs - 365 * DAY_MS,
    between: (from, to) => seconds(from + random.next() * Math.max(0, to - from)),
    daysAgo: (min, max) => seconds(nowMs - (min + random.next() * (max - min)) * DAY_MS),
  };
  const emails = new Set<string>();
  const shops = generateShops(draw);
  const sellers = generateSellers(draw, shops, emails);
  const products = generateProducts(draw, shops);
  const customers = generateCustomers(draw, emails);
  const orders = generateOrders(draw, { shops, sellers, products, customers });
  return { shops, sellers, products, customers, orders };
}
