import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './accounts.table.ts';
import { journalEntries } from './journal.table.ts';

/** Value credited to a member account, with its own expiry; spends consume it. */
export const lots = pgTable(
  'lots',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The credit that created the lot. */
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    remaining: bigint('remaining', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('lots_spendable_idx')
      .on(table.accountId, table.expiresAt, table.createdAt)
      .where(sql`${table.remaining} > 0`),
    index('lots_entry_id_idx').on(table.entryId),
    check('lots_amount_check', sql`${table.amount} between 1 and 1000000000000000 and ${table.remaining} between 0 and ${table.amount}`),
  ],
);

/**
 * How much of a lot an entry took. A reversal of a spend puts the value back into the same lots
 * and records it as a negative consumption, so the history of each lot stays complete.
 */
export const lotConsumptions = pgTable(
  'lot_consumptions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    lotId: bigint('lot_id', { mode: 'bigint' })
      .notNull()
      .references(() => lots.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [index('lot_consumptions_entry_id_idx').on(table.entryId), check('lot_consumptions_amount_check', sql`${table.amount} <> 0`)],
);

export type LotRow = typeof lots.$inferSelect;
export type LotConsumptionRow = typeof lotConsumptions.$inferSelect;
