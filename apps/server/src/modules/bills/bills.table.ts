import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { billCategories, billPaySources, billStatuses, type BillCategory, type BillStatus } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/** A bill checked before paying: its amount is the server's when the member pays it (docs/decisions/047-bills.md). */
export const billChecks = pgTable(
  'bill_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    sku: text('sku').notNull(),
    category: text('category').$type<BillCategory>().notNull(),
    customerNo: text('customer_no').notNull(),
    customerName: text('customer_name'),
    period: text('period'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    adminFee: bigint('admin_fee', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('bill_checks_category_check', isOneOf(table.category, billCategories)), check('bill_checks_amount_check', sql`${table.amount} > 0`)],
);

/**
 * A bill paid or a product bought: the card's value spent first (a redemption entry), then the
 * biller asked; given back by a reversal when the biller fails.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    checkId: uuid('check_id')
      .notNull()
      .unique()
      .references(() => billChecks.id),
    sku: text('sku').notNull(),
    category: text('category').$type<BillCategory>().notNull(),
    customerNo: text('customer_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    source: text('source').$type<'points' | 'balance'>().notNull(),
    spent: bigint('spent', { mode: 'bigint' }).notNull(),
    spendEntryId: uuid('spend_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    refundEntryId: uuid('refund_entry_id').references(() => journalEntries.id),
    status: text('status').$type<BillStatus>().notNull().default('pending'),
    provider: text('provider').notNull(),
    providerCode: text('provider_code'),
    serialNumber: text('serial_number'),
    message: text('message'),
    /** The merchant's day of the payment (its time zone): a phone is topped up with one amount once a day. */
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('bill_payments_card_idx').on(table.cardId, table.createdAt),
    index('bill_payments_pending_idx').on(table.status, table.createdAt),
    // spec: business-rules §5: the same phone cannot be topped up with the same amount twice in one day; a failed one does not count.
    uniqueIndex('bill_payments_daily_topup_unique')
      .on(table.merchantId, table.customerNo, table.amount, table.day)
      .where(sql`${table.category} in ('mobile_credit', 'mobile_data', 'ewallet') and ${table.status} <> 'failed'`),
    check('bill_payments_category_check', isOneOf(table.category, billCategories)),
    check('bill_payments_source_check', isOneOf(table.source, billPaySources)),
    check('bill_payments_status_check', isOneOf(table.status, billStatuses)),
    check('bill_payments_settled_check', sql`(${table.status} = 'pending') = (${table.settledAt} is null)`),
    check('bill_payments_refund_check', sql`${table.refundEntryId} is null or ${table.status} = 'failed'`),
  ],
);

export type BillCheckRow = typeof billChecks.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
