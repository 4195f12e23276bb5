import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { referralRewardOns, referralStates, referralUnavailableReasons, type ReferralRewardOn, type ReferralState, type ReferralUnavailableReason } from '@kartu/contracts';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../auth/users.table.ts';
import { journalEntries } from '../ledger/journal.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';

/**
 * A merchant's offer for members who bring friends to a card program (docs/decisions/042-referrals.md):
 * what the member who invites earns per friend and when, and what the friend receives on joining.
 */
export const referralPrograms = pgTable(
  'referral_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    referrerReward: bigint('referrer_reward', { mode: 'bigint' }).notNull(),
    friendReward: bigint('friend_reward', { mode: 'bigint' }).notNull(),
    rewardOn: text('reward_on').$type<ReferralRewardOn>().notNull(),
    /** Commissions one member is paid in a day; friends beyond wait for a later day. */
    dailyRewardCap: integer('daily_reward_cap').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // One offer per card program: a member has one code and one list per program.
    uniqueIndex('referral_programs_program_unique').on(table.programId),
    index('referral_programs_merchant_idx').on(table.merchantId),
    check('referral_programs_reward_on_check', isOneOf(table.rewardOn, referralRewardOns)),
    check('referral_programs_rewards_check', sql`${table.referrerReward} >= 0 and ${table.friendReward} >= 0`),
    check('referral_programs_cap_check', sql`${table.dailyRewardCap} between 1 and 1000`),
    // Equal when a program ended before it began: it never runs.
    check('referral_programs_window_check', sql`${table.endsAt} is null or ${table.endsAt} >= ${table.startsAt}`),
  ],
);

/** Each member's own code for a referral program, made the first time they open its page. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    referralProgramId: uuid('referral_program_id')
      .notNull()
      .references(() => referralPrograms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'referral_codes_pk', columns: [table.referralProgramId, table.userId] }),
    uniqueIndex('referral_codes_merchant_code_unique').on(table.merchantId, table.code),
    check('referral_codes_code_check', sql`${table.code} ~ '^[A-Z0-9]{4,32}$'`),
  ],
);

/**
 * A friend a member invited by phone or who joined through the member's link, and how far they got
 * (business-rules §4): pending, registered, purchased, or unavailable with the reason. A commission
 * is paid once, with the entry that paid it.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    referralProgramId: uuid('referral_program_id')
      .notNull()
      .references(() => referralPrograms.id, { onDelete: 'cascade' }),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The friend's phone (E.164) as their account holds it; an e-mail for a friend who signs in by e-mail. */
    friendIdentifier: text('friend_identifier').notNull(),
    friendUserId: uuid('friend_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The browser the friend joined on (a hash of its device id): one welcome per device. */
    friendDeviceHash: text('friend_device_hash'),
    state: text('state').$type<ReferralState>().notNull(),
    unavailableReason: text('unavailable_reason').$type<ReferralUnavailableReason>(),
    /** Paid to the member who invited; 0 until paid. */
    commission: bigint('commission', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The state that pays was reached; the commission waits for a day with room under the cap. */
    commissionDueAt: timestamp('commission_due_at', { withTimezone: true }),
    commissionPaidAt: timestamp('commission_paid_at', { withTimezone: true }),
    commissionEntryId: uuid('commission_entry_id').references(() => journalEntries.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  },
  (table) => [
    // A member invites a phone once; the same phone may be on other members' lists (unavailable there).
    uniqueIndex('referrals_referrer_identifier_unique').on(table.referralProgramId, table.referrerUserId, table.friendIdentifier),
    // A friend joins through one member's invite per program.
    uniqueIndex('referrals_friend_unique')
      .on(table.referralProgramId, table.friendUserId)
      .where(sql`${table.friendUserId} is not null and ${table.state} <> 'unavailable'`),
    index('referrals_referrer_idx').on(table.referralProgramId, table.referrerUserId, table.invitedAt),
    index('referrals_identifier_idx').on(table.merchantId, table.friendIdentifier),
    // What the sweep looks at: friends not yet settled, and commissions waiting for room under the cap.
    index('referrals_open_idx').on(table.state).where(sql`${table.state} in ('pending', 'registered') or ${table.commissionDueAt} is not null`),
    check('referrals_state_check', isOneOf(table.state, referralStates)),
    check('referrals_reason_check', sql`(${table.state} = 'unavailable') = (${table.unavailableReason} is not null)`),
    check('referrals_unavailable_reason_check', sql`${table.unavailableReason} is null or ${isOneOf(table.unavailableReason, referralUnavailableReasons)}`),
    check('referrals_commission_check', sql`${table.commission} >= 0`),
  ],
);

export type ReferralProgramRow = typeof referralPrograms.$inferSelect;
export type ReferralRow = typeof referrals.$inferSelect;
