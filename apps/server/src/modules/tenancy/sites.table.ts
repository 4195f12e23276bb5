import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { languages, type ViewMode } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from './merchants.table.ts';

const viewModes = ['browser', 'app', 'app-ios'] as const satisfies readonly ViewMode[];

/** A host name that serves one merchant's web app (spec app-core §3 Site). */
export const sites = pgTable(
  'sites',
  {
    // Stored lower case: hosts are case-insensitive and looked up from the Host header.
    host: text('host').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    viewMode: text('view_mode', { enum: viewModes }).notNull().default('browser'),
    defaultLanguage: text('default_language', { enum: languages }).notNull().default('en'),
    maintenance: boolean('maintenance').notNull().default(false),
    /** "Web active": an inactive site sends visitors to /sorry (spec app-core §2 Guards). */
    active: boolean('active').notNull().default(true),
    requireReferenceId: boolean('require_reference_id').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sites_merchant_id_idx').on(table.merchantId),
    check('sites_host_lower_case_check', sql`${table.host} = lower(${table.host})`),
    check('sites_view_mode_check', isOneOf(table.viewMode, viewModes)),
    check('sites_default_language_check', isOneOf(table.defaultLanguage, languages)),
  ],
);

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
