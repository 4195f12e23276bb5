import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { answerReviewStates, privilegeKinds, type AnswerReviewState, type PrivilegeKind, type SurveyQuestion } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import { voucherTemplates } from '../vouchers/vouchers.table.ts';

/**
 * A card program's perk (docs/decisions/045-privileges.md): e-vouchers claimed once, or a survey
 * answered and reviewed by the merchant, for the members who qualify (a level, an active membership).
 */
export const privileges = pgTable(
  'privileges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PrivilegeKind>().notNull(),
    title: text('title').notNull(),
    description: text('description'),
    terms: text('terms'),
    minLevelRank: smallint('min_level_rank'),
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    /** Paused by the merchant: members see 'perk not active'. */
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    voucherTemplateId: uuid('voucher_template_id').references(() => voucherTemplates.id),
    voucherQuantity: smallint('voucher_quantity'),
    rewardPoints: bigint('reward_points', { mode: 'bigint' }),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('privileges_program_idx').on(table.programId, table.startsAt),
    check('privileges_kind_check', isOneOf(table.kind, privilegeKinds)),
    check('privileges_title_check', sql`length(${table.title}) between 1 and 120`),
    check('privileges_window_check', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    check(
      'privileges_offer_check',
      sql`(${table.kind} = 'voucher' and ${table.voucherTemplateId} is not null and ${table.voucherQuantity} between 1 and 10 and ${table.rewardPoints} is null)
        or (${table.kind} = 'survey' and ${table.voucherTemplateId} is null and ${table.voucherQuantity} is null and (${table.rewardPoints} is null or ${table.rewardPoints} > 0))`,
    ),
  ],
);

/** A voucher perk claimed by a member, once: `id` names its vouchers' source. */
export const privilegeClaims = pgTable(
  'privilege_claims',
  {
    privilegeId: uuid('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom().unique(),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'privilege_claims_pk', columns: [table.privilegeId, table.userId] })],
);

/** A member's answer to a survey perk, and the merchant's review of it. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    privilegeId: uuid('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: char('card_id', { length: 24 })
      .notNull()
      .references(() => cards.id),
    answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull(),
    state: text('state').$type<AnswerReviewState>().notNull(),
    note: text('note'),
    /** The points an approval gave, when the perk gives some. */
    entryId: uuid('entry_id').references(() => journalEntries.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('survey_answers_member_idx').on(table.privilegeId, table.userId, table.submittedAt),
    index('survey_answers_pending_idx').on(table.merchantId, table.submittedAt).where(sql`${table.state} = 'pending'`),
    // One answer in review or approved a member: a rejected one may be answered again.
    uniqueIndex('survey_answers_open_unique').on(table.privilegeId, table.userId).where(sql`${table.state} in ('pending', 'approved')`),
    check('survey_answers_state_check', isOneOf(table.state, answerReviewStates)),
  ],
);

export type PrivilegeRow = typeof privileges.$inferSelect;
export type NewPrivilegeRow = typeof privileges.$inferInsert;
export type PrivilegeClaimRow = typeof privilegeClaims.$inferSelect;
export type SurveyAnswerRow = typeof surveyAnswers.$inferSelect;
