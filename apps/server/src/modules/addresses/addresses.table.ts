import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addressTypes } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A member's delivery address (spec: business-rules §3 Address; docs/decisions/021-addresses.md).
 * Each area level keeps its code and its name as chosen, so an address reads the same after the
 * area data changes.
 */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // An address is personal data: it leaves with the account.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: addressTypes }).notNull(),
    recipientName: text('recipient_name').notNull(),
    /** E.164, e.g. +6281234567890. */
    recipientPhone: text('recipient_phone').notNull(),
    countryCode: text('country_code').notNull().default('ID'),
    provinceCode: text('province_code').notNull(),
    provinceName: text('province_name').notNull(),
    regencyCode: text('regency_code').notNull(),
    regencyName: text('regency_name').notNull(),
    districtCode: text('district_code').notNull(),
    districtName: text('district_name').notNull(),
    villageCode: text('village_code').notNull(),
    villageName: text('village_name').notNull(),
    /** Street, number, building: what the courier reads. */
    fullAddress: text('full_address').notNull(),
    zip: text('zip').notNull(),
    note: text('note'),
    /** For the shop's delivery distance limit (spec: business-rules §5); null until known. */
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_addresses_member_idx').on(table.merchantId, table.userId, table.createdAt),
    uniqueIndex('member_addresses_one_primary_key').on(table.userId).where(sql`${table.isPrimary}`),
    check('member_addresses_type_check', isOneOf(table.type, addressTypes)),
    check('member_addresses_phone_check', sql`${table.recipientPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('member_addresses_country_check', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
    check('member_addresses_zip_check', sql`${table.countryCode} <> 'ID' or ${table.zip} ~ '^[0-9]{5}$'`),
    check('member_addresses_note_check', sql`char_length(${table.note}) <= 200`),
    check('member_addresses_position_check', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check('member_addresses_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('member_addresses_longitude_check', sql`${table.longitude} between -180 and 180`),
  ],
);

export type MemberAddressRow = typeof memberAddresses.$inferSelect;
export type NewMemberAddressRow = typeof memberAddresses.$inferInsert;
