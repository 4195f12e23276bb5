import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cards } from '../modules/card-access/cards.table.ts';
import { journalEntries } from '../modules/ledger/journal.table.ts';
import { merchants } from '../modules/tenancy/merchants.table.ts';

/**
 * Each bill a merchant reported, once: the key makes a second report of the same bill number a
 * conflict even when two arrive at the same moment, and a void finds the earn it undoes.
 */
export const integrationPurchases = pgTable(
  'integration_purchases',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    billNumber: text('bill_number').notNull(),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    /** The bill in minor currency units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    earned: bigint('earned', { mode: 'bigint' }).notNull(),
    /** Null when the bill earned nothing. */
    entryId: uuid('entry_id').references(() => journalEntries.id),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidEntryId: uuid('void_entry_id').references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'integration_purchases_pk', columns: [table.merchantId, table.billNumber] }),
    // A card's bills since a day: whether a friend who joined through an invite has bought since.
    index('integration_purchases_card_idx').on(table.cardId, table.createdAt),
    check('integration_purchases_amounts_check', sql`${table.amount} >= 0 and ${table.earned} >= 0`),
  ],
);

export type IntegrationPurchaseRow = typeof integrationPurchases.$inferSelect;
