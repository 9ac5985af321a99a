// E-commerce demo records: each one's schema (its fields' rules, limits and defaults), its requests, the record.
import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  LIMITS,
  listBase,
  multilineText,
  phoneSchema,
  requiredText,
  updateFields,
  versioned,
  type RecordMeta,
} from '@trialdesk/shared';

/** Limits of the demo's fields (names and emails reuse the product's own limits). */
export const ECOMMERCE_LIMITS = {
  productNameMax: 120,
  descriptionMax: 2_000,
  shopNameMax: 100,
  cityMax: 100,
  /** Prices are in Canadian dollars. */
  priceMax: 100_000,
  stockMax: 1_000_000,
  orderLinesMax: 50,
  quantityMax: 999,
  /** Six statuses, each reached once at most. */
  statusHistoryMax: 6,
} as const;

// ---- enumerations (their labels belong to the dictionary's enum groups) ----

export const PRODUCT_CATEGORIES = [
  'Electronics',
  'Home',
  'Kitchen',
  'Outdoors',
  'Apparel',
  'Books',
  'Toys',
  'Beauty',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_STATUSES = ['Published', 'Draft', 'Archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const SELLER_STATUSES = ['Active', 'Suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const CUSTOMER_STATUSES = ['Active', 'Blocked'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const SHOP_STATUSES = ['Open', 'Closed'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const ORDER_STATUSES = ['Pending', 'Paid', 'Shipped', 'Delivered', 'Cancelled', 'Refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an order may move to from each status; Cancelled and Refunded are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Paid', 'Cancelled'],
  Paid: ['Shipped', 'Cancelled', 'Refunded'],
  Shipped: ['Delivered', 'Refunded'],
  Delivered: ['Refunded'],
  Cancelled: [],
  Refunded: [],
};

/** Orders whose money the shop keeps: they count as revenue. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['Paid', 'Shipped', 'Delivered'];

/** Canadian provinces and territories, by their postal abbreviations. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

// ---- field rules shared by several records ----

/** A number with at most `decimals` decimals (binary fractions like 0.1 * 3 are accepted as written). */
const hasDecimals = (decimals: number) => (value: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** An amount in Canadian dollars: more than zero, cents at most. */
export const priceSchema = z
  .number()
  .min(0.01)
  .max(ECOMMERCE_LIMITS.priceMax)
  .refine(hasDecimals(2), { message: 'validation.invalid' });

/** A stock keeping unit: three letters, a dash, four digits (`ABC-1234`); typed lowercase, stored uppercase. */
export const skuSchema = requiredText(8)
  .overwrite((value) => value.toUpperCase())
  .regex(/^[A-Z]{3}-\d{4}$/, { message: 'validation.invalid' });

/** An instant, stored as UTC (`2024-05-01T08:00:00.000Z`) whatever offset it was written with. */
export const instantSchema = z.iso.datetime({ offset: true, message: 'validation.date' }).overwrite((value) => {
  // The rewrite runs after a failed format check too: a value that is no instant stays as it is, refused.
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
});

// ---- products ----

/** What a client writes of a product: the one place its fields, their limits and their defaults are written. */
export const productSchema = z.object({
  name: requiredText(ECOMMERCE_LIMITS.productNameMax),
  sku: skuSchema,
  category: z.enum(PRODUCT_CATEGORIES),
  price: priceSchema,
  stock: z.number().int().min(0).max(ECOMMERCE_LIMITS.stockMax).default(0),
  status: z.enum(PRODUCT_STATUSES).default('Draft'),
  shopId: idSchema,
  description: multilineText(ECOMMERCE_LIMITS.descriptionMax).default(''),
});
export type ProductValues = z.output<typeof productSchema>;

export const productCreateSchema = z.strictObject(productSchema.shape);
export type ProductCreate = z.input<typeof productCreateSchema>;

/** Partial update: only the fields sent change. */
export const productUpdateSchema = z.strictObject({ ...versioned, ...updateFields(productSchema) });
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const PRODUCT_SORTS = [
  'name:asc',
  'name:desc',
  'price:asc',
  'price:desc',
  'stock:asc',
  'stock:desc',
  'createdAt:desc',
  'createdAt:asc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Products: word-prefix search on the name and SKU; category, status and shop filters. */
export const productListSchema = z.strictObject({
  ...listBase,
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  shopId: idSchema.optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
});
export type ProductListQuery = z.input<typeof productListSchema>;

export interface Product extends RecordMeta, ProductValues {
  /** The shop's name, read with the product (null once the shop is deleted). */
  shopName: string | null;
}

// ---- sellers ----

/** What a client writes of a seller: the one place its fields, their limits and their defaults are written. */
export const sellerSchema = z.object({
  name: requiredText(LIMITS.displayNameMax),
  email: emailSchema,
  phone: phoneSchema.default(''),
  shopId: idSchema,
  status: z.enum(SELLER_STATUSES).default('Active'),
  /** Customers' average rating, 0 to 5 with one decimal; 0 until rated. */
  rating: z.number().min(0).max(5).refine(hasDecimals(1), { message: 'validation.invalid' }).default(0),
});
export type SellerValues = z.output<typeof sellerSchema>;

export const sellerCreateSchema = z.strictObject(sellerSchema.shape);
export type SellerCreate = z.input<typeof sellerCreateSchema>;

/** Partial update: only the fields sent change. */
export const sellerUpdateSchema = z.strictObject({ ...versioned, ...updateFields(sellerSchema) });
export type SellerUpdate = z.input<typeof sellerUpdateSchema>;

export const SELLER_SORTS = [
  'name:asc',
  'name:desc',
  'rating:desc',
  'rating:asc',
  'createdAt:desc',
  'createdAt:asc',
] as const;
export type SellerSort = (typeof SELLER_SORTS)[number];

/** Sellers: word-prefix search on the name and email; status and shop filters. */
export const sellerListSchema = z.strictObject({
  ...listBase,
  status: z.enum(SELLER_STATUSES).optional(),
  shopId: idSchema.optional(),
  sort: z.enum(SELLER_SORTS).optional(),
});
export type SellerListQuery = z.input<typeof sellerListSchema>;

export interface Seller extends RecordMeta, SellerValues {
  /** The shop's name, read with the seller (null once the shop is deleted). */
  shopName: string | null;
}

// ---- customers ----

/** What a client writes of a customer: the one place its fields, their limits and their defaults are written. */
export const customerSchema = z.object({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: emailSchema,
  phone: phoneSchema.default(''),
  city: requiredText(ECOMMERCE_LIMITS.cityMax),
  province: z.enum(PROVINCES),
  status: z.enum(CUSTOMER_STATUSES).default('Active'),
});
export type CustomerValues = z.output<typeof customerSchema>;

export const customerCreateSchema = z.strictObject(customerSchema.shape);
export type CustomerCreate = z.input<typeof customerCreateSchema>;

/** Partial update: only the fields sent change. */
export const customerUpdateSchema = z.strictObject({ ...versioned, ...updateFields(customerSchema) });
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

export const CUSTOMER_SORTS = [
  'lastName:asc',
  'lastName:desc',
  'email:asc',
  'email:desc',
  'createdAt:desc',
  'createdAt:asc',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Customers: word-prefix search on the full name, email and city; status and province filters. */
export const customerListSchema = z.strictObject({
  ...listBase,
  status: z.enum(CUSTOMER_STATUSES).optional(),
  province: z.enum(PROVINCES).optional(),
  sort: z.enum(CUSTOMER_SORTS).optional(),
});
export type CustomerListQuery = z.input<typeof customerListSchema>;

export type Customer = RecordMeta & CustomerValues;

// ---- shops ----

/** What a client writes of a shop: the one place its fields, their limits and their defaults are written. */
export const shopSchema = z.object({
  name: requiredText(ECOMMERCE_LIMITS.shopNameMax),
  city: requiredText(ECOMMERCE_LIMITS.cityMax),
  province: z.enum(PROVINCES),
  /** One of the shop's own sellers, or none. */
  ownerSellerId: idSchema.nullable().default(null),
  status: z.enum(SHOP_STATUSES).default('Open'),
});
export type ShopValues = z.output<typeof shopSchema>;

export const shopCreateSchema = z.strictObject(shopSchema.shape);
export type ShopCreate = z.input<typeof shopCreateSchema>;

/** Partial update: only the fields sent change. */
export const shopUpdateSchema = z.strictObject({ ...versioned, ...updateFields(shopSchema) });
export type ShopUpdate = z.input<typeof shopUpdateSchema>;

export const SHOP_SORTS = ['name:asc', 'name:desc', 'createdAt:desc', 'createdAt:asc'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** Shops: word-prefix search on the name and city; status and province filters. */
export const shopListSchema = z.strictObject({
  ...listBase,
  status: z.enum(SHOP_STATUSES).optional(),
  province: z.enum(PROVINCES).optional(),
  sort: z.enum(SHOP_SORTS).optional(),
});
export type ShopListQuery = z.input<typeof shopListSchema>;

export interface Shop extends RecordMeta, ShopValues {
  /** The owner's name, read with the shop (null without an owner, or once the owner is deleted). */
  ownerName: string | null;
}

// ---- orders ----

/** One line of an order: a product, how many, at what unit price (the price when the order was placed). */
export const orderLineSchema = z.strictObject({
  productId: idSchema,
  quantity: z.number().int().min(1).max(ECOMMERCE_LIMITS.quantityMax),
  unitPrice: priceSchema,
});

/** One step of an order's life: the status it reached, when, and who moved it there (a person's name). */
export const orderStatusEventSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  at: instantSchema,
  by: requiredText(LIMITS.displayNameMax),
});
export type OrderStatusEvent = z.output<typeof orderStatusEventSchema>;

/** What an order is made of: the one place its fields, their limits and their defaults are written. */
export const orderSchema = z.object({
  customerId: idSchema,
  shopId: idSchema,
  status: z.enum(ORDER_STATUSES).default('Pending'),
  lines: z.array(orderLineSchema).min(1).max(ECOMMERCE_LIMITS.orderLinesMax),
  placedAt: instantSchema,
  /** Oldest first, ending at the order's status; left empty, it starts with the status at `placedAt`. */
  statusHistory: z.array(orderStatusEventSchema).max(ECOMMERCE_LIMITS.statusHistoryMax).default([]),
});
export type OrderValues = z.output<typeof orderSchema>;

/**
 * A history, when given, is coherent with the order: placed first, each step an allowed move from the one before,
 * never earlier than it, the last one the order's status.
 */
function checkHistory(
  value: { status: OrderStatus; placedAt: string; statusHistory: OrderStatusEvent[] },
  ctx: z.RefinementCtx,
) {
  const history = value.statusHistory;
  if (history.length === 0) return;
  const coherent =
    history[0].at >= value.placedAt &&
    history.at(-1)!.status === value.status &&
    history.every(
      (event, i) =>
        i === 0 || (event.at >= history[i - 1].at && ORDER_TRANSITIONS[history[i - 1].status].includes(event.status)),
    );
  if (!coherent) ctx.addIssue({ code: 'custom', path: ['statusHistory'], message: 'validation.invalid' });
}

/** A new order (the demo's sample data; the screens never create one). */
export const orderCreateSchema = z.strictObject(orderSchema.shape).superRefine(checkHistory);
export type OrderCreate = z.input<typeof orderCreateSchema>;

/**
 * An order's update changes its status only (to one ORDER_TRANSITIONS allows): its parties, lines and placing
 * are fixed once placed, and its history grows with each change of status.
 */
export const orderUpdateSchema = z.strictObject({ ...versioned, ...updateFields(orderSchema.pick({ status: true })) });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

export const ORDER_SORTS = [
  'placedAt:desc',
  'placedAt:asc',
  'total:desc',
  'total:asc',
  'customerName:asc',
  'customerName:desc',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Orders: word-prefix search on the number, customer and shop; status, party, product and period filters. */
export const orderListSchema = z
  .strictObject({
    ...listBase,
    status: z.enum(ORDER_STATUSES).optional(),
    customerId: idSchema.optional(),
    shopId: idSchema.optional(),
    /** Orders with a line of this product. */
    productId: idSchema.optional(),
    /** Placed at or after this instant. */
    from: instantSchema.optional(),
    /** Placed at or before this instant. */
    to: instantSchema.optional(),
    sort: z.enum(ORDER_SORTS).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endBeforeStart' });
    }
  });
export type OrderListQuery = z.input<typeof orderListSchema>;

/** A line as stored: the product's name is kept as it was, so the order still reads once the product is gone. */
export type OrderLine = z.output<typeof orderLineSchema> & { productName: string };

export interface Order extends RecordMeta, Omit<OrderValues, 'lines'> {
  lines: OrderLine[];
  /** Sum of the lines' quantity times unit price, in dollars and cents. */
  total: number;
  /** Sum of the lines' quantities. */
  itemCount: number;
  /** "First Last" of the customer, read with the order (null once the customer is deleted). */
  customerName: string | null;
  /** The shop's name, read with the order (null once the shop is deleted). */
  shopName: string | null;
}

/** An order's total from its lines, computed in cents so it never drifts. */
export const orderTotal = (lines: readonly { quantity: number; unitPrice: number }[]): number =>
  lines.reduce((cents, line) => cents + Math.round(line.unitPrice * 100) * line.quantity, 0) / 100;

// ---- records as stored ----

/** The records as the demo stores them: the fields read from other records are added when they are read. */
export type StoredProduct = RecordMeta & ProductValues;
export type StoredSeller = RecordMeta & SellerValues;
export type StoredCustomer = Customer;
export type StoredShop = RecordMeta & ShopValues;
export type StoredOrder = RecordMeta & Omit<OrderValues, 'lines'> & { lines: OrderLine[] };
