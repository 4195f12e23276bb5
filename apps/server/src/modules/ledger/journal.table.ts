import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { ledgerAccounts } from './accounts.table.ts';

export const entryKinds = ['earn', 'redeem', 'transfer', 'expiry', 'reversal', 'adjustment'] as const;
export type EntryKind = (typeof entryKinds)[number];

/** One movement of value: its postings sum to zero (checked again by a deferred trigger). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    kind: text('kind', { enum: entryKinds }).notNull(),
    /** The merchant's reference, such as a bill number. */
    reference: text('reference'),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    // Unique: an entry is reversed at most once.
    reversesEntryId: uuid('reverses_entry_id')
      .unique('journal_entries_reverses_entry_id_unique')
      .references((): AnyPgColumn => journalEntries.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('journal_entries_merchant_occurred_idx').on(table.merchantId, table.occurredAt),
    check('journal_entries_kind_check', isOneOf(table.kind, entryKinds)),
    check('journal_entries_reversal_check', sql`(${table.kind} = 'reversal') = (${table.reversesEntryId} is not null)`),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * The entry's occurred_at, written with the posting: an account's history is then read newest
     * first from one index, a page costing the same however long the history is.
     */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('postings_entry_id_idx').on(table.entryId),
    index('postings_account_history_idx').on(table.accountId, table.occurredAt, table.entryId),
    // No posting moves more than a wallet can hold (LEDGER_BALANCE_MAX, core/constants.ts).
    check('postings_amount_check', sql`${table.amount} <> 0 and ${table.amount} between -1000000000000000 and 1000000000000000`),
  ],
);

export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type PostingRow = typeof postings.$inferSelect;
