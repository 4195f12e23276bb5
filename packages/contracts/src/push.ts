import { z } from 'zod';
import type { InboxKind } from './inbox.ts';

/*
 * Web Push to the member's browsers (app-core §2 global modals, §3 push payload, §4 push kinds and
 * notification permission, §5 push route pattern, §7 api/push/route; business-rules §2 notification
 * settings). Every inbox message is also pushed to the member's subscribed browsers, unless the
 * member turned its kind off. docs/decisions/037-web-push.md.
 */

/** The modal a push opens in the app (app-core §4 Push kinds); a push without one is a plain notification. */
export const pushKinds = [
  'MGLCommissionModalMessage',
  'MissionActivityCommissionModalMessage',
  'SingleSignUpReward',
  'SingleTopupBonusWalletCollectionReward',
  'SingleRedemptionWalletReward',
  'SingleBirthdayReward',
  'MultipleSignUpReward',
  'MultipleTopupBonusWalletCollectionReward',
  'MultipleRedemptionWalletReward',
  'MultipleBirthdayReward',
  'LevelUpModalMessage',
] as const;
export const pushKindSchema = z.enum(pushKinds);
export type PushKind = z.infer<typeof pushKindSchema>;

/** The kinds after which the page the member is on reloads its card (or the card list): app-core §4. */
export const pushKindsThatMoveCards: readonly PushKind[] = ['LevelUpModalMessage', 'MGLCommissionModalMessage', 'MissionActivityCommissionModalMessage'];

/**
 * The pages a push may name (`routeName`), with the ids each needs. Card pages take a card id of 24
 * lowercase letters and digits (app-core §5); a store rating names its transaction (app-core §7).
 */
export const pushRouteNames = [
  'cards',
  'notifications',
  'egifts',
  'settings',
  'profile',
  'cards-cardId',
  'cards-cardId-levels',
  'cards-cardId-transaction-history',
  'cards-cardId-catalogs',
  'cards-cardId-egifts',
  'cards-cardId-privileges',
  'cards-cardId-vouchers',
  'detailTransaction',
] as const;
export type PushRouteName = (typeof pushRouteNames)[number];

/** app-core §5: the card id a push's card route carries. */
export const pushCardIdPattern = /^[a-z0-9]{24}$/;

/** `POST /api/push/route` (app-core §7): a push's routeName and its ids; the server answers the app page. */
export const pushRouteBodySchema = z.object({
  routeName: z.string().min(1).max(100),
  cardId: z.string().min(1).max(64).optional(),
  transactionId: z.string().min(1).max(64).optional(),
});
export type PushRouteBody = z.infer<typeof pushRouteBodySchema>;
export const pushRouteAnswerSchema = z.object({ url: z.string().startsWith('/') });
export type PushRouteAnswer = z.infer<typeof pushRouteAnswerSchema>;

/**
 * What a push carries (app-core §3 Push payload), as the service worker receives it: the title and
 * body worded by the server in the member's language, the merchant's icon, and in `extras` the page
 * it opens (`queryString` for `POST /api/push/route`, and `link`, the page itself), the modal it
 * opens (`kind`), the inbox message it tells of, and for a store rating its transaction.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string().nullable(),
  extras: z.object({
    queryString: pushRouteBodySchema,
    kind: pushKindSchema.nullable(),
    messageId: z.string(),
    link: z.string().startsWith('/').nullable(),
    StoreRating: z.object({ transactionId: z.string() }).optional(),
  }),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `GET /api/push/public-key`: the server's VAPID key, the browser's `applicationServerKey`. */
export const pushPublicKeySchema = z.object({ data: z.object({ publicKey: z.string() }) });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

// A P-256 public key, uncompressed (65 bytes, the first 0x04), and a 16-byte secret, as
// PushSubscription.toJSON() writes them: base64url without padding, the unused low bits zero.
const p256dhKey = z.string().regex(/^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$/, 'expected a P-256 public key of 65 bytes, base64url');
const authSecret = z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, 'expected a secret of 16 bytes, base64url');

/** A push service's address for one browser: always https, and short enough to store. */
export const pushEndpointSchema = z.url({ protocol: /^https$/, error: 'expected an https address' }).max(2048);

/** `POST /api/push/subscriptions`: the browser's PushSubscription, as its toJSON() writes it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: p256dhKey, auth: authSecret }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionAnswerSchema = z.object({ data: z.object({ id: z.string(), createdAt: z.string().datetime() }) });
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

/** `DELETE /api/push/subscriptions?endpoint=…`: this browser stops receiving the member's pushes. */
export const pushUnsubscribeQuerySchema = z.object({ endpoint: pushEndpointSchema });

/**
 * The kinds of message a member may keep from pushing (business-rules §2 notification settings):
 * the inbox's kinds, each on until the member turns it off. A message still reaches the inbox.
 */
export const pushSettingKinds = [
  'merchant',
  'points_earned',
  'transfer_received',
  'order_status',
  'payment_settled',
  'reward_granted',
  'level_reached',
  'points_expiring',
  'voucher_expiring',
  'referral_reward',
  'target_reached',
  'mission_completed',
  'perk_reviewed',
  'receipt_reviewed',
] as const satisfies readonly InboxKind[];
// Every inbox kind has its setting: a new kind that is not listed above fails to compile here.
const everyKindListed: Exclude<InboxKind, (typeof pushSettingKinds)[number]> extends never ? true : never = true;
void everyKindListed;

export const pushSettingKindSchema = z.enum(pushSettingKinds);
export const pushSettingSchema = z.object({ kind: pushSettingKindSchema, enabled: z.boolean() });
export type PushSetting = z.infer<typeof pushSettingSchema>;
/** Every kind, in the order above. */
export const pushSettingsSchema = z.object({ data: z.array(pushSettingSchema) });
export type PushSettings = z.infer<typeof pushSettingsSchema>;
/** The kinds to change; those left out stay as they are. */
export const pushSettingsBodySchema = z.object({ kinds: z.array(pushSettingSchema).min(1).max(pushSettingKinds.length) });
export type PushSettingsBody = z.infer<typeof pushSettingsBodySchema>;
