import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../tenancy/merchants.table.ts';

/*
 * A merchant's outlets and their cashiers (business-rules §6: staff redeem vouchers in store and
 * enter a store or outlet code). Codes are kept only as keyed hashes (outlet-code-key.ts).
 */

export const outlets = pgTable(
  'outlets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    codeHash: text('code_hash').notNull(),
    /** A cashier's own code is asked too, when the merchant wants to know who redeemed. */
    requiresCashierCode: boolean('requires_cashier_code').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('outlets_merchant_code_key').on(table.merchantId, table.codeHash)],
);

export const cashiers = pgTable(
  'cashiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    name: text('name').notNull(),
    codeHash: text('code_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('cashiers_outlet_code_key').on(table.outletId, table.codeHash), index('cashiers_outlet_idx').on(table.outletId)],
);

export type OutletRow = typeof outlets.$inferSelect;
export type CashierRow = typeof cashiers.$inferSelect;
