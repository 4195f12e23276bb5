import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { cards } from '../card-access/cards.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/** A member account is one card's wallet; the others are the merchant's side of every movement. */
export const accountKinds = ['member', 'issuance', 'redemption', 'expiry', 'adjustment', 'fees'] as const;
export type AccountKind = (typeof accountKinds)[number];
export type MerchantAccountKind = Exclude<AccountKind, 'member'>;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind', { enum: accountKinds }).notNull(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    cardId: char('card_id', { length: 24 }).references(() => cards.id),
    /**
     * A member wallet's sum of postings, kept in the same transaction as the postings. The merchant's
     * accounts keep none (always 0): every earn of a program posts to its issuance account, and one
     * cached number there would make every purchase of the program wait for the one before.
     */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NULLS NOT DISTINCT (PostgreSQL 15): one issuance, redemption, … account per program.
    unique('ledger_accounts_owner_unique').on(table.merchantId, table.programId, table.kind, table.cardId).nullsNotDistinct(),
    index('ledger_accounts_card_id_idx').on(table.cardId),
    check('ledger_accounts_kind_check', isOneOf(table.kind, accountKinds)),
    check('ledger_accounts_card_check', sql`(${table.kind} = 'member') = (${table.cardId} is not null)`),
    // The database refuses an overdrawn wallet even if a code path forgot the service's check.
    // A wallet never goes below zero nor past LEDGER_BALANCE_MAX (core/constants.ts).
    check('ledger_accounts_member_balance_check', sql`${table.kind} <> 'member' or ${table.balance} between 0 and 1000000000000000`),
    check('ledger_accounts_merchant_balance_check', sql`${table.kind} = 'member' or ${table.balance} = 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
