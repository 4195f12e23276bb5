import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { qrisPaymentSources, qrisPaymentStatuses, qrisWallets, type QrisPaymentSource, type QrisPaymentStatus, type QrisWallet } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { paymentIntents } from '../payments/payments.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/** The e-wallet a member pays QRIS codes with (business-rules §1 a link to a payment-provider wallet): one a member. */
export const qrisWalletLinks = pgTable(
  'qris_wallet_links',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wallet: text('wallet').$type<QrisWallet>().notNull(),
    /** International form, +62…. */
    phone: text('phone').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.userId] }), check('qris_wallet_links_wallet_check', isOneOf(table.wallet, qrisWallets))],
);

/**
 * A payment to a QRIS merchant (docs/decisions/046-scanning.md): the code as scanned, the amount
 * paid, and how: through the member's linked wallet (a payment intent of subject type qris) or
 * from the card's cash balance (a ledger entry).
 */
export const qrisPayments = pgTable(
  'qris_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    payload: text('payload').notNull(),
    merchantName: text('merchant_name').notNull(),
    merchantCity: text('merchant_city').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    source: text('source').$type<QrisPaymentSource>().notNull(),
    status: text('status').$type<QrisPaymentStatus>().notNull().default('pending'),
    /** What the card spent, in its unit, when its points or balance paid; null for the e-wallet. */
    spent: bigint('spent', { mode: 'bigint' }),
    intentId: uuid('intent_id').references(() => paymentIntents.id),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('qris_payments_card_idx').on(table.cardId, table.createdAt),
    check('qris_payments_source_check', isOneOf(table.source, qrisPaymentSources)),
    check('qris_payments_status_check', isOneOf(table.status, qrisPaymentStatuses)),
    check('qris_payments_amount_check', sql`${table.amount} > 0`),
    check('qris_payments_paid_check', sql`(${table.status} = 'paid') = (${table.paidAt} is not null)`),
  ],
);

export type QrisPaymentRow = typeof qrisPayments.$inferSelect;
export type QrisWalletLinkRow = typeof qrisWalletLinks.$inferSelect;
