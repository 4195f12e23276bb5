import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../tenancy/merchants.table.ts';

/*
 * Webhooks to merchants (docs/integration.md Webhooks): where a merchant's systems hear of what
 * happened in the app, each message signed with the merchant's own secret.
 */

/** A merchant's endpoint, set by the operator CLI; the signing secret is kept sealed under CODE_SECRET. */
export const merchantWebhooks = pgTable('merchant_webhooks', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One message for a merchant, as it is sent (each try signs it afresh); kept with how its delivery went. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('webhook_events_undelivered_idx').on(table.merchantId, table.createdAt).where(sql`${table.deliveredAt} is null`)],
);

export type MerchantWebhookRow = typeof merchantWebhooks.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
