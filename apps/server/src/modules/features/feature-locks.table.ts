import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { featureKeys, type FeatureKey } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A feature of the app a merchant keeps closed (docs/decisions/033-feature-locks.md): to every
 * member, or, with a program and a level rank, to members whose card of that program has not
 * reached that level. A feature without a row is open.
 */
export const featureLocks = pgTable(
  'feature_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    feature: text('feature').$type<FeatureKey>().notNull(),
    /** The program whose level opens the feature; null when nothing opens it. */
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    /** The rank of the level (programs' levels) a card of the program must hold. */
    minLevelRank: integer('min_level_rank'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('feature_locks_merchant_feature_key').on(table.merchantId, table.feature),
    check('feature_locks_feature_check', isOneOf(table.feature, featureKeys)),
    check('feature_locks_level_check', sql`(${table.programId} is null) = (${table.minLevelRank} is null) and (${table.minLevelRank} is null or ${table.minLevelRank} >= 1)`),
  ],
);

export type FeatureLockRow = typeof featureLocks.$inferSelect;
export type NewFeatureLockRow = typeof featureLocks.$inferInsert;
