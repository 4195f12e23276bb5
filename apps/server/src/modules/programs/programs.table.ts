import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { images } from '../media/images.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

// An `egift` program's cards are stored-value gift cards (docs/decisions/027-gift-cards.md).
export const programTypes = ['points', 'stamps', 'cash', 'subscription', 'egift'] as const;
export type ProgramType = (typeof programTypes)[number];
// spec: app-core §3 — balance unit types include POINT and CASH; stamps are a variant
export const balanceUnits = ['POINT', 'STAMP', 'CASH'] as const;
export type BalanceUnit = (typeof balanceUnits)[number];
export const expiryPolicies = ['none', 'rolling-days', 'end-of-year'] as const;
export type ExpiryPolicy = (typeof expiryPolicies)[number];
export const programStatuses = ['active', 'inactive', 'ended'] as const;
export type ProgramStatus = (typeof programStatuses)[number];

export interface RegistrationField {
  name: string;
  type: 'text' | 'email' | 'phone' | 'date' | 'number' | 'select';
  required: boolean;
  options?: string[];
}

/** Keyed flags that switch card-page features on (spec: app-core §3 Card detail visualAttributes). */
export type VisualAttributes = Partial<
  Record<'showBtnShop' | 'showTransferPoint' | 'showClaimRewards' | 'showLevels' | 'showTransactionHistory' | 'showProfile' | 'showScanToEarn' | 'showScanReceipt' | 'showScanQris' | 'showBills', boolean>
>;

/** A program's fixed delivery address, in the words the card detail answers it with (spec: app-core §3). */
export type FixedAddressDetail = Record<string, string>;

/** One sub-page of a card, in the order the card page lists them. */
export interface ProgramMenu {
  key: string;
  label: string;
}

/** A merchant's loyalty program: what its cards hold and how they earn and expire. */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    type: text('type', { enum: programTypes }).notNull(),
    unit: text('unit', { enum: balanceUnits }).notNull(),
    /** ISO 4217 code of a cash program's balance; null for points and stamps. */
    currencyCode: text('currency_code'),
    iconUrl: text('icon_url'),
    /** The picture drawn across the program's cards (media module); null draws the brand colours. */
    cardArtImageId: uuid('card_art_image_id').references(() => images.id),
    // Points per minor unit of spend as an integer fraction, floored: 1 point per Rp 10,000 is 1/10000.
    earnRateNumerator: bigint('earn_rate_numerator', { mode: 'bigint' }).notNull().default(sql`1`),
    earnRateDenominator: bigint('earn_rate_denominator', { mode: 'bigint' }).notNull().default(sql`1`),
    expiryPolicy: text('expiry_policy', { enum: expiryPolicies }).notNull().default('none'),
    expiryDays: integer('expiry_days'),
    requiresActivationCode: boolean('requires_activation_code').notNull().default(false),
    registrationForm: jsonb('registration_form').$type<RegistrationField[]>().notNull().default([]),
    visualAttributes: jsonb('visual_attributes').$type<VisualAttributes>().notNull().default({}),
    menus: jsonb('menus').$type<ProgramMenu[]>().notNull().default([]),
    status: text('status', { enum: programStatuses }).notNull().default('active'),
    /**
     * Where every order of the program's cards is delivered (a company's office for its staff cards):
     * the card detail's fixedAddressDetail, as the checkout shows it. Null lets members choose.
     */
    fixedAddress: jsonb('fixed_address').$type<FixedAddressDetail>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('programs_merchant_id_idx').on(table.merchantId),
    check('programs_type_check', isOneOf(table.type, programTypes)),
    check('programs_unit_check', isOneOf(table.unit, balanceUnits)),
    check('programs_expiry_policy_check', isOneOf(table.expiryPolicy, expiryPolicies)),
    check('programs_status_check', isOneOf(table.status, programStatuses)),
    check('programs_earn_rate_check', sql`${table.earnRateNumerator} >= 0 and ${table.earnRateDenominator} > 0`),
    check(
      'programs_expiry_days_check',
      sql`(${table.expiryPolicy} = 'rolling-days') = (${table.expiryDays} is not null and ${table.expiryDays} > 0)`,
    ),
    check('programs_cash_currency_check', sql`(${table.unit} = 'CASH') = (${table.currencyCode} is not null)`),
    // A gift card holds what it was loaded with: it earns nothing from purchases, in its own currency.
    check('programs_egift_check', sql`${table.type} <> 'egift' or (${table.unit} = 'CASH' and ${table.earnRateNumerator} = 0)`),
  ],
);

/** A tier of a program, reached by lifetime earnings (spec: app-core §3 Level). */
export const programLevels = pgTable(
  'program_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    rank: integer('rank').notNull(),
    /** Lifetime earnings needed to reach the level. */
    experience: bigint('experience', { mode: 'bigint' }).notNull(),
    /** Earnings needed within the retention period to keep the level. */
    retentionExperience: bigint('retention_experience', { mode: 'bigint' }),
  },
  (table) => [
    unique('program_levels_program_rank_unique').on(table.programId, table.rank),
    check('program_levels_experience_check', sql`${table.experience} >= 0`),
  ],
);

export type ProgramRow = typeof programs.$inferSelect;
export type NewProgramRow = typeof programs.$inferInsert;
export type ProgramLevelRow = typeof programLevels.$inferSelect;
export type NewProgramLevelRow = typeof programLevels.$inferInsert;
