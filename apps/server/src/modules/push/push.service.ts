import { ECDH } from 'node:crypto';
import {
  pushCardIdPattern,
  pushRouteNames,
  pushSettingKinds,
  type PushRouteBody,
  type PushRouteName,
  type PushSetting,
  type PushSubscriptionBody,
} from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';
import { cardPagePath } from '../card-access/card-pages.ts';
import type { PushSubscriptionRow } from './push.table.ts';
import type { WebPushSetup } from './push.keys.ts';
import { deleteMemberSubscription, findMemberCardOfEntry, findSettings, keepLatestSubscriptions, saveSettings, upsertSubscription } from './push.repository.ts';

/*
 * A member's browsers and what they may be pushed (docs/decisions/037-web-push.md). Every call is the
 * signed-in member's own, at the merchant of the request's site.
 */

export interface PushMember {
  db: Database;
  merchantId: number;
  userId: string;
}

/** The public key of the server's VAPID identity; PUSH_UNAVAILABLE when push is off. */
export function vapidPublicKeyOf(webPush: WebPushSetup | null): string {
  if (!webPush) throw new AppError('PUSH_UNAVAILABLE');
  return webPush.publicKey;
}

/**
 * The push services of the browsers members use: Chrome and the browsers built on Chromium, Firefox,
 * Safari, Edge. In production the server posts to these only, never to an address a member made up
 * (a host of its own network).
 */
const knownPushServices = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

function isKnownPushService(endpoint: string): boolean {
  const host = new URL(endpoint).hostname;
  return knownPushServices.some((service) => host === service || host.endsWith(`.${service}`));
}

function refused(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field, rule: 'push', message }] });
}

/** Whether the browser's key is a point of P-256: a message encrypted to anything else reaches nobody. */
function isP256PublicKey(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

// A user agent is kept to tell the member's browsers apart, never to identify them: a short one does.
const userAgentLength = 300;
// A member's phones and computers: more is a script registering addresses, each costing a request per message.
const subscriptionsPerMember = 10;

/**
 * Registers the browser for the member's pushes. The same browser registered again keeps its record
 * with the keys given now; registered by another member (a shared phone), it moves to them. A member
 * keeps their latest browsers only.
 */
export async function registerSubscription({
  db,
  merchantId,
  userId,
  subscription,
  userAgent,
  webPush,
  now,
}: PushMember & { subscription: PushSubscriptionBody; userAgent: string | undefined; webPush: WebPushSetup | null; now: Date }): Promise<PushSubscriptionRow> {
  if (!webPush) throw new AppError('PUSH_UNAVAILABLE');
  const { endpoint, keys } = subscription;
  if (!webPush.anyPushService && !isKnownPushService(endpoint)) throw refused('body.endpoint', 'This is not the address of a browser push service');
  if (!isP256PublicKey(keys.p256dh)) throw refused('body.keys.p256dh', 'This is not a P-256 public key');
  const saved = await upsertSubscription(db, { merchantId, userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: userAgent?.slice(0, userAgentLength) ?? null, now });
  await keepLatestSubscriptions(db, { userId, keep: subscriptionsPerMember });
  return saved;
}

/** The browser stops receiving the member's pushes; PUSH_SUBSCRIPTION_NOT_FOUND when it was not the member's. */
export async function unregisterSubscription({ endpoint, ...member }: PushMember & { endpoint: string }): Promise<void> {
  const deleted = await deleteMemberSubscription(member.db, { merchantId: member.merchantId, userId: member.userId, endpoint });
  if (!deleted) throw new AppError('PUSH_SUBSCRIPTION_NOT_FOUND');
}

/** Every kind of message and whether it pushes: on unless the member turned it off. */
export async function getPushSettings({ db, userId }: Pick<PushMember, 'db' | 'userId'>): Promise<PushSetting[]> {
  const saved = new Map((await findSettings(db, userId)).map((row) => [row.kind, row.enabled]));
  return pushSettingKinds.map((kind) => ({ kind, enabled: saved.get(kind) ?? true }));
}

/** Turns the given kinds on or off; the others stay. Answers every kind after. */
export async function changePushSettings({ db, userId, kinds, now }: Pick<PushMember, 'db' | 'userId'> & { kinds: PushSetting[]; now: Date }): Promise<PushSetting[]> {
  // The last word on a kind named twice is the one kept.
  const latest = [...new Map(kinds.map((setting) => [setting.kind, setting])).values()];
  await saveSettings(db, { userId, kinds: latest, now });
  return getPushSettings({ db, userId });
}

/** Where each page a push may name is: a page of the wallet, a page of the card, or the transaction's page on its card. */
type PushRoute = { page: string } | { cardPage: string } | 'transaction';

const pushRoutes: Record<PushRouteName, PushRoute> = {
  cards: { page: '/cards' },
  notifications: { page: '/notifications' },
  egifts: { page: '/egifts' },
  settings: { page: '/settings' },
  profile: { page: '/profile' },
  'cards-cardId': { cardPage: '' },
  'cards-cardId-levels': { cardPage: '/levels' },
  'cards-cardId-transaction-history': { cardPage: '/transaction-history' },
  'cards-cardId-catalogs': { cardPage: '/catalogs' },
  'cards-cardId-egifts': { cardPage: '/egifts' },
  'cards-cardId-privileges': { cardPage: '/privileges' },
  'cards-cardId-vouchers': { cardPage: '/vouchers' },
  detailTransaction: 'transaction',
};

function isRouteName(name: string): name is PushRouteName {
  return (pushRouteNames as readonly string[]).includes(name);
}

function invalid(message: string): AppError {
  return new AppError('PUSH_ROUTE_INVALID', { message });
}

/**
 * `POST /api/push/route` (app-core §7): the app page a push names. A card's page needs a card id of
 * 24 lowercase letters and digits (§5) of a card in the member's wallet; a store rating's
 * (`detailTransaction`) the id of a transaction on one of the member's cards. The path is the app's
 * v1 path: the app itself moves a v2 merchant's member to the /v2 page.
 */
export async function routeOfPush({ db, merchantId, userId, route }: PushMember & { route: PushRouteBody }): Promise<string> {
  const { routeName, cardId, transactionId } = route;
  if (!isRouteName(routeName)) throw invalid('No page of the app has this routeName');
  const target = pushRoutes[routeName];
  if (target === 'transaction') {
    if (!transactionId || !isUuid(transactionId)) throw invalid('detailTransaction needs the transactionId of a transaction');
    const entryId = transactionId.toLowerCase();
    const card = await findMemberCardOfEntry(db, { merchantId, userId, entryId });
    if (!card) throw new AppError('NOT_FOUND', { message: 'Transaction not found' });
    return `${cardPagePath(card)}/transaction-detail/${entryId}`;
  }
  if ('page' in target) return target.page;
  if (!cardId || !pushCardIdPattern.test(cardId)) throw invalid(`${routeName} needs a cardId of 24 lowercase letters and digits`);
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  return `${cardPagePath(card.id)}${target.cardPage}`;
}
