import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { merchants } from '../tenancy/merchants.table.ts';

/** A merchant's shared secret for signing single sign-on tokens, named by the token header's kid. */
export const ssoKeys = pgTable(
  'sso_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kid: text('kid').notNull(),
    // HMAC needs the secret itself to verify, so it cannot be hashed; no API returns or logs it.
    secret: text('secret').notNull(),
    /** Turned off to retire a key while a merchant rotates to a new one. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('sso_keys_merchant_kid_unique').on(table.merchantId, table.kid)],
);

/** Token ids already used: the primary key turns a replay into a refused insert, atomically. */
export const ssoTokenUses = pgTable(
  'sso_token_uses',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    /** After this the token is refused as expired anyway, so the row may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.jti] }), index('sso_token_uses_expires_at_idx').on(table.expiresAt)],
);

export type SsoKeyRow = typeof ssoKeys.$inferSelect;
