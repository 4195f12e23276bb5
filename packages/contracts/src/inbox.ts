import { z } from 'zod';
import { balanceUnitSchema } from './cards.ts';
import { memberPhoneSchema, programIdSchema } from './integration.ts';

/*
 * The member's inbox (business-rules §2; app-core §2 /notifications, §7 api/v2/inbox/unreads-inbox):
 * messages the merchant writes, and messages the system leaves when something happens to the
 * member. A system message carries its facts, not its words: the app words it in the member's
 * language. docs/decisions/031-inbox.md.
 */

const when = z.string().datetime();
const pointsAmount = z.number().int().min(0);

/** What a system message is about, and the facts the app words it from. */
export const inboxFactsSchema = z.discriminatedUnion('kind', [
  /** The merchant's own words: a title and a text. */
  z.object({ kind: z.literal('merchant'), title: z.string().min(1).max(120), text: z.string().min(1).max(2_000) }),
  /** A purchase at the merchant earned points (or stamps: `unit` says which); `balance` is the card's just after. */
  z.object({ kind: z.literal('points_earned'), points: pointsAmount, unit: balanceUnitSchema, balance: pointsAmount, programName: z.string() }),
  /**
   * Another member sent points (or stamps). `senderName` is masked as the transfer preview masks a
   * name ("Budi S."), and null when the sender has none.
   */
  z.object({ kind: z.literal('transfer_received'), points: pointsAmount, unit: balanceUnitSchema, senderName: z.string().nullable(), programName: z.string() }),
  /** The merchant moved one of the member's orders on. */
  z.object({ kind: z.literal('order_status'), orderNumber: z.string(), status: z.string() }),
  /** A payment of the member's was settled: paid, failed or expired. */
  z.object({ kind: z.literal('payment_settled'), status: z.enum(['paid', 'failed', 'expired']), amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) }),
  /** The program granted a reward: the welcome on adding the card, the birthday's, or a level's. */
  z.object({ kind: z.literal('reward_granted'), reward: z.enum(['welcome', 'birthday', 'level-up']), title: z.string(), points: pointsAmount, unit: balanceUnitSchema, programName: z.string() }),
  /** The card reached a new level of its program. */
  z.object({ kind: z.literal('level_reached'), levelName: z.string(), programName: z.string() }),
  /** Points (or stamps) of the card lapse at `expiresAt`, within the next days, unless spent. */
  z.object({ kind: z.literal('points_expiring'), points: pointsAmount, unit: balanceUnitSchema, programName: z.string(), expiresAt: when }),
  /** An e-voucher of the member's lapses at `expiresAt`, within the next days, unless used. */
  z.object({ kind: z.literal('voucher_expiring'), voucherName: z.string(), expiresAt: when }),
  /**
   * A referral paid out (docs/decisions/042-referrals.md): as `referrer`, the member earned a commission
   * because a friend they invited signed up or made a first purchase (`friendState`); as `friend`, the
   * member received the welcome of joining through an invite. `otherName` is the other member, masked
   * ("Budi S."), or null without a name.
   */
  z.object({
    kind: z.literal('referral_reward'),
    role: z.enum(['referrer', 'friend']),
    friendState: z.enum(['registered', 'purchased']),
    otherName: z.string().nullable(),
    points: pointsAmount,
    unit: balanceUnitSchema,
    programName: z.string(),
  }),
  /** A target of the card's program was reached in its window, and its reward paid on the card. */
  z.object({ kind: z.literal('target_reached'), targetName: z.string(), points: pointsAmount, unit: balanceUnitSchema, programName: z.string() }),
  /**
   * Every task of a mission was done and its reward given: `points` on the card (in `unit`), or
   * `vouchers` e-vouchers named `voucherName` (docs/decisions/044-missions.md).
   */
  z.object({
    kind: z.literal('mission_completed'),
    missionName: z.string(),
    reward: z.discriminatedUnion('type', [
      z.object({ type: z.literal('points'), points: pointsAmount, unit: balanceUnitSchema }),
      z.object({ type: z.literal('voucher'), voucherName: z.string(), vouchers: z.number().int().min(1) }),
    ]),
    programName: z.string(),
  }),
  /** The merchant reviewed the member's answer to a perk's survey: approved (with `points` given, or null), or rejected with `note`. */
  z.object({
    kind: z.literal('perk_reviewed'),
    perkTitle: z.string(),
    decision: z.enum(['approved', 'rejected']),
    points: pointsAmount.nullable(),
    unit: balanceUnitSchema,
    note: z.string().nullable(),
    programName: z.string(),
  }),
  /** The merchant reviewed a receipt the member sent: approved, with the points it earned (0 for a bill too small), or rejected with `note`. */
  z.object({
    kind: z.literal('receipt_reviewed'),
    decision: z.enum(['approved', 'rejected']),
    points: pointsAmount.nullable(),
    unit: balanceUnitSchema,
    note: z.string().nullable(),
    programName: z.string(),
  }),
]);
export type InboxFacts = z.infer<typeof inboxFactsSchema>;
export type InboxKind = InboxFacts['kind'];

export const inboxMessageSchema = z.object({
  id: z.string(),
  facts: inboxFactsSchema,
  /** The app page the message opens (`/cards/{cardId}`, an order's page), or null. */
  link: z.string().startsWith('/').nullable(),
  /** The card the message is about, for a card's own inbox; null for the whole wallet. */
  cardId: z.string().nullable(),
  createdAt: when,
  readAt: when.nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** Newest first, by cursor; `cardId` keeps one card's messages (the v2 card's notifications). */
export const inboxListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cardId: z.string().min(1).max(64).optional(),
});
export const inboxPageSchema = z.object({ data: z.array(inboxMessageSchema), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxMessageParamsSchema = z.object({ messageId: z.string().min(1).max(64) });
export const inboxMessageAnswerSchema = z.object({ data: inboxMessageSchema });

/** app-core §7 `GET api/v2/inbox/unreads-inbox`: the header's badge; the app shows 0 when it fails. */
export const unreadInboxSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });
export type UnreadInbox = z.infer<typeof unreadInboxSchema>;

/** The merchant's own words, as a member reads them. */
const merchantTitle = z.string().trim().min(1).max(120);
const merchantText = z.string().trim().min(1).max(2_000);
/** An app path a message opens, e.g. `/cards` or a card's catalog; `//host` would leave the app, and is refused. */
const appLink = z.string().trim().max(300).regex(/^\/(?![/\\])/, 'The link is a path of the app, starting with one /');

/** `POST /integration/v1/messages`: the merchant writes to one member, found by phone. */
export const integrationMessageBodySchema = z.object({
  memberPhone: memberPhoneSchema,
  title: merchantTitle,
  text: merchantText,
  link: appLink.optional(),
});
export type IntegrationMessageBody = z.infer<typeof integrationMessageBodySchema>;
export const integrationMessageAnswerSchema = z.object({ data: z.object({ id: z.string(), createdAt: when }) });

/** The most phones one broadcast names. */
export const BROADCAST_PHONES_MAX = 10_000;

/**
 * Who a merchant's broadcast reaches: every member holding a card of the merchant, the members
 * whose card of a program holds a level now (by its rank), or the members among a list of phones.
 */
export const broadcastAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('level'), programId: programIdSchema, levelRank: z.number().int().min(1).max(1_000) }),
  z.object({ kind: z.literal('phones'), phones: z.array(memberPhoneSchema).min(1).max(BROADCAST_PHONES_MAX) }),
]);
export type BroadcastAudienceInput = z.infer<typeof broadcastAudienceSchema>;

/** `POST /integration/v1/broadcasts`: the merchant's words to many members at once. */
export const integrationBroadcastBodySchema = z.object({
  audience: broadcastAudienceSchema,
  title: merchantTitle,
  text: merchantText,
  link: appLink.optional(),
});
export type IntegrationBroadcastBody = z.infer<typeof integrationBroadcastBodySchema>;

/** queued: no member has it yet; sending: pages of members are being written; done: every member of the audience has it. */
export const broadcastStatusSchema = z.enum(['queued', 'sending', 'done']);

/** A broadcast and how far it has gone: `sent` counts the messages written so far. */
export const integrationBroadcastSchema = z.object({
  id: z.string(),
  status: broadcastStatusSchema,
  sent: z.number().int().min(0),
  createdAt: when,
  finishedAt: when.nullable(),
});
export type IntegrationBroadcast = z.infer<typeof integrationBroadcastSchema>;
export const integrationBroadcastAnswerSchema = z.object({ data: integrationBroadcastSchema });
export const integrationBroadcastParamsSchema = z.object({ broadcastId: z.string().min(1).max(64) });
