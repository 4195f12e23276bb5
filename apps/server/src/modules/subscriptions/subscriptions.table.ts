import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { subscriptionStatuses } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import type { FeeRule } from '../../lib/fee-lines.ts';
import { paymentIntents } from '../payments/payments.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';


export const subscriptionPlanStatuses = ['active', 'inactive'] as const;

/** What a subscription program sells: a period of benefits at a price. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    description: text('description'),
    durationMonths: integer('duration_months').notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    autoRenewDefault: boolean('auto_renew_default').notNull().default(false),
    feeRules: jsonb('fee_rules').$type<FeeRule[]>().notNull().default([]),
    status: text('status', { enum: subscriptionPlanStatuses }).notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscription_plans_program_idx').on(table.programId, table.sortOrder),
    check('subscription_plans_status_check', isOneOf(table.status, subscriptionPlanStatuses)),
    check('subscription_plans_duration_check', sql`${table.durationMonths} between 1 and 36`),
    check('subscription_plans_price_check', sql`${table.priceMinor} > 0`),
    check('subscription_plans_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** A payment card as the provider tokenised it: the token to charge it with, and what the member is shown of it. */
function cardColumns() {
  return {
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    cardName: text('card_name'),
  };
}

/**
 * A member's subscription on one card. `status` is what was last written; what holds now also
 * depends on the clock (subscription-state.ts), and the renewal job writes it down.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('inactive'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The card on file at the provider; renewals charge it without the member. Never logged. */
    ...cardColumns(),
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    lastBilledAt: timestamp('last_billed_at', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('subscriptions_card_unique').on(table.cardId),
    index('subscriptions_renewal_idx').on(table.periodEndsAt).where(sql`${table.status} in ('active', 'cancelled')`),
    check('subscriptions_status_check', isOneOf(table.status, subscriptionStatuses)),
    check('subscriptions_period_check', sql`(${table.periodStartsAt} is null) = (${table.periodEndsAt} is null) and (${table.periodEndsAt} is null or ${table.periodEndsAt} > ${table.periodStartsAt})`),
    check('subscriptions_paid_check', sql`${table.status} = 'inactive' or ${table.periodEndsAt} is not null`),
    check('subscriptions_card_check', sql`(${table.cardToken} is null) = (${table.cardLast4} is null)`),
    check('subscriptions_auto_renew_check', sql`not ${table.autoRenew} or ${table.cardToken} is not null`),
  ],
);

export const subscriptionChargeKinds = ['new', 'renewal', 'auto_renewal'] as const;
export const subscriptionChargeStatuses = ['open', 'paid', 'failed', 'expired', 'cancelled'] as const;

/** One payment for a period of a subscription: the payment intent's subject. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    kind: text('kind', { enum: subscriptionChargeKinds }).notNull(),
    autoRenew: boolean('auto_renew').notNull(),
    intentId: uuid('intent_id').references(() => paymentIntents.id),
    /**
     * The card this payment is made with, kept here until it is paid: only then does it become the
     * subscription's card on file. A declined card is never kept.
     */
    ...cardColumns(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: subscriptionChargeStatuses }).notNull().default('open'),
    /** The period this payment bought, once paid. */
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('subscription_charges_subscription_idx').on(table.subscriptionId, table.createdAt),
    check('subscription_charges_kind_check', isOneOf(table.kind, subscriptionChargeKinds)),
    check('subscription_charges_status_check', isOneOf(table.status, subscriptionChargeStatuses)),
    check('subscription_charges_amount_check', sql`${table.amountMinor} > 0`),
    check('subscription_charges_card_check', sql`(${table.cardToken} is null) = (${table.cardLast4} is null)`),
  ],
);

export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;
export type NewSubscriptionPlanRow = typeof subscriptionPlans.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;
