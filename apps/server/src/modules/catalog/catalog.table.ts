import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import { CUSTOM_VALUE_MAX_AMOUNT } from '@kartu/core/constants';
import { isOneOf } from '../../db/checks.ts';
import { images } from '../media/images.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/*
 * A program's catalog (docs/decisions/020-catalog-and-cart.md): what the members holding its cards
 * buy with the card's points, with money, or with both.
 */

export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    /** Its items are bought on their own (app-core §6 exclusive item categories). */
    isExclusive: boolean('is_exclusive').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalog_categories_program_idx').on(table.programId, table.sortOrder), unique('catalog_categories_program_name_key').on(table.programId, table.name)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => catalogCategories.id),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    /** The merchant's own reference (a SKU), unique in the program: imports update by it. */
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    terms: text('terms'),
    imageId: uuid('image_id').references(() => images.id),
    /** In the card's unit (points or stamps); null when the product is sold for money alone. */
    pricePoints: bigint('price_points', { mode: 'bigint' }),
    /** In minor units of `currency`; null when the product is sold for points alone. */
    priceMinor: bigint('price_minor', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    /** Units left; null for a product with no stock count (e.g. a digital one). */
    stock: integer('stock'),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    weightGrams: integer('weight_grams'),
    isPreciousMetal: boolean('is_precious_metal').notNull().default(false),
    /** A custom_value product's own maximum value (its minimum is priceMinor); null for the general cap. */
    customValueMaxMinor: bigint('custom_value_max_minor', { mode: 'bigint' }),
    /** A custom_value product given to a cause: its minimum is the minimum donation. */
    isDonation: boolean('is_donation').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_program_idx').on(table.programId, table.sortOrder),
    index('products_category_idx').on(table.categoryId),
    unique('products_program_sku_key').on(table.programId, table.sku),
    check('products_type_check', isOneOf(table.type, PRODUCT_TYPES)),
    check('products_price_check', sql`${table.pricePoints} is not null or ${table.priceMinor} is not null`),
    check('products_price_sign_check', sql`coalesce(${table.pricePoints}, 0) >= 0 and coalesce(${table.priceMinor}, 0) >= 0`),
    check('products_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    // Stock is taken under a row lock at checkout; it never goes below zero.
    check('products_stock_check', sql`${table.stock} is null or ${table.stock} >= 0`),
    check('products_max_per_order_check', sql`${table.maxPerOrder} >= 1`),
    check('products_weight_check', sql`${table.weightGrams} is null or ${table.weightGrams} >= 0`),
    // A custom value is chosen in money, from the minimum (priceMinor) to at most CUSTOM_VALUE_MAX_AMOUNT.
    check(
      'products_custom_value_check',
      sql`${table.type} <> 'custom_value' or (${table.pricePoints} is null and ${table.priceMinor} between 1 and ${sql.raw(String(CUSTOM_VALUE_MAX_AMOUNT))} and (${table.customValueMaxMinor} is null or ${table.customValueMaxMinor} between ${table.priceMinor} and ${sql.raw(String(CUSTOM_VALUE_MAX_AMOUNT))}))`,
    ),
    check('products_custom_value_only_check', sql`${table.type} = 'custom_value' or (${table.customValueMaxMinor} is null and not ${table.isDonation})`),
  ],
);

export type CatalogCategoryRow = typeof catalogCategories.$inferSelect;
export type NewCatalogCategoryRow = typeof catalogCategories.$inferInsert;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
