import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { targetKinds, targetPeriods, type TargetKind, type TargetPeriod } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A card program's target (docs/decisions/043-target-achievement.md): spend an amount at the
 * merchant's tills, or collect points, within a window (each calendar year, each cycle of days from
 * the start, or one period), for a reward in the program's unit, paid once a window.
 */
export const targetAchievements = pgTable(
  'target_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind').$type<TargetKind>().notNull(),
    period: text('period').$type<TargetPeriod>().notNull(),
    cycleDays: integer('cycle_days'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('target_achievements_program_idx').on(table.programId, table.startsAt),
    check('target_achievements_kind_check', isOneOf(table.kind, targetKinds)),
    check('target_achievements_period_check', isOneOf(table.period, targetPeriods)),
    check('target_achievements_cycle_check', sql`(${table.period} = 'cycle') = (${table.cycleDays} is not null) and (${table.cycleDays} is null or ${table.cycleDays} between 1 and 366)`),
    check('target_achievements_period_end_check', sql`${table.period} <> 'period' or ${table.endsAt} is not null`),
    check('target_achievements_amounts_check', sql`${table.target} > 0 and ${table.reward} > 0`),
    check('target_achievements_window_check', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    check('target_achievements_name_check', sql`length(${table.name}) between 1 and 120`),
  ],
);

/** A target reached by a member in one window: its reward paid once, with the entry that paid it. */
export const targetRewards = pgTable(
  'target_rewards',
  {
    targetId: uuid('target_id')
      .notNull()
      .references(() => targetAchievements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowStartsAt: timestamp('window_starts_at', { withTimezone: true }).notNull(),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'target_rewards_pk', columns: [table.targetId, table.userId, table.windowStartsAt] })],
);

export type TargetRow = typeof targetAchievements.$inferSelect;
export type TargetRewardRow = typeof targetRewards.$inferSelect;
