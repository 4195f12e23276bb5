import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';
import { isOneOf } from '../../db/checks.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/** What a picture is for: each purpose has its own shape and sizes (image-sizes.ts). An avatar is a member's photo. */
export const imagePurposes = ['card-art', 'banner', 'icon', 'product', 'avatar'] as const;
export type ImagePurpose = (typeof imagePurposes)[number];

/**
 * One upload of a picture shown on a merchant's site: the merchant's own, or a member's photo. It is
 * never changed: a new picture is a new row, so its URLs (/media/<id>/<width>.webp) may be cached for good.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    purpose: text('purpose', { enum: imagePurposes }).notNull(),
    /** The largest variant's size. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_merchant_id_idx').on(table.merchantId), check('images_purpose_check', isOneOf(table.purpose, imagePurposes))],
);

/**
 * An image resized to one of the widths the app draws it at, encoded: its bytes in the file store
 * under `storage_key` (docs/decisions/024-file-storage.md), or in the row itself on a deployment
 * that keeps files in the database.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
    byteLength: integer('byte_length').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.width] }),
    check('image_variants_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
    check('image_variants_byte_length_check', sql`${table.bytes} is null or ${table.byteLength} = octet_length(${table.bytes})`),
    check('image_variants_stored_once_check', sql`(${table.bytes} is null) <> (${table.storageKey} is null)`),
  ],
);

/** What a merchant's own picture is for: it stands in for the site's static iconUrl or bannerUrl. */
export const merchantImagePurposes = ['banner', 'icon'] as const;
export type MerchantImagePurpose = (typeof merchantImagePurposes)[number];

/** The merchant's banner and icon, when the server resized them. */
export const merchantImages = pgTable(
  'merchant_images',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    purpose: text('purpose', { enum: merchantImagePurposes }).notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.purpose] }), check('merchant_images_purpose_check', isOneOf(table.purpose, merchantImagePurposes))],
);

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
export type ImageVariantRow = typeof imageVariants.$inferSelect;
export type NewImageVariantRow = typeof imageVariants.$inferInsert;
