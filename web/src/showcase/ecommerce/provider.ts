// The e-commerce demo's data provider: its records in the browser, behind the callables' list, get and write contract.
import { z } from 'zod';
import { versioned, type DeleteResponse, type ListResponse } from '@trialdesk/shared';
import { browserSessionStore, type SessionStore } from '../../core/sessionStore';
import { notFound, invalidArgument, staleVersion } from './errors';
import { generateDemoData } from './generate';
import { configOf, folded, listPage, parseRequest, type Reader } from './resourceConfigs';
import { demoId, type DemoData, type EcommerceResource, type Row, type Tables } from './sampleRecords';
import {
  type Customer,
  type CustomerCreate,
  type CustomerListQuery,
  type CustomerUpdate,
  type Order,
  type OrderCreate,
  type OrderListQuery,
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
} from './schemas';
import { clearDemoSession, loadDemoSession, newSession, saveDemoSession, tablesOf, type Session } from './session';

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
  storage?: SessionStore | null;
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
  const stored = data ? undefined : loadDemoSession(storage, seed);
  const now = stored?.now ?? new Date(options.now).toISOString();
  const base = data ?? generateDemoData({ seed, now });

  let tables: Tables;
  let session: Session;
  /** Records as read, per resource: rebuilt after any change, since a record reads names from others. */
  let views: Partial<Record<EcommerceResource, Row[]>> = {};
  const searchTexts = new WeakMap<Row, string[]>();

  const start = (from: Session | undefined) => {
    tables = tablesOf(base, from);
    session = from ?? newSession(seed, now, tables);
    views = {};
  };
  start(stored);

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
    (views[resource] ??= [...tables[resource].values()].map((row) => configOf(resource).read(row, reader)));

  const textsOf = (resource: EcommerceResource) => (view: Row) => {
    let texts = searchTexts.get(view);
    if (!texts) searchTexts.set(view, (texts = configOf(resource).searchTexts(view).map(folded)));
    return texts;
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
    saveDemoSession(storage, session);
  };

  const viewOf = (resource: EcommerceResource, id: string) =>
    configOf(resource).read(tables[resource].get(id)!, reader);

  const list = (resource: EcommerceResource, request: unknown): ListResponse<Row> => {
    const config = configOf(resource);
    return listPage(config, allOf(resource), parseRequest(config.listSchema, request), textsOf(resource));
  };

  const get = (resource: EcommerceResource, id: unknown): Row => {
    configOf(resource);
    if (typeof id !== 'string' || !tables[resource].has(id)) throw notFound();
    return viewOf(resource, id);
  };

  const create = (resource: EcommerceResource, request: unknown, actor = defaultActor): Row => {
    const config = configOf(resource);
    const fields = parseRequest(config.createSchema, request);
    const issues = config.rules?.(fields, reader) ?? [];
    if (issues.length > 0) throw invalidArgument(issues);
    let serial = session.serials[resource];
    while (tables[resource].has(demoId(resource, serial))) serial++;
    session.serials[resource] = serial + 1;
    const id = demoId(resource, serial);
    const at = clock().toISOString();
    const row: Row = { id, version: 1, createdAt: at, createdBy: actor, updatedAt: at, updatedBy: actor, ...fields };
    write(resource, id, config.stored?.(row, reader, actor) ?? row);
    return viewOf(resource, id);
  };

  const update = (resource: EcommerceResource, request: unknown, actor = defaultActor): Row => {
    const config = configOf(resource);
    const { id, version, ...rest } = parseRequest(config.updateSchema, request) as { id: string; version: number };
    const row = current(resource, id, version);
    const changes = sent(rest);
    const issues = config.rules?.(changes, reader, row) ?? [];
    if (issues.length > 0) throw invalidArgument(issues);
    // An update that changes nothing writes nothing (as on the server): the version stays.
    if (Object.entries(changes).every(([name, value]) => sameValue(row[name], value))) return viewOf(resource, id);
    const at = clock().toISOString();
    const next: Row = { ...row, ...changes, version: version + 1, updatedAt: at, updatedBy: actor };
    write(resource, id, config.stored?.(next, reader, actor, row) ?? next);
    return viewOf(resource, id);
  };

  const remove = (resource: EcommerceResource, request: unknown): DeleteResponse => {
    configOf(resource);
    const { id, version } = parseRequest(deleteSchema, request) as { id: string; version: number };
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
      clearDemoSession(storage);
      start(undefined);
    },
  };
}
