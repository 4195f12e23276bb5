import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../db/checks.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { voucherTemplates } from '../vouchers/vouchers.table.ts';
import { cards } from '../card-access/cards.table.ts';

export const rewardKinds = ['welcome', 'birthday', 'level-up'] as const;
export type RewardKind = (typeof rewardKinds)[number];
export const rewardStatuses = ['claimable', 'claimed'] as const;
export type RewardStatus = (typeof rewardStatuses)[number];

/**
 * What a program grants, per kind: the welcome reward when a member adds a card, the level-up reward
 * when a card reaches a level, the birthday reward on the member's birthday (cards/reward-grants.service.ts).
 */
export const programRewards = pgTable(
  'program_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: rewardKinds }).notNull(),
    title: text('title').notNull(),
    /** In the program's unit; 0 when the reward is a voucher only. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The e-voucher the reward issues when claimed, besides its amount. */
    voucherTemplateId: uuid('voucher_template_id').references(() => voucherTemplates.id),
  },
  (table) => [
    unique('program_rewards_program_kind_unique').on(table.programId, table.kind),
    check('program_rewards_kind_check', isOneOf(table.kind, rewardKinds)),
    check('program_rewards_amount_check', sql`${table.amount} > 0 or (${table.amount} = 0 and ${table.voucherTemplateId} is not null)`),
  ],
);

/** A reward granted to one card, waiting to be claimed into its balance (spec: app-core §7 api/my_vouchers/claim). */
export const cardRewards = pgTable(
  'card_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    kind: text('kind', { enum: rewardKinds }).notNull(),
    title: text('title').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    voucherTemplateId: uuid('voucher_template_id').references(() => voucherTemplates.id),
    status: text('status', { enum: rewardStatuses }).notNull().default('claimable'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * What a grant that may happen only once is for, e.g. `level:<level id>` or `birthday:2026`;
     * null for grants that need no such guard (the welcome reward comes with adding the card).
     */
    grantKey: text('grant_key'),
  },
  (table) => [
    index('card_rewards_card_id_idx').on(table.cardId, table.grantedAt),
    unique('card_rewards_card_grant_key_unique').on(table.cardId, table.grantKey),
    check('card_rewards_kind_check', isOneOf(table.kind, rewardKinds)),
    check('card_rewards_status_check', isOneOf(table.status, rewardStatuses)),
    check('card_rewards_amount_check', sql`${table.amount} > 0 or (${table.amount} = 0 and ${table.voucherTemplateId} is not null)`),
    check('card_rewards_claimed_check', sql`(${table.status} = 'claimed') = (${table.claimedAt} is not null)`),
  ],
);

export type ProgramRewardRow = typeof programRewards.$inferSelect;
export type NewProgramRewardRow = typeof programRewards.$inferInsert;
export type CardRewardRow = typeof cardRewards.$inferSelect;
export type NewCardRewardRow = typeof cardRewards.$inferInsert;
