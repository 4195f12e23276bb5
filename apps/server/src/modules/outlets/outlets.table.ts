import { boolean, char, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
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

/**
 * A member's visit to a store, the store's code typed at its counter (a mission's visit_store task,
 * docs/decisions/044-missions.md): one a store and merchant day.
 */
export const storeVisits = pgTable(
  'store_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    /** The merchant's calendar day of the visit. */
    visitDay: date('visit_day', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('store_visits_daily_key').on(table.userId, table.outletId, table.visitDay), index('store_visits_member_idx').on(table.merchantId, table.userId, table.visitedAt)],
);

export type OutletRow = typeof outlets.$inferSelect;
export type StoreVisitRow = typeof storeVisits.$inferSelect;
export type CashierRow = typeof cashiers.$inferSelect;
