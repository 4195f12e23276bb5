import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uniqueCodeBatchStatuses, type UniqueCodeBatch } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A batch of printed codes (under a bottle cap, on a pack): each earns the batch's points once, on
 * the claimer's card of the batch's program, between its start and end (docs/decisions/046-scanning.md).
 */
export const uniqueCodeBatches = pgTable(
  'unique_code_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    count: integer('count').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    rewardDelayHours: smallint('reward_delay_hours').notNull().default(0),
    status: text('status').$type<UniqueCodeBatch['status']>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('unique_code_batches_merchant_idx').on(table.merchantId, table.createdAt),
    check('unique_code_batches_status_check', isOneOf(table.status, uniqueCodeBatchStatuses)),
    check('unique_code_batches_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('unique_code_batches_points_check', sql`${table.points} > 0`),
    check('unique_code_batches_delay_check', sql`${table.rewardDelayHours} between 0 and 24`),
  ],
);

/**
 * One printed code, kept only as its keyed hash; once claimed, the claim is on the same row, and the
 * entry that paid it once the points have landed.
 */
export const uniqueCodes = pgTable(
  'unique_codes',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    id: uuid('id').notNull().defaultRandom().unique(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => uniqueCodeBatches.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 }).references(() => cards.id),
    rewardAt: timestamp('reward_at', { withTimezone: true }),
    entryId: uuid('entry_id').references(() => journalEntries.id),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.codeHash] }),
    index('unique_codes_batch_idx').on(table.batchId),
    index('unique_codes_user_idx').on(table.userId, table.claimedAt),
    check('unique_codes_claim_check', sql`(${table.claimedAt} is null) = (${table.cardId} is null and ${table.rewardAt} is null)`),
  ],
);

export type UniqueCodeBatchRow = typeof uniqueCodeBatches.$inferSelect;
export type UniqueCodeRow = typeof uniqueCodes.$inferSelect;
