import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bannerPlacements, type BannerPlacement } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { images } from '../media/images.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A picture a merchant shows on the pages of a program's cards (docs/decisions/034-banners.md): in
 * the card page's row (`card`), or one at a time over it (`in_app`), between its start and end.
 */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    placement: text('placement').$type<BannerPlacement>().notNull(),
    /** A stored picture of purpose `banner` (media module). */
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id),
    title: text('title').notNull(),
    /** An app page or an https address; null when the banner opens nothing. */
    link: text('link'),
    /** The merchant's order, lowest first. */
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('banners_program_idx').on(table.programId, table.placement, table.position),
    index('banners_image_id_idx').on(table.imageId),
    check('banners_placement_check', isOneOf(table.placement, bannerPlacements)),
    check('banners_link_check', sql`${table.link} ~ '^(/([^/\\\\]|$)|https://[^\\s]+$)'`),
    check('banners_title_check', sql`length(${table.title}) between 1 and 120`),
    check('banners_window_check', sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;
