import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../modules/tenancy/merchants.table.ts';

/**
 * Keys a merchant's POS or back office calls /integration/v1 with. The key itself
 * (`kartu_<id>_<secret>`) is shown once when it is created; only a hash of the secret is kept.
 */
export const integrationApiKeys = pgTable(
  'integration_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** What the operator called it, e.g. "POS Jakarta". */
    name: text('name').notNull(),
    /** The first 8 characters of the secret: enough to tell keys apart in a list, useless to an attacker. */
    prefix: text('prefix').notNull(),
    // sha256 is enough: the secret is 256 random bits, so there is no dictionary to slow down,
    // unlike PINs and passwords, which need a slow key-derivation function.
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('integration_api_keys_merchant_id_idx').on(table.merchantId)],
);

export type IntegrationApiKeyRow = typeof integrationApiKeys.$inferSelect;
export type NewIntegrationApiKeyRow = typeof integrationApiKeys.$inferInsert;
