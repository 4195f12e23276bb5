import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { cashiers, outlets } from '../outlets/outlets.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { vouchers } from '../vouchers/vouchers.table.ts';

/*
 * E-gift cards (docs/decisions/027-gift-cards.md): an e-gift voucher, activated by its holder,
 * becomes a card of an `egift` program whose balance the ledger keeps; outlets charge it by amount.
 */

export const giftCards = pgTable(
  'gift_cards',
  {
    cardId: char('card_id', { length: 24 })
      .primaryKey()
      .references(() => cards.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The e-gift voucher it was activated from: one card per voucher, however often activation is asked. */
    voucherId: uuid('voucher_id')
      .notNull()
      .unique('gift_cards_voucher_key')
      .references(() => vouchers.id),
    /** What it was loaded with, in minor units of its program's currency. */
    faceValue: bigint('face_value', { mode: 'bigint' }).notNull(),
    /** What a till scans to charge it: random, unguessable, unique per merchant. */
    payCode: text('pay_code').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('gift_cards_merchant_pay_code_key').on(table.merchantId, table.payCode), check('gift_cards_face_value_check', sql`${table.faceValue} > 0`)],
);

export const giftCardChannels = ['counter', 'till'] as const;

/** One payment with a gift card at an outlet: its ledger entry, where, by whom; a void the same day reverses it. */
export const giftCardCharges = pgTable(
  'gift_card_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => giftCards.cardId),
    /** The card's holder when it was charged. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    entryId: uuid('entry_id')
      .notNull()
      .unique('gift_card_charges_entry_key')
      .references(() => journalEntries.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    cashierId: uuid('cashier_id').references(() => cashiers.id),
    channel: text('channel', { enum: giftCardChannels }).notNull(),
    /** The till's bill number, when it gives one. */
    reference: text('reference'),
    /** The Idempotency-Key of the member's phone that asked for it: a retry answers this charge again. */
    requestKey: text('request_key'),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
    /** The day in the merchant's time zone, for the same-day void. */
    chargedOn: text('charged_on').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidEntryId: uuid('void_entry_id').references(() => journalEntries.id),
  },
  (table) => [
    index('gift_card_charges_card_idx').on(table.cardId, table.chargedAt),
    unique('gift_card_charges_request_key').on(table.cardId, table.requestKey),
    check('gift_card_charges_amount_check', sql`${table.amount} > 0`),
    check('gift_card_charges_channel_check', sql`${table.channel} in ('counter', 'till')`),
    check('gift_card_charges_void_check', sql`(${table.voidedAt} is null) = (${table.voidEntryId} is null)`),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardChargeRow = typeof giftCardCharges.$inferSelect;
