// The e-commerce demo's sample data: shops, sellers, products, customers and orders, the same for the same seed and now.
import {
  type OrderLine,
  type OrderStatus,
  type OrderStatusEvent,
  type ProductCategory,
  type ProductStatus,
  type Province,
  type StoredCustomer,
  type StoredOrder,
  type StoredProduct,
  type StoredSeller,
  type StoredShop,
} from './schemas';

/** Every record of the demo, as stored. */
export interface DemoData {
  shops: StoredShop[];
  sellers: StoredSeller[];
  products: StoredProduct[];
  customers: StoredCustomer[];
  orders: StoredOrder[];
}
export type DemoResource = keyof DemoData;

/** How many records of each kind the sample holds. */
export const DEMO_COUNTS = { shops: 20, sellers: 50, products: 200, customers: 300, orders: 1_000 } as const;

/** Who created and last changed the sample records. */
export const DEMO_ACTOR = 'demo-seed';

/** Record ids: a prefix and a zero-padded serial number (orders are numbered from 100001). */
const ID_FORMATS: Record<DemoResource, { prefix: string; width: number; first: number }> = {
  shops: { prefix: 'shop', width: 2, first: 1 },
  sellers: { prefix: 'seller', width: 3, first: 1 },
  products: { prefix: 'product', width: 4, first: 1 },
  customers: { prefix: 'customer', width: 4, first: 1 },
  orders: { prefix: 'order', width: 6, first: 100_001 },
};

/** The id of a resource's record numbered `serial` (0 for the first). */
export function demoId(resource: DemoResource, serial: number): string {
  const { prefix, width, first } = ID_FORMATS[resource];
  return `${prefix}-${String(first + serial).padStart(width, '0')}`;
}

/** The serial number of an id `demoId` gave, or -1 for another id. */
export function serialOf(resource: DemoResource, id: string): number {
  const { prefix, first } = ID_FORMATS[resource];
  const match = new RegExp(`^${prefix}-(\\d+)$`).exec(id);
  return match ? Number(match[1]) - first : -1;
}

/** A small, fast, seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = ReturnType<typeof randomOf>;

// Hot paths index arrays rather than destructure them: unoptimised code allocates an iterator for each destructuring.
function randomOf(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** One of the items, drawn with the given weights. */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let left = 0;
      for (let i = 0; i < items.length; i++) left += items[i][1];
      left *= next();
      for (let i = 0; i < items.length; i++) {
        left -= items[i][1];
        if (left < 0) return items[i][0];
      }
      return items[items.length - 1][0];
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const item = copy[i];
        copy[i] = copy[j];
        copy[j] = item;
      }
      return copy;
    },
  };
}

// ---- word lists: invented shops and products; common first and last names of Canada ----

const list = (words: string) => words.split(', ');

const FIRST_NAMES = list(
  'Olivia, Emma, Charlotte, Amelia, Sophie, Chloé, Léa, Émilie, Zoé, Noémie, Camille, Florence, Béatrice, Hélène, ' +
    'Maëlle, Aaliyah, Priya, Mei, Hannah, Ava, Liam, Noah, William, Benjamin, Lucas, Thomas, Nathan, Gabriel, ' +
    'Félix, Étienne, Jérôme, François, Mathis, Samuel, Olivier, Raphaël, Antoine, Hugo, Jacob, Owen, Ethan, Logan, ' +
    'Arjun, Wei, Daniel, Marc-André, Anne-Marie, Josée, Sébastien, Geneviève',
);

const LAST_NAMES = list(
  'Tremblay, Gagnon, Roy, Côté, Bouchard, Gauthier, Morin, Lavoie, Fortin, Gagné, Ouellet, Pelletier, Bélanger, ' +
    'Lévesque, Bergeron, Leblanc, Paquette, Girard, Simard, Boucher, Caron, Beaulieu, Cloutier, Dubé, Poirier, ' +
    'Fournier, Lapointe, Leclerc, Lefebvre, Poulin, Thibault, St-Pierre, Nadeau, Landry, Hébert, Desjardins, ' +
    'Couture, Proulx, Boudreau, Smith, Brown, Wilson, MacDonald, Campbell, Anderson, Taylor, Thompson, Johnson, ' +
    "Williams, Miller, Lee, Wong, Chen, Singh, Patel, Nguyen, Kim, Fraser, Murray, O'Brien",
);

/** Where customers live: "city/province/weight", the weight roughly the city's population. */
const CITIES = list(
  'Toronto/ON/8, Ottawa/ON/3, Mississauga/ON/3, Hamilton/ON/2, London/ON/2, Kingston/ON/1, Sudbury/ON/1, ' +
    'Montréal/QC/6, Québec/QC/3, Laval/QC/2, Gatineau/QC/2, Sherbrooke/QC/1, Trois-Rivières/QC/1, Saguenay/QC/1, ' +
    'Vancouver/BC/4, Victoria/BC/2, Surrey/BC/2, Kelowna/BC/1, Nanaimo/BC/1, Calgary/AB/4, Edmonton/AB/3, ' +
    'Red Deer/AB/1, Lethbridge/AB/1, Winnipeg/MB/2, Brandon/MB/1, Saskatoon/SK/1, Regina/SK/1, Halifax/NS/2, ' +
    "Sydney/NS/1, Moncton/NB/1, Fredericton/NB/1, Saint John/NB/1, St. John's/NL/1, Charlottetown/PE/1, " +
    'Whitehorse/YT/1, Yellowknife/NT/1, Iqaluit/NU/1',
).map((entry) => {
  const [city, province, weight] = entry.split('/');
  return [[city, province as Province], Number(weight)] as const;
});

const AREA_CODES: Record<Province, readonly number[]> = {
  AB: [403, 780],
  BC: [604, 250],
  MB: [204],
  NB: [506],
  NL: [709],
  NS: [902],
  NT: [867],
  NU: [867],
  ON: [416, 613, 905, 519],
  PE: [902],
  QC: [514, 418, 819, 450],
  SK: [306],
  YT: [867],
};

/** The shops, each selling two categories; every category is sold by five of them. */
const SHOPS: readonly {
  name: string;
  city: string;
  province: Province;
  categories: readonly [ProductCategory, ProductCategory];
}[] = [
  { name: 'Maple & Birch Home', city: 'Toronto', province: 'ON', categories: ['Home', 'Kitchen'] },
  { name: 'Boréal Plein Air', city: 'Québec', province: 'QC', categories: ['Outdoors', 'Apparel'] },
  { name: 'Pacific Driftwood Kitchen', city: 'Vancouver', province: 'BC', categories: ['Kitchen', 'Home'] },
  { name: 'Prairie Sky Books', city: 'Saskatoon', province: 'SK', categories: ['Books', 'Toys'] },
  { name: 'Northern Lights Electronics', city: 'Yellowknife', province: 'NT', categories: ['Electronics', 'Books'] },
  { name: 'Tidewater Apparel', city: 'Halifax', province: 'NS', categories: ['Apparel', 'Beauty'] },
  { name: 'Laurentides Ski & Vélo', city: 'Mont-Tremblant', province: 'QC', categories: ['Outdoors', 'Apparel'] },
  { name: 'Rideau Circuitry', city: 'Ottawa', province: 'ON', categories: ['Electronics', 'Toys'] },
  { name: 'Chinook Outdoor Supply', city: 'Calgary', province: 'AB', categories: ['Outdoors', 'Electronics'] },
  { name: 'Fundy Bay Toys', city: 'Moncton', province: 'NB', categories: ['Toys', 'Books'] },
  { name: 'Okanagan Pantry', city: 'Kelowna', province: 'BC', categories: ['Kitchen', 'Beauty'] },
  { name: 'Red River Beauty', city: 'Winnipeg', province: 'MB', categories: ['Beauty', 'Apparel'] },
  { name: 'Épicerie Fine Saint-Laurent', city: 'Montréal', province: 'QC', categories: ['Kitchen', 'Home'] },
  { name: 'Muskoka Cabin Co.', city: 'Huntsville', province: 'ON', categories: ['Home', 'Outdoors'] },
  { name: 'Rocky Ridge Sports', city: 'Edmonton', province: 'AB', categories: ['Outdoors', 'Apparel'] },
  { name: 'Cabot Trail Crafts', city: 'Sydney', province: 'NS', categories: ['Home', 'Toys'] },
  { name: 'Georgian Bay Books', city: 'Barrie', province: 'ON', categories: ['Books', 'Beauty'] },
  { name: "Marché de l'Île", city: 'Québec', province: 'QC', categories: ['Kitchen', 'Beauty'] },
  { name: 'Iceberg Alley Books & Gadgets', city: "St. John's", province: 'NL', categories: ['Electronics', 'Books'] },
  { name: 'Confederation Tech', city: 'Charlottetown', province: 'PE', categories: ['Electronics', 'Toys'] },
];

/** Each category's product names (a first part and a second), SKU prefix and price range in dollars. */
const CATALOGUE: Record<ProductCategory, { first: string[]; second: string[]; sku: string; price: [number, number] }> =
  {
    Electronics: {
      first: list('Aurora, Nova, Polar, Summit, Echo, Pulse, Zenith, Vector, Lumen, Orbit'),
      second: list(
        'Wireless Earbuds, Bluetooth Speaker, Smart Thermostat, 4K Webcam, Mechanical Keyboard, USB-C Hub, ' +
          'Portable Charger, Noise-Cancelling Headphones, Smartwatch, E-Reader',
      ),
      sku: 'ELE',
      price: [19, 649],
    },
    Home: {
      first: list('Cozy, Rustic, Nordic, Heritage, Coastal, Modern, Cedar, Harvest, Willow, Timber'),
      second: list(
        'Wool Throw, Linen Duvet Cover, Table Lamp, Wall Clock, Ceramic Vase, Area Rug, Candle Set, Bookshelf, ' +
          'Storage Basket, Throw Pillow',
      ),
      sku: 'HOM',
      price: [12, 349],
    },
    Kitchen: {
      first: list('Artisan, Classic, Gourmet, Everyday, Copper, Maple, Stoneware, Bistro, Pro, Crème'),
      second: list(
        'Cast Iron Skillet, Chef Knife, Cutting Board, French Press, Dutch Oven, Coffee Grinder, Mixing Bowl Set, ' +
          'Salad Spinner, Tea Kettle, Baking Sheet',
      ),
      sku: 'KIT',
      price: [9, 299],
    },
    Outdoors: {
      first: list('Trailhead, Alpine, Backcountry, Northern, Boréal, Glacier, Tundra, Lakeshore, Ridge, Canyon'),
      second: list(
        'Hiking Backpack, Two-Person Tent, Sleeping Bag, Trekking Poles, Headlamp, Camp Stove, Insulated Bottle, ' +
          'Canoe Paddle, Snowshoes, Hammock',
      ),
      sku: 'OUT',
      price: [15, 549],
    },
    Apparel: {
      first: list('Merino, Flannel, Fleece, Waterproof, Quilted, Organic Cotton, Denim, Cashmere, Thermal, Tweed'),
      second: list('Toque, Parka, Hoodie, Rain Jacket, Mittens, Scarf, Crew Socks, Base Layer, Vest, Shirt'),
      sku: 'APP',
      price: [14, 399],
    },
    Books: {
      first: list(
        'Tales of the, Secrets of the, Songs of the, Return to the, Beyond the, Letters from the, Winter on the, ' +
          'Maps of the, Shadows of the, Legends of the',
      ),
      second: list(
        'Fjord, Prairie, Tundra, Saint-Laurent, Rockies, Lighthouse, Muskeg, Boreal Forest, Bay of Fundy, Northern Sky',
      ),
      sku: 'BOO',
      price: [9, 59],
    },
    Toys: {
      first: list('Wooden, Plush, Magnetic, Deluxe, Junior, Rainbow, Mini, Classic, Explorer, Pocket'),
      second: list(
        'Moose, Train Set, Puzzle, Building Blocks, Beaver, Kite, Dollhouse, Science Kit, Hockey Set, Marble Run',
      ),
      sku: 'TOY',
      price: [8, 129],
    },
    Beauty: {
      first: list('Maple, Lavender, Wild Rose, Sea Salt, Birch, Honey, Cedar, Oat, Blueberry, Juniper'),
      second: list(
        'Lip Balm, Hand Cream, Face Serum, Bath Soak, Body Lotion, Shampoo Bar, Beard Oil, Soap Trio, Night Cream, ' +
          'Sunscreen',
      ),
      sku: 'BEA',
      price: [6, 89],
    },
  };

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The paths an order takes after it is placed, and how often: most are delivered, some cancelled or refunded. */
const ORDER_PATHS: readonly (readonly [readonly OrderStatus[], number])[] = [
  [['Paid', 'Shipped', 'Delivered'], 83],
  [['Cancelled'], 5],
  [['Paid', 'Cancelled'], 3],
  [['Paid', 'Shipped', 'Delivered', 'Refunded'], 7],
  [['Paid', 'Refunded'], 2],
];

/** How many lines an order has, and how often. */
const LINE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 35],
  [2, 28],
  [3, 20],
  [4, 10],
  [5, 7],
];
/** How many of a product a line orders, and how often ("more": four to six). */
const QUANTITIES: readonly (readonly [number | 'more', number])[] = [
  [1, 70],
  [2, 20],
  [3, 7],
  ['more', 3],
];

// ---- helpers ----

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Instants are kept in whole seconds. */
const seconds = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;
const iso = (ms: number) => new Date(ms).toISOString();

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

/** A record's stamps: a record at version 1 was last changed when it was created. */
const meta = (id: string, createdMs: number, updatedMs: number, version: number) => ({
  id,
  version,
  createdAt: iso(createdMs),
  createdBy: DEMO_ACTOR,
  updatedAt: iso(version === 1 ? createdMs : Math.max(createdMs, updatedMs)),
  updatedBy: DEMO_ACTOR,
});

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

// ---- the generator ----

/**
 * The sample data for `seed` and `now`: 20 shops opened 18 to 30 months before `now`, their sellers and products,
 * 300 customers who joined over the last two years and 1 000 orders placed over the last twelve months, each by a
 * customer who had joined, at a shop still open, of products it sold then. An order's history follows
 * ORDER_TRANSITIONS and stops at `now`; its status is the last step reached.
 */
export function generateDemoData({ seed, now }: { seed: number; now: Date | string | number }): DemoData {
  const random = randomOf(seed);
  const nowMs = seconds(new Date(now).getTime());
  const yearAgo = nowMs - 365 * DAY_MS;
  /** An instant between two others (the first when they are in the wrong order). */
  const between = (from: number, to: number) => seconds(from + random.next() * Math.max(0, to - from));
  const daysAgo = (min: number, max: number) => seconds(nowMs - (min + random.next() * (max - min)) * DAY_MS);

  // Shops; a closed shop closed when it was last changed.
  const shops: StoredShop[] = SHOPS.map((shop, i) => {
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
  const shopOpened = shops.map((shop) => Date.parse(shop.createdAt));
  const shopClosed = shops.map((shop) => (shop.status === 'Closed' ? Date.parse(shop.updatedAt) : Infinity));

  // Sellers: three at half of the shops, two at the others; most shops are owned by their first seller.
  const emails = new Set<string>();
  const withThree = new Set(random.shuffle(shops.map((_, s) => s)).slice(0, DEMO_COUNTS.sellers - 2 * shops.length));
  const sellers: StoredSeller[] = [];
  shops.forEach((shop, s) => {
    const domain = `${slug(shop.name)}.example.com`;
    for (let k = 0; k < (withThree.has(s) ? 3 : 2); k++) {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const created = between(shopOpened[s], shopOpened[s] + 120 * DAY_MS);
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

  // Products: ten per shop, five of each of its categories. Drafts are recent; Archived ones were retired lately.
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
        status === 'Draft' ? daysAgo(2, 90) : between(shopOpened[s], Math.min(shopClosed[s], yearAgo - 10 * DAY_MS));
      const updated = status === 'Archived' ? daysAgo(5, 150) : between(created, Math.min(shopClosed[s], nowMs));
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
  // What each shop sells, and from when to when (an Archived product until it was retired).
  const offers = shops.map((shop) =>
    products
      .filter((product) => product.shopId === shop.id && product.status !== 'Draft')
      .map((product) => ({
        product,
        from: Date.parse(product.createdAt),
        until: product.status === 'Archived' ? Date.parse(product.updatedAt) : Infinity,
      })),
  );

  // Customers, by when they joined: those who had joined by an instant are the first ones.
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
  const joined = customers.map((customer) => Date.parse(customer.createdAt));

  // Orders, numbered by when they were placed: half spread evenly over the year, half more and more towards now.
  const placed = Array.from({ length: DEMO_COUNTS.orders }, () => {
    const share = random.chance(0.5) ? random.next() : Math.sqrt(random.next());
    return Math.max(seconds(yearAgo + share * 365 * DAY_MS), joined[0]);
  }).sort((a, b) => a - b);
  const onSale = (offer: (typeof offers)[number][number], atMs: number) => offer.from <= atMs && atMs < offer.until;
  /** Could the shop take an order then: open, with something on sale. */
  const sells = (s: number, atMs: number) => {
    if (shopClosed[s] <= atMs) return false;
    for (let k = 0; k < offers[s].length; k++) if (onSale(offers[s][k], atMs)) return true;
    return false;
  };
  /** Who handles each shop's orders: its owner, or its first seller when it has none. */
  const staffOf = shops.map((shop) => {
    const own = sellers.filter((seller) => seller.shopId === shop.id);
    return (own.find((seller) => seller.id === shop.ownerSellerId) ?? own[0]).name;
  });
  const orders: StoredOrder[] = placed.map((placedMs, i) => {
    const customer = customers[random.int(0, countAtMost(joined, placedMs) - 1)];
    // A shop drawn at random, or the next one that could sell then (the first shop always can).
    let s = random.int(0, shops.length - 1);
    while (!sells(s, placedMs)) s = (s + 1) % shops.length;
    // Distinct products: the first draws of a shuffle of what the shop had on sale.
    const choice = offers[s].filter((offer) => onSale(offer, placedMs));
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

  return { shops, sellers, products, customers, orders };
}
