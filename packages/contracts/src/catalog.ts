import { z } from 'zod';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import { CUSTOM_VALUE_MAX_AMOUNT, LEDGER_AMOUNT_MAX } from '@kartu/core/constants';
import { imageSchema } from './media.ts';

/* Every price and total here is the server's (docs/decisions/020-catalog-and-cart.md). */

export const productTypes = PRODUCT_TYPES;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

/** `recommended` is the merchant's own order. */
export const catalogSorts = ['recommended', 'newest', 'price_asc', 'price_desc', 'name_asc'] as const;
export const catalogSortSchema = z.enum(catalogSorts);
export type CatalogSort = z.infer<typeof catalogSortSchema>;

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Per unit; money in minor units of `currency`. At least one of points and money is set. */
export const productPriceSchema = z.object({
  points: amount.nullable(),
  money: amount.nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

/** business-rules §9 ('>100'): exact only from 1 to 100, so a merchant's stock levels are not read off the app. */
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
  weightGrams: z.number().int().min(0).nullable(),
  /** Gold and other precious metals: at most 3 per transaction (business-rules §9). */
  isPreciousMetal: z.boolean(),
  /** The member chooses the price, in minor units, from `min` to `max` (business-rules §5); its price is then `min`. */
  customValue: z.object({ min: amount, max: amount, isDonation: z.boolean() }).nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  description: z.string().nullable(),
  terms: z.string().nullable(),
  photo: imageSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const catalogCardParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
export const productParamsSchema = catalogCardParamsSchema.extend({
  productType: productTypeSchema,
  productId: z.string().min(1).max(64),
});

const priceBound = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Price filters compare points, so a money-only product is left out while one is set. Min above max is CATALOG_PRICE_RANGE. */
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
  /** Every category with products on sale, whatever the filter. */
  categories: z.array(catalogCategorySchema),
  data: z.array(productSummarySchema),
  total: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const productAnswerSchema = z.object({ data: productDetailSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/* The cart lives on the device (app-core §3; cleared on logout, §4); the server never takes a client's figures. */

export const cartItemSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(10_000),
  /** Minor units; the product's own range is checked by the quote, not here. */
  value: z.number().int().min(0).max(LEDGER_AMOUNT_MAX).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartQuoteBodySchema = z.object({ items: z.array(cartItemSchema).max(50) });
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;

export const cartProblemCodes = [
  /** Physical items and e-vouchers cannot share a cart (business-rules §5). */
  'mixed_physical_and_evoucher',
  /** An item of an exclusive category is in the cart with other items (app-core §6). */
  'exclusive_category',
  /** More than 3 gold or precious-metal items (business-rules §9). */
  'precious_metal_limit',
  'out_of_stock',
  /** Also when above the stock. */
  'quantity_above_max',
  'unavailable',
  'custom_value_required',
  /** `limit` is the product's minimum. */
  'custom_value_below_minimum',
  /** `limit` is the product's maximum, at most Rp 100,000,000 (business-rules §9). */
  'custom_value_above_maximum',
] as const;
export const cartProblemCodeSchema = z.enum(cartProblemCodes);
export type CartProblemCode = z.infer<typeof cartProblemCodeSchema>;

export const cartProblemSchema = z.object({
  code: cartProblemCodeSchema,
  productId: z.string().optional(),
  limit: z.number().int().min(0).optional(),
});
export type CartProblem = z.infer<typeof cartProblemSchema>;

export const cartLineSchema = z.object({
  product: productSummarySchema,
  quantity: z.number().int().min(1),
  value: amount.nullable(),
  /** Unit price × quantity. */
  points: amount,
  money: amount,
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartQuoteSchema = z.object({
  /** Only the lines still on sale, in the order sent. */
  lines: z.array(cartLineSchema),
  subtotal: z.object({ points: amount, money: amount, currency: z.string() }),
  problems: z.array(cartProblemSchema),
  isValid: z.boolean(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/* Integration API (docs/integration.md): exact stock, which members never see. */

export const integrationProgramParamsSchema = z.object({ programId: z.string().min(1).max(64) });
export const integrationProductParamsSchema = integrationProgramParamsSchema.extend({ sku: z.string().trim().min(1).max(64) });

const limitedText = (max: number) => z.string().trim().min(1).max(max);

/** Made or updated by its SKU. */
export const integrationProductBodySchema = z
  .object({
    sku: limitedText(64),
    name: limitedText(200),
    /** Made when the program has no category of that name. */
    category: limitedText(100),
    /** Left as it is when absent. */
    categoryExclusive: z.boolean().optional(),
    type: productTypeSchema,
    pricePoints: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    /** Minor units of the merchant's currency. */
    priceMoney: z.number().int().min(0).max(1_000_000_000_000).nullable().default(null),
    /** Null: no stock count (unlimited). */
    stock: z.number().int().min(0).max(100_000_000).nullable().default(null),
    maxPerOrder: z.number().int().min(1).max(10_000).default(10),
    weightGrams: z.number().int().min(0).max(1_000_000).nullable().default(null),
    isPreciousMetal: z.boolean().default(false),
    /** Minor units; priceMoney is the minimum. */
    customValueMax: z.number().int().min(1).max(CUSTOM_VALUE_MAX_AMOUNT).nullable().default(null),
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
/** A product after a change to its stock or picture. */
export const integrationProductChangeAnswerSchema = z.object({ data: integrationProductSchema });

/** The image upload's body is the picture itself, at most 10 MB (business-rules §5). */
export const productImageContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const integrationStockBodySchema = z.object({ stock: z.number().int().min(0).max(100_000_000).nullable() });
