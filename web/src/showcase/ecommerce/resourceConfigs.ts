// What each resource of the e-commerce demo reads, searches, filters, sorts and checks, and one page of a list.
import type { z } from 'zod';
import {
  forbiddenKeyIssues,
  normalizeSearch,
  searchKey,
  validate,
  type FieldIssue,
  type ListResponse,
} from '@trialdesk/shared';
import { fieldIssue, invalidArgument } from './errors';
import type { EcommerceResource, Row, Tables } from './sampleRecords';
import {
  customerCreateSchema,
  customerListSchema,
  customerUpdateSchema,
  ORDER_TRANSITIONS,
  orderCreateSchema,
  orderListSchema,
  orderTotal,
  orderUpdateSchema,
  productCreateSchema,
  productListSchema,
  productUpdateSchema,
  sellerCreateSchema,
  sellerListSchema,
  sellerUpdateSchema,
  shopCreateSchema,
  shopListSchema,
  shopUpdateSchema,
  type Order,
  type OrderStatus,
  type StoredOrder,
} from './schemas';

/** The same text as the search compares it: lowercase, accents folded, punctuation as spaces. */
export const folded = (value: unknown) => normalizeSearch(String(value ?? ''));
/** Text as sorts compare it: lowercase, accents folded ("Émilie" between "Emma" and "Ethan"). */
const sortText = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** How a resource reads the others: their records, and a record's name by id. */
export interface Reader {
  tables: Tables;
  name: (resource: EcommerceResource, id: unknown) => string | null;
}

/** A resource's list, read and write behaviour. */
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
  /** What a write stores beyond the fields sent and the stamps (`row`: an update's record before it). */
  stored?: (next: Row, reader: Reader, actor: string, row?: Row) => Row;
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
    stored: (next, reader, actor, row) => {
      if (row) {
        // A new status joins the history, with its time and who moved it.
        if (next.status === row.status) return next;
        const history = row.statusHistory as StoredOrder['statusHistory'];
        return { ...next, statusHistory: [...history, { status: next.status, at: next.updatedAt, by: actor }] };
      }
      // Each line keeps the product's name as it was; an order without history starts at its status.
      const lines = (next.lines as { productId: string }[]).map((line) => ({
        ...line,
        productName: String(reader.tables.products.get(line.productId)!.name),
      }));
      const started = (next.statusHistory as unknown[]).length > 0;
      return {
        ...next,
        lines,
        statusHistory: started ? next.statusHistory : [{ status: next.status, at: next.placedAt, by: actor }],
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

/** A resource's configuration; refused (invalid-argument) for a name that is no resource, like `toString`. */
export function configOf(resource: EcommerceResource): ResourceConfig {
  if (!Object.hasOwn(CONFIGS, resource)) throw invalidArgument([fieldIssue('resource', 'validation.oneOf')]);
  return CONFIGS[resource];
}

/** The request parsed by `schema`, or invalid-argument with its issues (prototype keys included). */
export function parseRequest(schema: z.ZodType, request: unknown): Record<string, unknown> {
  const forbidden = forbiddenKeyIssues(request);
  if (forbidden.length > 0) throw invalidArgument(forbidden);
  const result = validate(schema, request);
  if (!result.ok) throw invalidArgument(result.issues);
  return result.value as Record<string, unknown>;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Called for every pair a sort compares: no destructuring, which allocates in unoptimised code.
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Does `text` hold `key` at the start of one of its words (both folded)? */
const wordPrefix = (text: string, key: string) => text.startsWith(key) || text.includes(` ${key}`);

/**
 * One page of a resource's records as read (`rows`), as its parsed list request asks: filtered, searched in the
 * texts `textsOf` gives (folded), sorted.
 */
export function listPage(
  config: ResourceConfig,
  rows: readonly Row[],
  query: Record<string, unknown>,
  textsOf: (row: Row) => string[],
): ListResponse<Row> {
  const key = searchKey(query.search as string | undefined);
  const [field, direction] = String(query.sort ?? config.defaultSort).split(':');
  const valueOf =
    config.sortValues?.[field] ?? ((row: Row) => (typeof row[field] === 'string' ? sortText(row[field]) : row[field]));
  const matching = rows.filter(
    (row) =>
      config.equalities.every((name) => query[name] === undefined || row[name] === query[name]) &&
      (config.matches?.(row, query) ?? true) &&
      (key === null || textsOf(row).some((text) => wordPrefix(text, key))),
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
}
