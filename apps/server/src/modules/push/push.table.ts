import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A browser that receives the member's pushes (docs/decisions/037-web-push.md): the push service's
 * endpoint and the keys its messages are encrypted to. An endpoint belongs to one browser, so it is
 * unique: registered again by another member, it moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Personal data: it leaves with the account.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and its 16-byte auth secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The latest push the push service accepted for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    index('push_subscriptions_member_idx').on(table.merchantId, table.userId),
    check('push_subscriptions_endpoint_check', sql`${table.endpoint} ~ '^https://'`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The kinds of message a member keeps from pushing (business-rules §2 notification settings). A kind
 * without a row pushes: every kind is on until the member turns it off. The kinds are the contract's
 * (pushSettingKinds) and not held by a check, so that a new kind of message needs no migration here.
 */
export const pushSettings = pgTable(
  'push_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

export type PushSettingRow = typeof pushSettings.$inferSelect;
