import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

export const broadcastStatuses = ['queued', 'sending', 'done'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

/** Who a send reaches: every member of the merchant, the holders of a program's level, or a list of phones. */
export type BroadcastAudience = { kind: 'everyone' } | { kind: 'level'; programId: string; levelRank: number } | { kind: 'phones'; phones: string[] };

/**
 * A merchant's message to many members (docs/decisions/035-broadcasts.md): a job pages through the
 * audience by member id, leaving one inbox message per member; `cursor` is the last member done, so
 * a send stopped midway resumes after it, and the messages' once key (`broadcast:<id>`, unique per
 * member) keeps a page done twice from writing anyone a second message.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    status: text('status').$type<BroadcastStatus>().notNull().default('queued'),
    /** The last member id written to, in id order; null before the first page. */
    cursor: text('cursor'),
    /** Messages written so far. */
    sent: integer('sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('broadcasts_merchant_idx').on(table.merchantId, table.createdAt),
    check('broadcasts_status_check', isOneOf(table.status, broadcastStatuses)),
    check('broadcasts_audience_check', sql`${table.audience}->>'kind' in ('everyone', 'level', 'phones')`),
  ],
);

export type BroadcastRow = typeof broadcasts.$inferSelect;
