import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A till's scan-to-earn code (docs/decisions/046-scanning.md): a purchase waiting for the member who
 * scans it, claimed once before it expires. The QR code carries only the id and its signature.
 */
export const earnCodes = pgTable(
  'earn_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    billNumber: text('bill_number').notNull(),
    /** The bill in minor currency units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 }).references(() => cards.id),
    earned: bigint('earned', { mode: 'bigint' }),
  },
  (table) => [
    unique('earn_codes_bill_unique').on(table.merchantId, table.billNumber),
    index('earn_codes_merchant_idx').on(table.merchantId, table.createdAt),
    check('earn_codes_amount_check', sql`${table.amount} >= 0`),
    check('earn_codes_window_check', sql`${table.expiresAt} > ${table.createdAt}`),
    check('earn_codes_claim_check', sql`(${table.claimedAt} is null) = (${table.cardId} is null and ${table.earned} is null)`),
  ],
);

export type EarnCodeRow = typeof earnCodes.$inferSelect;
