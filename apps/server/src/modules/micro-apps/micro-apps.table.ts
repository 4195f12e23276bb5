import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A merchant's micro app: a partner's web app opened from the wallet that learns who the member is
 * from a token the server encrypts for it alone (app-core §7 api/integrations/micro-app;
 * docs/decisions/040-micro-apps.md). Its key is kept sealed under the server's key.
 */
export const microApps = pgTable(
  'micro_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The name the app asks for its token by. */
    app: text('app').notNull(),
    name: text('name').notNull(),
    /** The app's AES-256 key, sealed (lib/sealed-text.ts) under the server's micro app key. */
    sealedKey: text('sealed_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('micro_apps_merchant_app_key').on(table.merchantId, table.app), check('micro_apps_app_check', sql`${table.app} ~ '^[a-z0-9][a-z0-9-]{1,39}$'`)],
);

export type MicroAppRow = typeof microApps.$inferSelect;
