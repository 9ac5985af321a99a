// The e-commerce sample's records as stored, their ids and stamps, and what the generator draws them from.
import type { RecordMeta } from '@trialdesk/shared';
import type { Random } from './random';
import type { StoredCustomer, StoredOrder, StoredProduct, StoredSeller, StoredShop } from './schemas';

/** Every record of the demo, as stored. */
export interface DemoData {
  shops: StoredShop[];
  sellers: StoredSeller[];
  products: StoredProduct[];
  customers: StoredCustomer[];
  orders: StoredOrder[];
}
export type EcommerceResource = keyof DemoData;
export const ECOMMERCE_RESOURCES: readonly EcommerceResource[] = [
  'products',
  'sellers',
  'customers',
  'shops',
  'orders',
];

/** A record as the provider keeps it, and each resource's records by id. */
export type Row = RecordMeta & Record<string, unknown>;
export type Tables = Record<EcommerceResource, Map<string, Row>>;

/** How many records of each kind the sample holds. */
export const DEMO_COUNTS = { shops: 20, sellers: 50, products: 200, customers: 300, orders: 1_000 } as const;

/** Who created and last changed the sample records. */
export const DEMO_ACTOR = 'demo-seed';

/** Record ids: a prefix and a zero-padded serial number (orders are numbered from 100001). */
const ID_FORMATS: Record<EcommerceResource, { prefix: string; width: number; first: number }> = {
  shops: { prefix: 'shop', width: 2, first: 1 },
  sellers: { prefix: 'seller', width: 3, first: 1 },
  products: { prefix: 'product', width: 4, first: 1 },
  customers: { prefix: 'customer', width: 4, first: 1 },
  orders: { prefix: 'order', width: 6, first: 100_001 },
};

/** The id of a resource's record numbered `serial` (0 for the first). */
export function demoId(resource: EcommerceResource, serial: number): string {
  const { prefix, width, first } = ID_FORMATS[resource];
  return `${prefix}-${String(first + serial).padStart(width, '0')}`;
}

/** The serial number of an id `demoId` gave, or -1 for another id. */
export function serialOf(resource: EcommerceResource, id: string): number {
  const { prefix, first } = ID_FORMATS[resource];
  const match = new RegExp(`^${prefix}-(\\d+)$`).exec(id);
  return match ? Number(match[1]) - first : -1;
}

// ---- instants and stamps ----

const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Instants are kept in whole seconds. */
export const seconds = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A record's stamps: a record at version 1 was last changed when it was created. */
export const meta = (id: string, createdMs: number, updatedMs: number, version: number) => ({
  id,
  version,
  createdAt: iso(createdMs),
  createdBy: DEMO_ACTOR,
  updatedAt: iso(version === 1 ? createdMs : Math.max(createdMs, updatedMs)),
  updatedBy: DEMO_ACTOR,
});

/** What every step of the generator draws from: the seeded sequence and the instants around `now`. */
export interface Draw {
  random: Random;
  nowMs: number;
  yearAgo: number;
  /** An instant between two others (the first when they are in the wrong order). */
  between: (from: number, to: number) => number;
  daysAgo: (min: number, max: number) => number;
}

/** When each shop opened, and closed (Infinity while open). */
export const shopTimes = (shops: readonly StoredShop[]) => ({
  opened: shops.map((shop) => Date.parse(shop.createdAt)),
  closed: shops.map((shop) => (shop.status === 'Closed' ? Date.parse(shop.updatedAt) : Infinity)),
});
