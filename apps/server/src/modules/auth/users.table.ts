import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { SUPPORTED_LANGUAGES } from '@kartu/core/constants';
import { genders } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { images } from '../media/images.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A member of one merchant (spec app-core §3 User). The same phone at two merchants is two users,
 * so every identifier is unique per merchant only.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    maskedId: text('masked_id').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** E.164, e.g. +6281234567890. */
    phone: text('phone'),
    /** Lower case. */
    email: text('email'),
    name: text('name'),
    city: text('city'),
    birthday: date('birthday'),
    gender: text('gender', { enum: genders }),
    /** The member's own photo (the media module's 'avatar' sizes); a replaced one is deleted. */
    photoImageId: uuid('photo_image_id').references(() => images.id),
    country: text('country').notNull().default('ID'),
    /** The app language of the member's latest sign-in: messages sent without a request use it. */
    language: text('language'),
    /** `scrypt$N$r$p$salt$hash`, never the PIN itself. */
    pinHash: text('pin_hash'),
    pinUpdatedAt: timestamp('pin_updated_at', { withTimezone: true }),
    ssoSubject: text('sso_subject'),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('users_merchant_phone_unique').on(table.merchantId, table.phone),
    unique('users_merchant_email_unique').on(table.merchantId, table.email),
    unique('users_merchant_sso_subject_unique').on(table.merchantId, table.ssoSubject),
    index('users_merchant_id_idx').on(table.merchantId),
    // Deleting a replaced photo checks that no member still names it: without this, a scan of every user.
    index('users_photo_image_id_idx').on(table.photoImageId).where(sql`${table.photoImageId} is not null`),
    check('users_email_lower_case_check', sql`${table.email} = lower(${table.email})`),
    check('users_phone_e164_check', sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_country_check', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('users_language_check', isOneOf(table.language, SUPPORTED_LANGUAGES)),
    check('users_gender_check', isOneOf(table.gender, genders)),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
