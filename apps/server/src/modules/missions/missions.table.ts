import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { missionTaskKinds, type MissionTaskKind } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { voucherTemplates } from '../vouchers/vouchers.table.ts';

/**
 * A card program's mission (docs/decisions/044-missions.md): tasks to do between its start and end,
 * and one reward once all are done: points on the card, or e-vouchers of one template.
 */
export const missions = pgTable(
  'missions',
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
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Points (in the program's unit) earned on the card; null when the reward is vouchers. */
    rewardPoints: bigint('reward_points', { mode: 'bigint' }),
    rewardTemplateId: uuid('reward_template_id').references(() => voucherTemplates.id),
    rewardQuantity: smallint('reward_quantity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('missions_program_idx').on(table.programId, table.endsAt),
    index('missions_running_idx').on(table.endsAt, table.startsAt),
    check('missions_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('missions_name_check', sql`length(${table.name}) between 1 and 120`),
    check(
      'missions_reward_check',
      sql`(${table.rewardPoints} is not null and ${table.rewardPoints} > 0 and ${table.rewardTemplateId} is null and ${table.rewardQuantity} is null)
        or (${table.rewardPoints} is null and ${table.rewardTemplateId} is not null and ${table.rewardQuantity} between 1 and 10)`,
    ),
  ],
);

/** One task of a mission, in the order the merchant gave them. */
export const missionTasks = pgTable(
  'mission_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind').$type<MissionTaskKind>().notNull(),
    title: text('title').notNull(),
    description: text('description'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    productId: uuid('product_id').references(() => products.id),
  },
  (table) => [
    index('mission_tasks_mission_idx').on(table.missionId, table.position),
    check('mission_tasks_kind_check', isOneOf(table.kind, missionTaskKinds)),
    check('mission_tasks_target_check', sql`${table.target} > 0`),
    check('mission_tasks_product_check', sql`(${table.kind} = 'buy_product') = (${table.productId} is not null)`),
  ],
);

/** A member completed a mission: its reward given once, with the entry or the vouchers' source that gave it. */
export const missionCompletions = pgTable(
  'mission_completions',
  {
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Names the vouchers of a voucher reward (their source id). */
    id: uuid('id').notNull().defaultRandom().unique(),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'mission_completions_pk', columns: [table.missionId, table.userId] })],
);

export type MissionRow = typeof missions.$inferSelect;
export type NewMissionRow = typeof missions.$inferInsert;
export type MissionTaskRow = typeof missionTasks.$inferSelect;
export type MissionCompletionRow = typeof missionCompletions.$inferSelect;
