import { z } from 'zod';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import { CUSTOM_VALUE_MAX_AMOUNT, LEDGER_AMOUNT_MAX } from '@kartu/core/constants';
import { imageSchema } from './media.ts';

/*
 * A card's catalog: the merchant's products a member buys with the card's points, with money, or
 * with both (docs/decisions/020-catalog-and-cart.md). Every price and total here is the server's.
 */

export const productTypes = PRODUCT_TYPES;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

/** The orders a product list is shown in. `recommended` is the merchant's own order. */
export const catalogSorts = ['recommended', 'newest', 'price_asc', 'price_desc', 'name_asc'] as const;
export const catalogSortSchema = z.enum(catalogSorts);
export type CatalogSort = z.infer<typeof catalogSortSchema>;

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * What one unit costs: points of the card's balance, money in minor units of `currency`, or both
 * (a mixed price). At least one of the two is set.
 */
export const productPriceSchema = z.object({
  points: amount.nullable(),
  money: amount.nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

/**
 * Stock as members may see it (business-rules §9: '>100'): the exact count only from 1 to 100, so
 * a merchant's stock levels are not read off the app. `unlimited` is a product with no stock count.
 */
export const productStockSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('out_of_stock') }),
  z.object({ status: z.literal('in_stock'), count: z.number().int().min(1).max(100) }),
  z.object({ status: z.literal('more_than_100') }),
  z.object({ status: z.literal('unlimited') }),
]);
export type ProductStock = z.infer<typeof productStockSchema>;

export const catalogCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Items of an exclusive category are bought on their own: a cart holding one holds no others. */
  isExclusive: z.boolean(),
  productCount: z.number().int().min(0),
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

export const productSummarySchema = z.object({
  id: z.string(),
  type: productTypeSchema,
  name: z.string(),
  category: catalogCategorySchema.pick({ id: true, name: true, isExclusive: true }),
  image: imageSchema.nullable(),
  price: productPriceSchema,
  stock: productStockSchema,
  /** The most one order takes (app-core §5); 0 when none can be bought now (out of stock). */
  maxPerOrder: z.number().int().min(0),
  /** Grams, for physical items; shown in gr or kg by the core formatter. */
  weightGrams: z.number().int().min(0).nullable(),
  /** Gold and other precious metals: at most 3 per transaction (business-rules §9). */
  isPreciousMetal: z.boolean(),
  /**
   * A custom-value product (type custom_value): the member chooses what it costs, in minor units,
   * from `min` to `max` (business-rules §5); its price is then `min`. Null for every other product.
   */
  customValue: z.object({ min: amount, max: amount, isDonation: z.boolean() }).nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  description: z.string().nullable(),
  terms: z.string().nullable(),
  /** The larger picture the detail page shows. */
  photo: imageSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const catalogCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
export const productParamsSchema = catalogCardParamsSchema.extend({
  productType: productTypeSchema,
  productId: z.string().min(1).max(64),
});

const priceBound = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * GET /api/v2/cards/{cardId}/catalogs: one page of the card's products. The price filter compares
 * points (the card's own unit); a product sold for money alone has no points price and is left
 * out while a price filter is set. A minimum above the maximum is refused (CATALOG_PRICE_RANGE).
 */
export const catalogQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  categoryId: z.string().min(1).max(64).optional(),
  type: productTypeSchema.optional(),
  sort: catalogSortSchema.default('recommended'),
  minPrice: priceBound.optional(),
  maxPrice: priceBound.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CatalogQuery = z.input<typeof catalogQuerySchema>;

export const catalogPageSchema = z.object({
  /** Every category with products on sale, whatever the filter: the chips above the list. */
  categories: z.array(catalogCategorySchema),
  data: z.array(productSummarySchema),
  /** Products matching the filter, over all pages. */
  total: z.number().int().min(0),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const productAnswerSchema = z.object({ data: productDetailSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/*
 * The cart lives on the member's device (app-core §3 'shopping cart'; cleared on logout, §4): the
 * server prices it on every change and again at checkout, and never takes a client's figures.
 */

export const cartItemSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(10_000),
  /** The value chosen for a custom-value product, in minor units; the quote says when it is out of range. */
  value: z.number().int().min(0).max(LEDGER_AMOUNT_MAX).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** POST /api/v2/cards/{cardId}/carts/quote */
export const cartQuoteBodySchema = z.object({ items: z.array(cartItemSchema).max(50) });
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;

/** Why a cart cannot be checked out as it is; the app shows each beside its line or above the cart. */
export const cartProblemCodes = [
  /** Physical items and e-vouchers cannot share a cart (business-rules §5). */
  'mixed_physical_and_evoucher',
  /** An item of an exclusive category is in the cart with other items (app-core §6). */
  'exclusive_category',
  /** More than 3 gold or precious-metal items (business-rules §9). */
  'precious_metal_limit',
  'out_of_stock',
  /** More than the product's maximum per order, or than its stock. */
  'quantity_above_max',
  /** No longer on sale, or not in this card's catalog. */
  'unavailable',
  /** A custom-value product sent without a value. */
  'custom_value_required',
  /** A custom value below the product's minimum (for a donation, the minimum donation); `limit` is it. */
  'custom_value_below_minimum',
  /** A custom value above the product's maximum, at most Rp 100,000,000 (business-rules §9); `limit` is it. */
  'custom_value_above_maximum',
] as const;
export const cartProblemCodeSchema = z.enum(cartProblemCodes);
export type CartProblemCode = z.infer<typeof cartProblemCodeSchema>;

export const cartProblemSchema = z.object({
  code: cartProblemCodeSchema,
  /** The line it is about; absent for a rule about the whole cart. */
  productId: z.string().optional(),
  /** The limit that applies, e.g. the maximum quantity. */
  limit: z.number().int().min(0).optional(),
});
export type CartProblem = z.infer<typeof cartProblemSchema>;

export const cartLineSchema = z.object({
  product: productSummarySchema,
  quantity: z.number().int().min(1),
  /** The value chosen for a custom-value product, its unit price; null for every other product. */
  value: amount.nullable(),
  /** Unit price × quantity. */
  points: amount,
  money: amount,
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartQuoteSchema = z.object({
  /** The cart's lines still on sale, in the order sent. */
  lines: z.array(cartLineSchema),
  subtotal: z.object({ points: amount, money: amount, currency: z.string() }),
  problems: z.array(cartProblemSchema),
  /** True when the cart can go to checkout as it is. */
  isValid: z.boolean(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/*
 * The merchant's catalog through the integration API (docs/integration.md): products by SKU, with
 * their exact stock, which members never see.
 */

export const integrationProgramParamsSchema = z.object({ programId: z.string().min(1).max(64) });
export const integrationProductParamsSchema = integrationProgramParamsSchema.extend({ sku: z.string().trim().min(1).max(64) });

const limitedText = (max: number) => z.string().trim().min(1).max(max);

/** POST /integration/v1/programs/{programId}/products: a product made or updated by its SKU. */
export const integrationProductBodySchema = z
  .object({
    sku: limitedText(64),
    name: limitedText(200),
    /** The category's name: made when the program has none of that name. */
    category: limitedText(100),
    /** Sets whether the category's items are bought on their own; left as it is when absent. */
    categoryExclusive: z.boolean().optional(),
    type: productTypeSchema,
    pricePoints: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    /** In minor units of the merchant's currency. */
    priceMoney: z.number().int().min(0).max(1_000_000_000_000).nullable().default(null),
    /** Null for a product with no stock count. */
    stock: z.number().int().min(0).max(100_000_000).nullable().default(null),
    maxPerOrder: z.number().int().min(1).max(10_000).default(10),
    weightGrams: z.number().int().min(0).max(1_000_000).nullable().default(null),
    isPreciousMetal: z.boolean().default(false),
    /** A custom_value product's own maximum, in minor units (priceMoney is its minimum); never above 100,000,000. */
    customValueMax: z.number().int().min(1).max(CUSTOM_VALUE_MAX_AMOUNT).nullable().default(null),
    /** A custom_value product that is a donation: its minimum reads "minimum donation". */
    isDonation: z.boolean().default(false),
    description: z.string().trim().max(5_000).nullable().default(null),
    terms: z.string().trim().max(5_000).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((product) => product.pricePoints !== null || product.priceMoney !== null, { message: 'A product needs pricePoints, priceMoney or both', path: ['pricePoints'] })
  .refine((product) => product.type !== 'custom_value' || (product.pricePoints === null && product.priceMoney !== null && product.priceMoney >= 1), {
    message: 'A custom_value product is priced in money alone: priceMoney is its minimum value, at least 1',
    path: ['priceMoney'],
  })
  .refine((product) => product.type !== 'custom_value' || product.customValueMax === null || product.priceMoney === null || product.customValueMax >= product.priceMoney, {
    message: 'customValueMax may not be below the minimum (priceMoney)',
    path: ['customValueMax'],
  })
  .refine((product) => product.type === 'custom_value' || (product.customValueMax === null && !product.isDonation), {
    message: 'customValueMax and isDonation are for custom_value products',
    path: ['customValueMax'],
  });
export type IntegrationProductBody = z.input<typeof integrationProductBodySchema>;

export const integrationProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.object({ id: z.string(), name: z.string(), isExclusive: z.boolean() }),
  type: productTypeSchema,
  pricePoints: amount.nullable(),
  priceMoney: amount.nullable(),
  currency: z.string(),
  stock: z.number().int().min(0).nullable(),
  maxPerOrder: z.number().int().min(1),
  weightGrams: z.number().int().min(0).nullable(),
  isPreciousMetal: z.boolean(),
  customValueMax: amount.nullable(),
  isDonation: z.boolean(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  active: z.boolean(),
  hasImage: z.boolean(),
});
export type IntegrationProduct = z.infer<typeof integrationProductSchema>;

export const integrationProductAnswerSchema = z.object({ data: integrationProductSchema, created: z.boolean() });
export const integrationProductListSchema = z.object({ data: z.array(integrationProductSchema) });

/**
 * POST /integration/v1/programs/{programId}/products/{sku}/image: the picture itself is the body, in
 * one of these types, at most 10 MB (business-rules §5); the answer is the product.
 */
export const productImageContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /integration/v1/programs/{programId}/products/{sku}/stock: the units left, counted at the merchant. */
export const integrationStockBodySchema = z.object({ stock: z.number().int().min(0).max(100_000_000).nullable() });
