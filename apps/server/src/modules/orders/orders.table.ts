import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, char, boolean } from 'drizzle-orm/pg-core';
import { PRODUCT_TYPES } from '@kartu/core/cart';
import { deliveryMethods, orderStatuses, type DeliveryMethod, type FeeLineType } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { products } from '../catalog/catalog.table.ts';
import type { FeeRule } from '../../lib/fee-lines.ts';
import { paymentIntents } from '../payments/payments.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/*
 * Checkout and orders (docs/decisions/023-orders.md). An order keeps what was bought, at what price
 * and to where, as it was when placed: later changes to a product or an address do not reach it.
 */

/** One way a program's orders travel, with its shipping fee. */
export interface DeliveryOptionSetting {
  method: Exclude<DeliveryMethod, 'pickup' | 'none'>;
  feeMinor: number;
  /** From the nearest distributor to the address's pin; absent for no limit. */
  maxDistanceKm?: number;
  /** What the delivered items of one order may weigh together; absent for no limit. */
  maxWeightGrams?: number;
}

/** How a program's shop delivers and charges (set by the operator CLI; the demo seed sets Kopi Senja's). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    programId: uuid('program_id')
      .primaryKey()
      .references(() => programs.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /**
     * What one point is worth in minor units of the merchant's currency, when points the card lacks
     * may be paid in money (a mixed payment); null when they may not.
     */
    pointValueMinor: bigint('point_value_minor', { mode: 'bigint' }),
    /** The regencies and cities delivered to ('31.74'); null for everywhere. */
    coveredRegencyCodes: jsonb('covered_regency_codes').$type<string[]>(),
    deliveryOptions: jsonb('delivery_options').$type<DeliveryOptionSetting[]>().notNull().default([]),
    /** Fees on the money part of every order: application, admin, packaging, tax… */
    feeRules: jsonb('fee_rules').$type<FeeRule[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('shop_settings_point_value_check', sql`${table.pointValueMinor} is null or ${table.pointValueMinor} > 0`)],
);

/** Where a program's orders can be picked up (the distribution channel pages). */
export const distributors = pgTable(
  'distributors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    openingHours: text('opening_hours'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('distributors_program_idx').on(table.programId, table.sortOrder),
    check('distributors_location_check', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
  ],
);

export const promotionKinds = ['percent', 'points', 'money'] as const;

/**
 * A promo code of a program (business-rules §5): it takes a share, or a fixed number of points or
 * amount of money, off the physical items of an order whose physical items reach its minimum.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    /** As members type it, matched without regard to case; stored in capitals. */
    code: text('code').notNull(),
    kind: text('kind', { enum: promotionKinds }).notNull(),
    /** Basis points for `percent`, points for `points`, minor units for `money`. */
    value: bigint('value', { mode: 'bigint' }).notNull(),
    /** The least the physical items must come to, in points and in money; null for no minimum in that unit. */
    minimumPoints: bigint('minimum_points', { mode: 'bigint' }),
    minimumMinor: bigint('minimum_minor', { mode: 'bigint' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('promotions_program_code_key').on(table.programId, table.code),
    check('promotions_kind_check', isOneOf(table.kind, promotionKinds)),
    check('promotions_code_check', sql`${table.code} ~ '^[A-Z0-9-]{3,40}$'`),
    check('promotions_value_check', sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 10000)`),
  ],
);

/** Where an order goes, in the words the courier reads. */
export interface OrderDestination {
  recipientName: string;
  recipientPhone: string;
  fullAddress: string;
  note: string | null;
}

export interface StoredFeeLine {
  type: FeeLineType;
  amountMinor: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Short, printed on the receipt and said on the phone: unique per merchant. */
    number: text('number').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    deliveryMethod: text('delivery_method', { enum: deliveryMethods }).notNull(),
    destination: jsonb('destination').$type<OrderDestination>(),
    /** The destination's regency, for the merchant's reports and coverage. */
    regencyCode: text('regency_code'),
    distributorId: uuid('distributor_id').references(() => distributors.id),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    subtotalPoints: bigint('subtotal_points', { mode: 'bigint' }).notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'bigint' }).notNull(),
    /** The promo code or the e-voucher applied (one at most), and what it took off. */
    promoCode: text('promo_code'),
    voucherId: uuid('voucher_id'),
    discountPoints: bigint('discount_points', { mode: 'bigint' }).notNull().default(sql`0`),
    discountMinor: bigint('discount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    fees: jsonb('fees').$type<StoredFeeLine[]>().notNull(),
    /** Points taken from the card: the points price, less any shortfall paid in money. */
    pointsPaid: bigint('points_paid', { mode: 'bigint' }).notNull(),
    /** Money to pay through `payment_intent_id`: money prices, fees and any points shortfall. */
    moneyDueMinor: bigint('money_due_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The ledger entry that spent the points; reversed when the order fails, is cancelled or returned. */
    pointsEntryId: uuid('points_entry_id'),
    paymentIntentId: uuid('payment_intent_id').references(() => paymentIntents.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('orders_merchant_number_key').on(table.merchantId, table.number),
    index('orders_card_idx').on(table.cardId, table.createdAt),
    index('orders_merchant_status_idx').on(table.merchantId, table.programId, table.status, table.createdAt),
    check('orders_status_check', isOneOf(table.status, orderStatuses)),
    check('orders_delivery_method_check', isOneOf(table.deliveryMethod, deliveryMethods)),
    check('orders_amounts_check', sql`${table.subtotalPoints} >= 0 and ${table.subtotalMinor} >= 0 and ${table.pointsPaid} >= 0 and ${table.moneyDueMinor} >= 0`),
    check('orders_points_paid_check', sql`${table.pointsPaid} <= ${table.subtotalPoints} - ${table.discountPoints}`),
    check('orders_one_discount_check', sql`${table.promoCode} is null or ${table.voucherId} is null`),
    check('orders_discount_check', sql`${table.discountPoints} between 0 and ${table.subtotalPoints} and ${table.discountMinor} between 0 and ${table.subtotalMinor}`),
    check('orders_points_entry_check', sql`(${table.pointsPaid} > 0) = (${table.pointsEntryId} is not null)`),
    check('orders_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('orders_destination_check', sql`(${table.deliveryMethod} in ('instant', 'same_day', 'courier')) = (${table.destination} is not null)`),
    check('orders_pickup_check', sql`(${table.deliveryMethod} = 'pickup') = (${table.distributorId} is not null)`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    imageId: uuid('image_id'),
    quantity: integer('quantity').notNull(),
    unitPoints: bigint('unit_points', { mode: 'bigint' }),
    unitMinor: bigint('unit_minor', { mode: 'bigint' }),
    /** Whether checkout took stock for it: only then is stock given back. */
    tookStock: boolean('took_stock').notNull(),
  },
  (table) => [index('order_lines_order_idx').on(table.orderId), check('order_lines_quantity_check', sql`${table.quantity} >= 1`)],
);

/** Every status an order has had, with who moved it: never changed or removed (a trigger refuses it). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: orderStatuses }).notNull(),
    actor: text('actor', { enum: ['member', 'merchant', 'payment'] }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at), check('order_events_status_check', isOneOf(table.status, orderStatuses))],
);

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = typeof promotions.$inferInsert;
export type ShopSettingsRow = typeof shopSettings.$inferSelect;
export type DistributorRow = typeof distributors.$inferSelect;
export type NewDistributorRow = typeof distributors.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLineRow = typeof orderLines.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
