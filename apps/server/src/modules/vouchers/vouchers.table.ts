import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { voucherUsableAt } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { images } from '../media/images.table.ts';
import { programs } from '../programs/programs.table.ts';
import { cashiers, outlets } from '../outlets/outlets.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/*
 * E-vouchers (docs/decisions/025-vouchers.md): a template says what a voucher is worth, where and
 * for how long; each issued voucher is one member's, with its own code.
 */

export const voucherCodeStorages = ['plain', 'hashed'] as const;
export const voucherIssuers = ['kartu', 'partner'] as const;

export const voucherTemplates = pgTable(
  'voucher_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    /** The shop's e-voucher product that issues it, when it is sold. */
    productId: uuid('product_id')
      .unique()
      .references(() => products.id),
    name: text('name').notNull(),
    valueText: text('value_text'),
    description: text('description'),
    terms: text('terms'),
    imageId: uuid('image_id').references(() => images.id),
    usableAt: text('usable_at', { enum: voucherUsableAt }).notNull(),
    /** How long a voucher lasts from its issue. */
    validityDays: integer('validity_days').notNull(),
    /**
     * What a voucher for online orders takes off an order (business-rules §5): a share in basis
     * points, points or money; none for a voucher that is shown at the counter.
     */
    discountKind: text('discount_kind', { enum: ['percent', 'points', 'money'] }),
    discountValue: bigint('discount_value', { mode: 'bigint' }),
    /** The least an order must come to, in points and in money, for the voucher to apply. */
    minimumPoints: bigint('minimum_points', { mode: 'bigint' }),
    minimumMinor: bigint('minimum_minor', { mode: 'bigint' }),
    /** How many of these one member may redeem a day; null for no limit. */
    dailyRedemptionLimit: integer('daily_redemption_limit'),
    /**
     * An e-gift voucher: activated, it becomes a gift card of this `egift` program loaded with
     * `giftCardValue` (minor units of the program's currency; docs/decisions/027-gift-cards.md).
     */
    giftCardProgramId: uuid('gift_card_program_id').references(() => programs.id),
    giftCardValue: bigint('gift_card_value', { mode: 'bigint' }),
    /** `hashed`: only a keyed hash of each code is kept, and the member's phone shows the code once. */
    codeStorage: text('code_storage', { enum: voucherCodeStorages }).notNull().default('plain'),
    /** `partner`: the merchant's partner issues each voucher's external code; it waits `pending` until then. */
    issuer: text('issuer', { enum: voucherIssuers }).notNull().default('kartu'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('voucher_templates_program_idx').on(table.programId),
    check('voucher_templates_usable_at_check', isOneOf(table.usableAt, voucherUsableAt)),
    check('voucher_templates_validity_check', sql`${table.validityDays} between 1 and 3650`),
    check('voucher_templates_discount_check', sql`(${table.discountKind} is null) = (${table.discountValue} is null) and (${table.discountKind} is null or ${table.discountKind} in ('percent', 'points', 'money'))`),
    check('voucher_templates_daily_limit_check', sql`${table.dailyRedemptionLimit} is null or ${table.dailyRedemptionLimit} >= 1`),
    check(
      'voucher_templates_gift_card_check',
      sql`(${table.giftCardProgramId} is null) = (${table.giftCardValue} is null) and (${table.giftCardValue} is null or ${table.giftCardValue} > 0)`,
    ),
    check('voucher_templates_code_storage_check', isOneOf(table.codeStorage, voucherCodeStorages)),
    check('voucher_templates_issuer_check', isOneOf(table.issuer, voucherIssuers)),
  ],
);

/** Stored statuses; `expired` is an active voucher past its expiry, worked out when read. */
export const storedVoucherStatuses = ['pending', 'active', 'used', 'suspended'] as const;
/** What issued a voucher: one voucher per source, template and position, however often it is asked. */
export const voucherSources = ['order', 'reward', 'subscription', 'mission', 'grant', 'perk'] as const;

export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => voucherTemplates.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    /** Random, unguessable (over 60 bits), unique per merchant; null while a partner makes it, or when only its hash is kept. */
    code: text('code'),
    /** The code's keyed hash, for a template that keeps no code (how a till's scan finds the voucher). */
    codeHash: text('code_hash'),
    /** Such a code sealed until the member's phone first shows it, then cleared. */
    codeSealed: text('code_sealed'),
    externalCode: text('external_code'),
    status: text('status', { enum: storedVoucherStatuses }).notNull(),
    isHidden: boolean('is_hidden').notNull().default(false),
    sourceType: text('source_type', { enum: voucherSources }).notNull(),
    sourceId: text('source_id').notNull(),
    sourceIndex: integer('source_index').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedPlace: text('used_place'),
    /** Held by a gift until then (docs/decisions/026-voucher-gifts.md): not usable, not giftable again, while it holds. */
    giftHeldUntil: timestamp('gift_held_until', { withTimezone: true }),
  },
  (table) => [
    unique('vouchers_merchant_code_key').on(table.merchantId, table.code),
    unique('vouchers_merchant_code_hash_key').on(table.merchantId, table.codeHash),
    unique('vouchers_source_key').on(table.sourceType, table.sourceId, table.templateId, table.sourceIndex),
    index('vouchers_holder_idx').on(table.merchantId, table.userId, table.expiresAt),
    // The partner's vouchers still waiting for their code, for the sweep of those past the spec's 30 minutes.
    index('vouchers_pending_idx').on(table.issuedAt).where(sql`${table.status} = 'pending'`),
    check('vouchers_status_check', isOneOf(table.status, storedVoucherStatuses)),
    check('vouchers_source_check', isOneOf(table.sourceType, voucherSources)),
    // A pending voucher has no code yet; a usable or used one has one, kept plain or as a hash. A
    // suspended one may have none: a partner that never issued it.
    check(
      'vouchers_code_check',
      sql`(${table.status} <> 'pending' or (${table.code} is null and ${table.codeHash} is null)) and (${table.status} not in ('active', 'used') or num_nonnulls(${table.code}, ${table.codeHash}) = 1) and (${table.codeSealed} is null or ${table.codeHash} is not null)`,
    ),
    check('vouchers_used_check', sql`(${table.status} = 'used') = (${table.usedAt} is not null)`),
  ],
);

/** Every use of a voucher: where, by whom, how; a void (the same day, by the merchant) puts it back. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => voucherTemplates.id),
    outletId: uuid('outlet_id').references(() => outlets.id),
    cashierId: uuid('cashier_id').references(() => cashiers.id),
    channel: text('channel', { enum: ['counter', 'till', 'online'] }).notNull(),
    /** The order an online redemption paid part of. */
    orderId: uuid('order_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    /** The day in the merchant's time zone, for the daily limit and the same-day void. */
    redeemedOn: text('redeemed_on').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    // One standing redemption per voucher: a second racing one fails here if it got past the lock.
    uniqueIndex('voucher_redemptions_standing_key').on(table.voucherId).where(sql`${table.voidedAt} is null`),
    index('voucher_redemptions_daily_idx').on(table.merchantId, table.userId, table.templateId, table.redeemedOn),
    check('voucher_redemptions_channel_check', sql`${table.channel} in ('counter', 'till', 'online')`),
    index('voucher_redemptions_order_idx').on(table.orderId),
  ],
);

export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;
export type VoucherTemplateRow = typeof voucherTemplates.$inferSelect;
export type NewVoucherTemplateRow = typeof voucherTemplates.$inferInsert;
export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucherRow = typeof vouchers.$inferInsert;
