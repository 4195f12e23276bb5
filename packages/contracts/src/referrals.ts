import { z } from 'zod';
import { priceAmountSchema } from './amounts.ts';
import { balanceUnitSchema } from './cards.ts';
import { programIdSchema, scheduledInstantSchema } from './integration.ts';

/*
 * Referral (business-rules §1 refer friends, §2 referral program and history, §3 Referral: friend
 * phone, status, commission, summary counts; §4 friend states; app-core §2 referral/{id}, §3
 * isHaveReferral and referralId, §9 share channels). docs/decisions/042-referrals.md.
 */

const when = z.string().datetime();
const points = z.number().int().min(0);

/** When the member who invited earns the commission: once the friend has signed up, or once the friend has made a first purchase. */
export const referralRewardOns = ['registered', 'purchased'] as const;
export const referralRewardOnSchema = z.enum(referralRewardOns);
export type ReferralRewardOn = z.infer<typeof referralRewardOnSchema>;

/** business-rules §4 Referral friend states: pending, registered, made a purchase, unavailable. */
export const referralStates = ['pending', 'registered', 'purchased', 'unavailable'] as const;
export const referralStateSchema = z.enum(referralStates);
export type ReferralState = z.infer<typeof referralStateSchema>;

/**
 * Why a friend is unavailable: already a member when invited, invited first by someone else, joined
 * through another member's invite, or signed up on a device that had already joined through an invite.
 */
export const referralUnavailableReasons = ['already-member', 'invited-by-another', 'joined-another', 'device-used'] as const;
export const referralUnavailableReasonSchema = z.enum(referralUnavailableReasons);
export type ReferralUnavailableReason = z.infer<typeof referralUnavailableReasonSchema>;

export const referralParamsSchema = z.object({ referralId: z.string().min(1).max(64) });
export const referralCodeParamsSchema = z.object({ code: z.string().trim().min(4).max(32) });

/** What a referral program offers, as the member who shares it and the friend who is invited see it. */
const referralOfferSchema = z.object({
  /** The referral program's id: the `{id}` of the card's page /cards/{cardId}/referral/{id}. */
  id: z.string(),
  programId: z.string(),
  programName: z.string(),
  /** The unit the rewards are paid in: the card program's. */
  unit: balanceUnitSchema,
  /** What the member who invites earns for each friend, when `rewardOn` says. */
  referrerReward: points,
  /** What the friend receives on joining, on their new card of the program (0: nothing). */
  friendReward: points,
  rewardOn: referralRewardOnSchema,
  /** ended once its end has passed or the merchant stopped it (spec §8 "promotion ended"). */
  status: z.enum(['active', 'ended']),
  endsAt: when.nullable(),
});
export type ReferralOffer = z.infer<typeof referralOfferSchema>;

/** The referral programs of the member's cards (app-core §3 referral: isHaveReferral, referralId). */
export const referralListItemSchema = referralOfferSchema.extend({
  /** The member's card of the program, from which the page is opened. */
  cardId: z.string(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;
export const referralListAnswerSchema = z.object({ data: z.array(referralListItemSchema) });

/** Friends per state and the commission earned so far (business-rules §3 summary counts). */
export const referralSummarySchema = z.object({
  pending: z.number().int().min(0),
  registered: z.number().int().min(0),
  purchased: z.number().int().min(0),
  /** The commission paid so far, in `unit`. */
  commission: points,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** The member's page of one referral program: their code and link, and how their invites went. */
export const referralOverviewSchema = referralOfferSchema.extend({
  /** The member's card of the program, where commissions are paid; null when they hold none. */
  cardId: z.string().nullable(),
  /** The member's own code, the same every time. */
  code: z.string(),
  /** The site's landing page with the code: what the member shares. */
  link: z.string().url(),
  summary: referralSummarySchema,
  /** Invites by phone the member may still send today. */
  invitesLeftToday: z.number().int().min(0),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;
export const referralOverviewAnswerSchema = z.object({ data: referralOverviewSchema });

/** One friend the member invited, or who joined through their link (business-rules §3 Referral). */
export const referralFriendSchema = z.object({
  id: z.string(),
  /** Masked as a transfer's recipient is: "+62 812-****-6789" (an e-mail, "b****@example.com", for a friend who signs in by e-mail). */
  friendPhone: z.string(),
  state: referralStateSchema,
  unavailableReason: referralUnavailableReasonSchema.nullable(),
  /** The commission paid for this friend, in the program's unit; 0 until paid. */
  commission: points,
  /** The friend reached the state that pays, but today's limit of rewards was met: paid on a later day. */
  commissionPending: z.boolean(),
  invitedAt: when,
  registeredAt: when.nullable(),
  purchasedAt: when.nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralFriendsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  state: referralStateSchema.optional(),
});
export const referralFriendsAnswerSchema = z.object({ data: z.array(referralFriendSchema), page: z.number().int(), count: z.number().int() });
export const referralFriendAnswerSchema = z.object({ data: referralFriendSchema });

/** Invites a friend by phone: recorded as pending, to share the link with them next. */
export const referralInviteBodySchema = z.object({
  phone: z.string().trim().min(4).max(32),
  countryCode: z.string().regex(/^\d{1,4}$/).default('62'),
});
export type ReferralInviteBody = z.infer<typeof referralInviteBodySchema>;

/** What a shared link shows before sign-in: who invites, to what, and what the friend receives. */
export const referralInviteSchema = referralOfferSchema.extend({
  code: z.string(),
  /** The member who shares the link, masked as a transfer's recipient is ("Rani S."); null without a name. */
  referrerName: z.string().nullable(),
});
export type ReferralInvite = z.infer<typeof referralInviteSchema>;
export const referralInviteAnswerSchema = z.object({ data: referralInviteSchema });

/** A new member joins through the code of the link they came by. */
export const referralJoinBodySchema = z.object({ code: z.string().trim().min(4).max(32) });
export type ReferralJoinBody = z.infer<typeof referralJoinBodySchema>;
export const referralJoinSchema = z.object({
  referralId: z.string(),
  programName: z.string(),
  /** The member's card of the program: the one they had, or the one joining issued. */
  cardId: z.string(),
  /** What the member received on that card (0 when the device had joined through an invite before). */
  friendReward: points,
  unit: balanceUnitSchema,
  referrerName: z.string().nullable(),
});
export type ReferralJoin = z.infer<typeof referralJoinSchema>;
export const referralJoinAnswerSchema = z.object({ data: referralJoinSchema });

/* The merchant's side, in the integration API: making, listing and ending referral programs. */

export const integrationReferralProgramSchema = z.object({
  id: z.string(),
  programId: z.string(),
  referrerReward: points,
  friendReward: points,
  rewardOn: referralRewardOnSchema,
  /** Commissions one member may be paid in 24 hours; friends beyond wait for a later day. */
  dailyRewardCap: z.number().int().min(1).max(1000),
  status: z.enum(['scheduled', 'active', 'ended']),
  startsAt: when,
  endsAt: when.nullable(),
  createdAt: when,
});
export type IntegrationReferralProgram = z.infer<typeof integrationReferralProgramSchema>;

export const integrationReferralProgramBodySchema = z.object({
  programId: programIdSchema,
  /** In the card program's unit: points, stamps or minor currency units. */
  referrerReward: priceAmountSchema,
  friendReward: priceAmountSchema.default(0),
  rewardOn: referralRewardOnSchema.default('purchased'),
  dailyRewardCap: z.number().int().min(1).max(1000).default(10),
  /** From now when left out. */
  startsAt: scheduledInstantSchema.optional(),
  endsAt: scheduledInstantSchema.nullable().optional(),
});
/** Nothing to say: ending takes effect at once. */
export const integrationReferralProgramEndBodySchema = z.object({});
export const integrationReferralProgramParamsSchema = z.object({ referralId: z.string().min(1).max(64) });
export const integrationReferralProgramAnswerSchema = z.object({ data: integrationReferralProgramSchema });
export const integrationReferralProgramListSchema = z.object({ data: z.array(integrationReferralProgramSchema) });
