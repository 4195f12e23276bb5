import { char, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { analyticsEventNames } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * What members did that the merchant's engagement reports count (docs/decisions/022-analytics-events.md):
 * written by the server, from requests it has checked, never read back by the app.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: char('card_id', { length: 24 }).references(() => cards.id, { onDelete: 'set null' }),
    name: text('name', { enum: analyticsEventNames }).notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('analytics_events_merchant_name_idx').on(table.merchantId, table.name, table.occurredAt), check('analytics_events_name_check', isOneOf(table.name, analyticsEventNames))],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
