import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { languages, type DefaultLogin, type MerchantFlags, type UiVersion } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';

const defaultLogins = ['phone', 'email'] as const satisfies readonly DefaultLogin[];
const uiVersions = ['v1', 'v2'] as const satisfies readonly UiVersion[];

const noFlags: MerchantFlags = {
  ageGate: false,
  activationCodeWhitelist: false,
  hidePoweredBy: false,
  exclusiveCategories: [],
  highlightedMenus: [],
};

/** A brand served by one or more sites (spec app-core §3 Merchant). */
export const merchants = pgTable(
  'merchants',
  {
    // The spec refers to merchants by numeric ids (e.g. 1161), so ids are integers; "by default"
    // lets an import keep a merchant's existing id.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mid: text('mid').notNull().unique(),
    maskedMerchantId: text('masked_merchant_id').notNull().unique(),
    appId: text('app_id'),
    brand: text('brand').notNull(),
    iconUrl: text('icon_url'),
    imgixIconUrl: text('imgix_icon_url'),
    bannerUrl: text('banner_url'),
    headerColor: text('header_color').notNull().default('#FFFFFF'),
    // spec: app-core §1 — the default primary button is #F96D01 with white text
    buttonColor: text('button_color').notNull().default('#F96D01'),
    buttonTextColor: text('button_text_color').notNull().default('#FFFFFF'),
    headerButtonColor: text('header_button_color').notNull().default('#F96D01'),
    headerButtonTextColor: text('header_button_text_color').notNull().default('#FFFFFF'),
    addCardButton: boolean('add_card_button').notNull().default(false),
    defaultLanguage: text('default_language', { enum: languages }).notNull().default('en'),
    // spec: app-core §9 — default country ID and currency IDR / Rp / 0 decimals / '.' / ','
    countryCode: text('country_code').notNull().default('ID'),
    currencyCode: text('currency_code').notNull().default('IDR'),
    currencySymbol: text('currency_symbol').notNull().default('Rp'),
    currencyDecimals: integer('currency_decimals').notNull().default(0),
    thousandSeparator: text('thousand_separator').notNull().default('.'),
    decimalSeparator: text('decimal_separator').notNull().default(','),
    timezone: text('timezone').notNull().default('Asia/Jakarta'),
    defaultLogin: text('default_login', { enum: defaultLogins }).notNull().default('phone'),
    /** Members may also sign in by the other kind of identifier than defaultLogin. */
    acceptsBothLogins: boolean('accepts_both_logins').notNull().default(false),
    /** Where members reach the merchant's support: "Contact us" opens a chat or a mail to it. */
    supportPhone: text('support_phone'),
    supportEmail: text('support_email'),
    notificationVendor: text('notification_vendor'),
    uiVersion: text('ui_version', { enum: uiVersions }).notNull().default('v1'),
    gaId: text('ga_id'),
    fbPixelId: text('fb_pixel_id'),
    flags: jsonb('flags').$type<MerchantFlags>().notNull().default(noFlags),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('merchants_default_login_check', isOneOf(table.defaultLogin, defaultLogins)),
    check('merchants_ui_version_check', isOneOf(table.uiVersion, uiVersions)),
    check('merchants_default_language_check', isOneOf(table.defaultLanguage, languages)),
    check('merchants_country_code_check', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
    check('merchants_support_phone_check', sql`${table.supportPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('merchants_currency_code_check', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
    check('merchants_currency_decimals_check', sql`${table.currencyDecimals} between 0 and 4`),
    check(
      'merchants_colors_check',
      sql.join(
        [table.headerColor, table.buttonColor, table.buttonTextColor, table.headerButtonColor, table.headerButtonTextColor].map(
          (column) => sql`${column} ~ '^#[0-9a-fA-F]{6}$'`,
        ),
        sql` and `,
      ),
    ),
  ],
);

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
