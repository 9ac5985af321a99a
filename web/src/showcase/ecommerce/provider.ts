// The e-commerce demo's data provider: its records in the browser, behind the callables' list, get and write contract.
import { z } from 'zod';
import {
  forbiddenKeyIssues,
  idSchema,
  normalizeSearch,
  searchKey,
  validate,
  versioned,
  versionSchema,
  type DeleteResponse,
  type FieldIssue,
  type ListResponse,
  type RecordMeta,
} from '@trialdesk/shared';
import {
  browserSessionStore,
  clearSession,
  loadSession,
  saveSession,
  type SessionStore,
} from '../../core/sessionStore';
import { fieldIssue, invalidArgument, notFound, staleVersion } from './errors';
import { demoId, generateDemoData, serialOf, type DemoData, type DemoResource } from './generate';
import {
  customerCreateSchema,
  customerListSchema,
  customerSchema,
  customerUpdateSchema,
  instantSchema,
  ORDER_TRANSITIONS,
  orderCreateSchema,
  orderLineSchema,
  orderListSchema,
  orderSchema,
  orderTotal,
  orderUpdateSchema,
  productCreateSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  sellerCreateSchema,
  sellerListSchema,
  sellerSchema,
  sellerUpdateSchema,
  shopCreateSchema,
  shopListSchema,
  shopSchema,
  shopUpdateSchema,
  type Customer,
  type CustomerCreate,
  type CustomerListQuery,
  type CustomerUpdate,
  type Order,
  type OrderCreate,
  type OrderListQuery,
  type OrderStatus,
  type OrderUpdate,
  type Product,
  type ProductCreate,
  type ProductListQuery,
  type ProductUpdate,
  type Seller,
  type SellerCreate,
  type SellerListQuery,
  type SellerUpdate,
  type Shop,
  type ShopCreate,
  type ShopListQuery,
  type ShopUpdate,
  type StoredOrder,
} from './schemas';

export type EcommerceResource = DemoResource;
export const ECOMMERCE_RESOURCES: readonly EcommerceResource[] = [
  'products',
  'sellers',
  'customers',
  'shops',
  'orders',
];

/** Each resource's record as read, with the fields read from other records. */
export interface EcommerceRecords {
  products: Product;
  sellers: Seller;
  customers: Customer;
  shops: Shop;
  orders: Order;
}

/** Each resource's requests, as the callables of a resource would take them. */
export interface EcommerceRequests {
  products: { list: ProductListQuery; create: ProductCreate; update: ProductUpdate };
  sellers: { list: SellerListQuery; create: SellerCreate; update: SellerUpdate };
  customers: { list: CustomerListQuery; create: CustomerCreate; update: CustomerUpdate };
  shops: { list: ShopListQuery; create: ShopCreate; update: ShopUpdate };
  orders: { list: OrderListQuery; create: OrderCreate; update: OrderUpdate };
}

/** Where the session's changes are kept: the browser's sessionStorage, or a stand-in with the same methods. */
export type DemoStorage = SessionStore;

/** The one storage key of the demo's session. */
export const DEMO_STORAGE_KEY = 'trialdesk.demo.ecommerce';

export interface DemoProviderOptions {
  /** The sample's seed: the same seed and `now` give the same records. */
  seed: number;
  /** The sample's "now": orders are placed over the twelve months before it. */
  now: Date | string | number;
  /** Records to start from instead of the generated sample (tests, small showcases). */
  data?: DemoData;
  /**
   * Where the session's changes are kept: sessionStorage when the browser has one, nowhere (memory only) with null
   * (the default with `data`). Without `data`, a stored session of the same seed is taken up again with its own
   * `now`, so its records and changes stay as they were.
   */
  storage?: DemoStorage | null;
  /** The time of each write's stamps. */
  clock?: () => Date;
  /** Who writes are stamped with, when a write names nobody. */
  actor?: string;
}

export interface DemoProvider {
  /** The seed and instant the records were generated from. */
  readonly seed: number;
  readonly now: string;
  /** One page of a resource's records, searched, filtered and sorted; a bad request is refused (invalid-argument). */
  list<R extends EcommerceResource>(
    resource: R,
    request: EcommerceRequests[R]['list'],
  ): Promise<ListResponse<EcommerceRecords[R]>>;
  /** One record, or not-found. */
  get<R extends EcommerceResource>(resource: R, id: string): Promise<EcommerceRecords[R]>;
  /**
   * A new record at version 1; invalid-argument with the fields' issues when the data is refused. `actor`: who it is
   * stamped with, when not the provider's own (the signed-in person).
   */
  create<R extends EcommerceResource>(
    resource: R,
    data: EcommerceRequests[R]['create'],
    actor?: string,
  ): Promise<EcommerceRecords[R]>;
  /**
   * Changes the fields sent of the version read (failed-precondition when it is not the latest); version + 1. An
   * order's new status joins its history with the time and `actor`.
   */
  update<R extends EcommerceResource>(
    resource: R,
    data: EcommerceRequests[R]['update'],
    actor?: string,
  ): Promise<EcommerceRecords[R]>;
  /** Deletes the record at the version read. */
  remove(resource: EcommerceResource, data: { id: string; version: number }): Promise<DeleteResponse>;
  /** Every record of a resource as read, in store order: what the dashboard sums. */
  all<R extends EcommerceResource>(resource: R): readonly EcommerceRecords[R][];
  /** Back to the sample as generated: the session's changes are forgotten. */
  reset(): void;
}

// ---- records as stored, and their checks when read back from storage ----

type Row = RecordMeta & Record<string, unknown>;
type Tables = Record<EcommerceResource, Map<string, Row>>;

const metaShape = {
  id: idSchema,
  version: versionSchema,
  createdAt: instantSchema,
  createdBy: z.string(),
  updatedAt: instantSchema,
  updatedBy: z.string(),
};

/** A stored record, as the session keeps it: refused when storage holds anything else. */
const STORED_SCHEMAS: Record<EcommerceResource, z.ZodType> = {
  products: z.strictObject({ ...productSchema.shape, ...metaShape }),
  sellers: z.strictObject({ ...sellerSchema.shape, ...metaShape }),
  customers: z.strictObject({ ...customerSchema.shape, ...metaShape }),
  shops: z.strictObject({ ...shopSchema.shape, ...metaShape }),
  orders: z.strictObject({
    ...orderSchema.shape,
    lines: z.array(orderLineSchema.extend({ productName: z.string() })).min(1),
    ...metaShape,
  }),
};

/**
 * Storage's format: the session's changes over the sample (a record, or null once deleted) and its next ids. Format 2
 * names who made each step of an order's history; a session of format 1 lacks it and starts afresh.
 */
const SESSION_FORMAT = 2;
const sessionSchema = z.strictObject({
  format: z.literal(SESSION_FORMAT),
  seed: z.number(),
  now: instantSchema,
  serials: z.strictObject(Object.fromEntries(ECOMMERCE_RESOURCES.map((r) => [r, z.number().int().min(0)]))),
  changes: z.strictObject(
    Object.fromEntries(ECOMMERCE_RESOURCES.map((r) => [r, z.record(z.string(), STORED_SCHEMAS[r].nullable())])),
  ),
});
type Session = {
  format: typeof SESSION_FORMAT;
  seed: number;
  now: string;
  serials: Record<EcommerceResource, number>;
  changes: Record<EcommerceResource, Record<string, Row | null>>;
};

/**
 * Whether a stored value is a session of this seed: checked by the schema, then taken as stored (its fields in the
 * order they were written), each change under its record's own id.
 */
const sessionOf =
  (seed: number) =>
  (stored: unknown): stored is Session => {
    if (!sessionSchema.safeParse(stored).success) return false;
    const session = stored as Session;
    return (
      session.seed === seed &&
      ECOMMERCE_RESOURCES.every((r) =>
        Object.entries(session.changes[r]).every(([id, row]) => row === null || row.id === id),
      )
    );
  };

// ---- what each resource reads, searches, filters and sorts ----

/** The same text as the search compares it: lowercase, accents folded, punctuation as spaces. */
const folded = (value: unknown) => normalizeSearch(String(value ?? ''));
/** Text as sorts compare it: lowercase, accents folded ("Émilie" between "Emma" and "Ethan"). */
const sortText = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Reader {
  tables: Tables;
  name: (resource: EcommerceResource, id: unknown) => string | null;
}

interface ResourceConfig {
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  listSchema: z.ZodType;
  defaultSort: string;
  /** The texts a search looks in. */
  searchTexts: (row: Row) => unknown[];
  /** Request fields that must equal the record's field of the same name. */
  equalities: readonly string[];
  /** Other conditions of the list request. */
  matches?: (row: Row, query: Record<string, unknown>) => boolean;
  /** Sort values other than the record's field of the sort's name. */
  sortValues?: Record<string, (row: Row) => unknown>;
  /** The record as read: with the fields read from other records. */
  read: (row: Row, reader: Reader) => Row;
  /** The rules beyond the schema: references to other records, moves of status (`row`: an update's record). */
  rules?: (fields: Record<string, unknown>, reader: Reader, row?: Row) => FieldIssue[];
}

const exists = (reader: Reader, resource: EcommerceResource, id: unknown) =>
  typeof id === 'string' && reader.tables[resource].has(id);

/** The field names a record of another resource, which must exist. */
const mustExist = (field: string, resource: EcommerceResource) => (fields: Record<string, unknown>, reader: Reader) =>
  field in fields && !exists(reader, resource, fields[field]) ? [fieldIssue(field, 'validation.id')] : [];

const CONFIGS: Record<EcommerceResource, ResourceConfig> = {
  products: {
    createSchema: productCreateSchema,
    updateSchema: productUpdateSchema,
    listSchema: productListSchema,
    defaultSort: 'name:asc',
    searchTexts: (row) => [row.name, row.sku],
    equalities: ['category', 'status', 'shopId'],
    read: (row, reader) => ({ ...row, shopName: reader.name('shops', row.shopId) }),
    rules: mustExist('shopId', 'shops'),
  },
  sellers: {
    createSchema: sellerCreateSchema,
    updateSchema: sellerUpdateSchema,
    listSchema: sellerListSchema,
    defaultSort: 'name:asc',
    searchTexts: (row) => [row.name, row.email],
    equalities: ['status', 'shopId'],
    read: (row, reader) => ({ ...row, shopName: reader.name('shops', row.shopId) }),
    rules: mustExist('shopId', 'shops'),
  },
  customers: {
    createSchema: customerCreateSchema,
    updateSchema: customerUpdateSchema,
    listSchema: customerListSchema,
    defaultSort: 'lastName:asc',
    searchTexts: (row) => [`${row.firstName} ${row.lastName}`, row.email, row.city],
    equalities: ['status', 'province'],
    // People with the same last name, by first name.
    sortValues: { lastName: (row) => sortText(`${row.lastName} ${row.firstName}`) },
    read: (row) => row,
  },
  shops: {
    createSchema: shopCreateSchema,
    updateSchema: shopUpdateSchema,
    listSchema: shopListSchema,
    defaultSort: 'name:asc',
    searchTexts: (row) => [row.name, row.city],
    equalities: ['status', 'province'],
    read: (row, reader) => ({ ...row, ownerName: reader.name('sellers', row.ownerSellerId) }),
    // The owner is one of the shop's own sellers (a new shop has none yet).
    rules: (fields, reader, row) => {
      const owner = fields.ownerSellerId;
      if (owner === undefined || owner === null) return [];
      const seller = reader.tables.sellers.get(String(owner));
      if (!seller) return [fieldIssue('ownerSellerId', 'validation.id')];
      return seller.shopId === row?.id ? [] : [fieldIssue('ownerSellerId', 'validation.oneOf')];
    },
  },
  orders: {
    createSchema: orderCreateSchema,
    updateSchema: orderUpdateSchema,
    listSchema: orderListSchema,
    defaultSort: 'placedAt:desc',
    searchTexts: (row) => [row.id, row.customerName, row.shopName],
    equalities: ['status', 'customerId', 'shopId'],
    matches: (row, query) =>
      (query.productId === undefined || (row.lines as Order['lines']).some((l) => l.productId === query.productId)) &&
      (query.from === undefined || (row.placedAt as string) >= (query.from as string)) &&
      (query.to === undefined || (row.placedAt as string) <= (query.to as string)),
    read: (row, reader) => {
      const lines = row.lines as Order['lines'];
      return {
        ...row,
        total: orderTotal(lines),
        itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
        customerName: reader.name('customers', row.customerId),
        shopName: reader.name('shops', row.shopId),
      };
    },
    rules: (fields, reader, row) => {
      if (row) {
        // An update: the status moves only as ORDER_TRANSITIONS allows.
        const [from, to] = [row.status as OrderStatus, fields.status as OrderStatus | undefined];
        return to === undefined || to === from || ORDER_TRANSITIONS[from].includes(to)
          ? []
          : [fieldIssue('status', 'validation.oneOf')];
      }
      const issues = [
        ...mustExist('customerId', 'customers')(fields, reader),
        ...mustExist('shopId', 'shops')(fields, reader),
      ];
      (fields.lines as { productId: string }[]).forEach((line, i) => {
        const product = reader.tables.products.get(line.productId);
        if (!product) issues.push(fieldIssue(`lines.${i}.productId`, 'validation.id'));
        else if (product.shopId !== fields.shopId) issues.push(fieldIssue(`lines.${i}.productId`, 'validation.oneOf'));
      });
      return issues;
    },
  },
};

// ---- the provider ----

const cloneTables = (data: DemoData): Tables =>
  Object.fromEntries(
    ECOMMERCE_RESOURCES.map((r) => [r, new Map((data[r] as unknown as Row[]).map((row) => [row.id, row]))]),
  ) as Tables;

/** The next serial of each resource's ids: after the highest the records hold. */
const serialsOf = (tables: Tables) =>
  Object.fromEntries(
    ECOMMERCE_RESOURCES.map((r) => [r, Math.max(-1, ...[...tables[r].keys()].map((id) => serialOf(r, id))) + 1]),
  ) as Record<EcommerceResource, number>;

const emptyChanges = () =>
  Object.fromEntries(ECOMMERCE_RESOURCES.map((r) => [r, {}])) as Record<EcommerceResource, Record<string, Row | null>>;

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Called for every pair a sort compares: no destructuring, which allocates in unoptimised code.
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Does `text` hold `key` at the start of one of its words (both folded)? */
const wordPrefix = (text: string, key: string) => text.startsWith(key) || text.includes(` ${key}`);

/** The fields a create or update sends, without those left out. */
const sent = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));

const deleteSchema = z.strictObject(versioned);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The demo's provider: the sample's records (or `data`) in memory for the browser session, each change kept in
 * storage when there is one. Its methods answer as the callables do, and fail with CallError-shaped errors.
 */
export function createDemoProvider(options: DemoProviderOptions): DemoProvider {
  const { seed, data } = options;
  const clock = options.clock ?? (() => new Date());
  const defaultActor = options.actor ?? 'demo-user';
  const storage = options.storage === undefined ? (data ? null : browserSessionStore()) : options.storage;
  const stored = data ? undefined : loadSession(storage, DEMO_STORAGE_KEY, sessionOf(seed));
  const now = stored?.now ?? new Date(options.now).toISOString();
  const base = data ?? generateDemoData({ seed, now });

  let tables: Tables;
  let session: Session;
  /** Records as read, per resource: rebuilt after any change, since a record reads names from others. */
  let views: Partial<Record<EcommerceResource, Row[]>> = {};
  const searchTexts = new WeakMap<Row, string[]>();

  const start = (from: Session | undefined) => {
    tables = cloneTables(base);
    for (const r of ECOMMERCE_RESOURCES) {
      for (const [id, row] of Object.entries(from?.changes[r] ?? {})) {
        if (row) tables[r].set(id, row);
        else tables[r].delete(id);
      }
    }
    session = from ?? { format: SESSION_FORMAT, seed, now, serials: serialsOf(tables), changes: emptyChanges() };
    views = {};
  };
  start(stored);

  const save = () => saveSession(storage, DEMO_STORAGE_KEY, session);

  const reader: Reader = {
    get tables() {
      return tables;
    },
    name: (resource, id) => {
      const row = typeof id === 'string' ? tables[resource].get(id) : undefined;
      if (!row) return null;
      return resource === 'customers' ? `${row.firstName} ${row.lastName}` : String(row.name);
    },
  };

  const allOf = (resource: EcommerceResource): Row[] =>
    (views[resource] ??= [...tables[resource].values()].map((row) => CONFIGS[resource].read(row, reader)));

  const textsOf = (resource: EcommerceResource, view: Row) => {
    let texts = searchTexts.get(view);
    if (!texts) searchTexts.set(view, (texts = CONFIGS[resource].searchTexts(view).map(folded)));
    return texts;
  };

  const configOf = (resource: EcommerceResource) => {
    // Own entries only: a name like `toString` is no resource.
    if (!Object.hasOwn(CONFIGS, resource)) throw invalidArgument([fieldIssue('resource', 'validation.oneOf')]);
    return CONFIGS[resource];
  };

  /** The request parsed by `schema`, or invalid-argument with its issues (prototype keys included). */
  const parse = (schema: z.ZodType, request: unknown): Record<string, unknown> => {
    const forbidden = forbiddenKeyIssues(request);
    if (forbidden.length > 0) throw invalidArgument(forbidden);
    const result = validate(schema, request);
    if (!result.ok) throw invalidArgument(result.issues);
    return result.value as Record<string, unknown>;
  };

  /** The stored record at the version the caller read. */
  const current = (resource: EcommerceResource, id: string, version: number): Row => {
    const row = tables[resource].get(id);
    if (!row) throw notFound();
    if (row.version !== version) throw staleVersion();
    return row;
  };

  const write = (resource: EcommerceResource, id: string, row: Row | null) => {
    if (row) tables[resource].set(id, row);
    else tables[resource].delete(id);
    session.changes[resource][id] = row;
    views = {};
    save();
  };

  const viewOf = (resource: EcommerceResource, id: string) => CONFIGS[resource].read(tables[resource].get(id)!, reader);

  const list = (resource: EcommerceResource, request: unknown): ListResponse<Row> => {
    const config = configOf(resource);
    const query = parse(config.listSchema, request);
    const key = searchKey(query.search as string | undefined);
    const [field, direction] = String(query.sort ?? config.defaultSort).split(':');
    const valueOf =
      config.sortValues?.[field] ??
      ((row: Row) => (typeof row[field] === 'string' ? sortText(row[field]) : row[field]));
    const matching = allOf(resource).filter(
      (row) =>
        config.equalities.every((name) => query[name] === undefined || row[name] === query[name]) &&
        (config.matches?.(row, query) ?? true) &&
        (key === null || textsOf(resource, row).some((text) => wordPrefix(text, key))),
    );
    // Ties are broken by id, so every sort is stable, and its descending order is the ascending one reversed.
    const sign = direction === 'desc' ? -1 : 1;
    const sorted = matching
      .map((row) => ({ row, value: valueOf(row) }))
      .sort((a, b) => sign * (compare(a.value, b.value) || compare(a.row.id, b.row.id)))
      .map(({ row }) => row);
    const page = query.page as number;
    const pageSize = query.pageSize as number;
    return { items: sorted.slice((page - 1) * pageSize, page * pageSize), total: sorted.length, page, pageSize };
  };

  const get = (resource: EcommerceResource, id: unknown): Row => {
    configOf(resource);
    if (typeof id !== 'string' || !tables[resource].has(id)) throw notFound();
    return viewOf(resource, id);
  };

  const create = (resource: EcommerceResource, request: unknown, actor = defaultActor): Row => {
    const config = configOf(resource);
    const fields = parse(config.createSchema, request);
    const issues = config.rules?.(fields, reader) ?? [];
    if (issues.length > 0) throw invalidArgument(issues);
    let serial = session.serials[resource];
    while (tables[resource].has(demoId(resource, serial))) serial++;
    session.serials[resource] = serial + 1;
    const id = demoId(resource, serial);
    const at = clock().toISOString();
    const row: Row = { id, version: 1, createdAt: at, createdBy: actor, updatedAt: at, updatedBy: actor, ...fields };
    if (resource === 'orders') {
      // Each line keeps the product's name as it was; an order without history starts at its status.
      row.lines = (fields.lines as { productId: string }[]).map((line) => ({
        ...line,
        productName: String(tables.products.get(line.productId)!.name),
      }));
      if ((fields.statusHistory as unknown[]).length === 0)
        row.statusHistory = [{ status: fields.status, at: fields.placedAt, by: actor }];
    }
    write(resource, id, row);
    return viewOf(resource, id);
  };

  const update = (resource: EcommerceResource, request: unknown, actor = defaultActor): Row => {
    const config = configOf(resource);
    const { id, version, ...rest } = parse(config.updateSchema, request) as { id: string; version: number };
    const row = current(resource, id, version);
    const changes = sent(rest);
    const issues = config.rules?.(changes, reader, row) ?? [];
    if (issues.length > 0) throw invalidArgument(issues);
    // An update that changes nothing writes nothing (as on the server): the version stays.
    if (Object.entries(changes).every(([name, value]) => sameValue(row[name], value))) return viewOf(resource, id);
    const at = clock().toISOString();
    const next: Row = { ...row, ...changes, version: version + 1, updatedAt: at, updatedBy: actor };
    if (resource === 'orders' && changes.status !== undefined && changes.status !== row.status) {
      next.statusHistory = [
        ...(row.statusHistory as StoredOrder['statusHistory']),
        { status: changes.status, at, by: actor },
      ];
    }
    write(resource, id, next);
    return viewOf(resource, id);
  };

  const remove = (resource: EcommerceResource, request: unknown): DeleteResponse => {
    configOf(resource);
    const { id, version } = parse(deleteSchema, request) as { id: string; version: number };
    current(resource, id, version);
    // Orders keep their lines' product names: a product may go while orders name it.
    write(resource, id, null);
    return { id };
  };

  return {
    seed,
    now,
    list: async (resource, request) => list(resource, request) as ListResponse<never>,
    get: async (resource, id) => get(resource, id) as never,
    create: async (resource, request, actor) => create(resource, request, actor) as never,
    update: async (resource, request, actor) => update(resource, request, actor) as never,
    remove: async (resource, request) => remove(resource, request),
    all: (resource) => allOf(resource) as never,
    reset: () => {
      clearSession(storage, DEMO_STORAGE_KEY);
      start(undefined);
    },
  };
}
