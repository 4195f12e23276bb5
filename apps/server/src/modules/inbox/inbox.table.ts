import { sql } from 'drizzle-orm';
import { char, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { inboxFactsSchema, type InboxFacts } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { broadcasts } from './broadcasts.table.ts';

const inboxKinds = inboxFactsSchema.options.map((option) => option.shape.kind.value);

/**
 * A message in a member's inbox (docs/decisions/031-inbox.md): the merchant's words, or the facts of
 * something that happened to the member, which the app words in the member's language. Deleting
 * one only marks it: it leaves the member's view, not the record.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Personal data: it leaves with the account.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The card the message is about, for that card's own inbox; null for the whole wallet. */
    cardId: char('card_id', { length: 24 }).references(() => cards.id),
    facts: jsonb('facts').$type<InboxFacts>().notNull(),
    /** The app page the message opens. */
    link: text('link'),
    /** The merchant's send to many members this message is part of. */
    broadcastId: uuid('broadcast_id').references(() => broadcasts.id, { onDelete: 'cascade' }),
    /**
     * What makes a message one of a kind for its member (`broadcast:<id>`, `voucher_expiring:<voucher
     * id>`): a second message with the same key is not written, so a job that runs a page twice
     * tells nobody twice.
     */
    onceKey: text('once_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // The member's list, newest first, and the header's unread badge: deleted messages are never read again.
    index('inbox_messages_member_idx').on(table.merchantId, table.userId, table.createdAt, table.id).where(sql`${table.deletedAt} is null`),
    index('inbox_messages_unread_idx').on(table.merchantId, table.userId).where(sql`${table.readAt} is null and ${table.deletedAt} is null`),
    uniqueIndex('inbox_messages_once_key').on(table.userId, table.onceKey).where(sql`${table.onceKey} is not null`),
    index('inbox_messages_broadcast_idx').on(table.broadcastId).where(sql`${table.broadcastId} is not null`),
    check('inbox_messages_kind_check', isOneOf(sql`${table.facts}->>'kind'`, inboxKinds)),
    check('inbox_messages_link_check', sql`${table.link} ~ '^/([^/\\\\]|$)'`),
  ],
);

export type InboxMessageRow = typeof inboxMessages.$inferSelect;
export type NewInboxMessageRow = typeof inboxMessages.$inferInsert;
