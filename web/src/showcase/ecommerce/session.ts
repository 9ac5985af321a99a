// The e-commerce demo's session as sessionStorage keeps it: its changes over the sample, checked when read back.
import { z } from 'zod';
import { idSchema, versionSchema } from '@trialdesk/shared';
import { clearSession, loadSession, saveSession, type SessionStore } from '../../core/sessionStore';
import {
  ECOMMERCE_RESOURCES,
  serialOf,
  type DemoData,
  type EcommerceResource,
  type Row,
  type Tables,
} from './sampleRecords';
import {
  customerSchema,
  instantSchema,
  orderLineSchema,
  orderSchema,
  productSchema,
  sellerSchema,
  shopSchema,
} from './schemas';

/** The one storage key of the demo's session. */
export const DEMO_STORAGE_KEY = 'trialdesk.demo.ecommerce';

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
export type Session = {
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

/** The session `store` keeps for this seed; undefined when it keeps none (or one that cannot be read as one). */
export const loadDemoSession = (store: SessionStore | null, seed: number) =>
  loadSession(store, DEMO_STORAGE_KEY, sessionOf(seed));

/** Keeps the session in `store` (null: in memory only). */
export const saveDemoSession = (store: SessionStore | null, session: Session) =>
  saveSession(store, DEMO_STORAGE_KEY, session);

/** Forgets the session `store` keeps. */
export const clearDemoSession = (store: SessionStore | null) => clearSession(store, DEMO_STORAGE_KEY);

/** The records of `base` with a session's changes applied. */
export function tablesOf(base: DemoData, session: Session | undefined): Tables {
  const tables = Object.fromEntries(
    ECOMMERCE_RESOURCES.map((r) => [r, new Map((base[r] as unknown as Row[]).map((row) => [row.id, row]))]),
  ) as Tables;
  for (const r of ECOMMERCE_RESOURCES) {
    for (const [id, row] of Object.entries(session?.changes[r] ?? {})) {
      if (row) tables[r].set(id, row);
      else tables[r].delete(id);
    }
  }
  return tables;
}

/** A session with no change yet: each resource's next id after the highest the records hold. */
export const newSession = (seed: number, now: string, tables: Tables): Session => ({
  format: SESSION_FORMAT,
  seed,
  now,
  serials: Object.fromEntries(
    ECOMMERCE_RESOURCES.map((r) => [r, Math.max(-1, ...[...tables[r].keys()].map((id) => serialOf(r, id))) + 1]),
  ) as Record<EcommerceResource, number>,
  changes: Object.fromEntries(ECOMMERCE_RESOURCES.map((r) => [r, {}])) as Session['changes'],
});
