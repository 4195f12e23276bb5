import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

export const outboxChannels = ['sms', 'whatsapp', 'email', 'push'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];
export const outboxStatuses = ['queued', 'sent', 'failed'] as const;

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    /** E.164 phone or lower-case e-mail, as sign-in normalises it. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The text, with any code masked unless the channel's driver is the development outbox. */
    body: text('body').notNull(),
    /** A one-time code's purpose, or the template the text was made from. */
    purpose: text('purpose').notNull(),
    language: text('language'),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Kept only while the development outbox is the channel's driver: it has to show the code. */
    code: text('code'),
    /**
     * The full text, encrypted with the server's key, while a real driver still has to deliver a
     * message whose stored body is masked (a one-time code); cleared once it is sent or given up.
     */
    sealedText: text('sealed_text'),
    /** Not worth delivering after this: a one-time code's expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_recipient_idx').on(table.merchantId, table.recipient, table.createdAt),
    check('outbox_messages_channel_check', isOneOf(table.channel, outboxChannels)),
    check('outbox_messages_status_check', isOneOf(table.status, outboxStatuses)),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
