import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { vouchers } from '../vouchers/vouchers.table.ts';

/*
 * Gifts of vouchers by link and PIN (docs/decisions/026-voucher-gifts.md). The voucher stays with
 * its sender until the friend claims it; a pending gift past its expiry is `returned` when read, and
 * a job writes that down later.
 */

/** Stored statuses: a pending gift past its expiry is read as `returned` until the job stores it. */
export const storedGiftStatuses = ['pending', 'claimed', 'cancelled', 'returned'] as const;

export const voucherGifts = pgTable(
  'voucher_gifts',
  {
    id: uuid('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    /** The card the voucher was on when it was given. */
    senderCardId: char('sender_card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    /** E.164; the PIN went to it. */
    recipientPhone: text('recipient_phone').notNull(),
    /** The dialing code the sender chose, to mask the number as they typed it. */
    recipientDialCode: text('recipient_dial_code').notNull(),
    message: text('message'),
    /** HMAC of the link's token under the gift key: how a link finds its gift, never the token. */
    tokenHash: text('token_hash').notNull(),
    /** The token sealed under the gift key, so the sender can share the link again; cleared once not pending. */
    tokenSealed: text('token_sealed'),
    /** HMAC of the PIN, mixed with the gift's id; cleared once not pending. */
    pinHash: text('pin_hash'),
    status: text('status', { enum: storedGiftStatuses }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The record of the transfer: who claimed it, onto which card. */
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id),
    claimedCardId: char('claimed_card_id', { length: 24 }).references(() => cards.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('voucher_gifts_token_key').on(table.tokenHash),
    // One pending gift per voucher: a second one racing past the voucher's lock fails here.
    uniqueIndex('voucher_gifts_pending_key').on(table.voucherId).where(sql`${table.status} = 'pending'`),
    index('voucher_gifts_sender_idx').on(table.merchantId, table.senderUserId, table.voucherId),
    index('voucher_gifts_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    check('voucher_gifts_status_check', isOneOf(table.status, storedGiftStatuses)),
    check('voucher_gifts_secrets_check', sql`${table.status} <> 'pending' or (${table.pinHash} is not null and ${table.tokenSealed} is not null)`),
    check(
      'voucher_gifts_claimed_check',
      sql`(${table.status} = 'claimed') = (${table.claimedAt} is not null and ${table.claimedByUserId} is not null and ${table.claimedCardId} is not null)`,
    ),
    check('voucher_gifts_message_check', sql`char_length(${table.message}) <= 200`),
  ],
);

export type VoucherGiftRow = typeof voucherGifts.$inferSelect;
export type NewVoucherGiftRow = typeof voucherGifts.$inferInsert;
