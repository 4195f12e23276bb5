import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A merchant's terms and conditions and privacy policy in one language (app-core §7
 * api/settings/terms; docs/decisions/036-terms.md), as the merchant wrote them: plain paragraphs.
 */
export const merchantTerms = pgTable(
  'merchant_terms',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    termsCondition: text('terms_condition').notNull(),
    privacyPolicy: text('privacy_policy').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.language] }),
    check('merchant_terms_language_check', sql`${table.language} in ('en', 'id', 'my', 'ja')`),
  ],
);

export type MerchantTermsRow = typeof merchantTerms.$inferSelect;
