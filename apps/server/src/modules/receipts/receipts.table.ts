import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { receiptStatuses, type ReceiptStatus } from '@kartu/contracts';
import { bytea } from '../../db/bytea.ts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A receipt campaign (docs/decisions/046-scanning.md): a code printed or shown as a QR code, to
 * which members of one card program send photos of their receipts between its start and end.
 */
export const receiptCampaigns = pgTable(
  'receipt_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** Upper case: read from a QR code or typed. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('receipt_campaigns_code_unique').on(table.merchantId, table.code),
    check('receipt_campaigns_code_check', sql`${table.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check('receipt_campaigns_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A photo of a receipt a member sent, kept privately (never served by /media) until the merchant
 * reviews it through the integration API: approved with the bill's amount, the card earning by its
 * program's rate, or rejected with a note.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => receiptCampaigns.id, { onDelete: 'set null' }),
    status: text('status').$type<ReceiptStatus>().notNull().default('submitted'),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteLength: integer('byte_length').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    amount: bigint('amount', { mode: 'bigint' }),
    billNumber: text('bill_number'),
    earned: bigint('earned', { mode: 'bigint' }),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    note: text('note'),
  },
  (table) => [
    index('receipts_queue_idx').on(table.merchantId, table.status, table.submittedAt),
    index('receipts_card_idx').on(table.cardId, table.submittedAt),
    index('receipts_user_idx').on(table.userId, table.submittedAt),
    check('receipts_status_check', isOneOf(table.status, receiptStatuses)),
    check('receipts_byte_length_check', sql`${table.byteLength} = octet_length(${table.bytes})`),
    check('receipts_reviewed_check', sql`(${table.status} = 'submitted') = (${table.reviewedAt} is null)`),
    check('receipts_approved_check', sql`(${table.status} = 'approved') = (${table.amount} is not null and ${table.earned} is not null)`),
  ],
);

export type ReceiptCampaignRow = typeof receiptCampaigns.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
