import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { jobs } from '../jobs/jobs.table.ts';
import { ledgerAccounts } from '../ledger/accounts.table.ts';
import { postings } from '../ledger/journal.table.ts';
import { outboxMessages } from '../outbox/outbox-messages.table.ts';
import { merchants, type MerchantRow } from '../tenancy/merchants.table.ts';
import { pushSettings, pushSubscriptions, type PushSettingRow, type PushSubscriptionRow } from './push.table.ts';

export interface NewSubscription {
  merchantId: number;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  now: Date;
}

/** Saves the browser's subscription; an endpoint known already takes the new member and keys. */
export async function upsertSubscription(db: Database, { now, ...subscription }: NewSubscription): Promise<PushSubscriptionRow> {
  const { merchantId, userId, p256dh, auth, userAgent } = subscription;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...subscription, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { merchantId, userId, p256dh, auth, userAgent } })
    .returning();
  if (!row) throw new Error('The push subscription was not saved');
  return row;
}

/** Deletes the member's subscription of this endpoint; false when the member has none. */
export async function deleteMemberSubscription(db: Database, { merchantId, userId, endpoint }: { merchantId: number; userId: string; endpoint: string }): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.merchantId, merchantId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Deletes the member's subscriptions but the `keep` latest registered. */
export async function keepLatestSubscriptions(db: Database, { userId, keep }: { userId: string; keep: number }): Promise<void> {
  const latest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, latest)));
}

export async function findSubscription(db: Database, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row;
}

export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionDelivered(db: Database, id: string, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));
}

export async function findSettings(db: Database, userId: string): Promise<PushSettingRow[]> {
  return db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
}

export async function saveSettings(db: Database, { userId, kinds, now }: { userId: string; kinds: { kind: string; enabled: boolean }[]; now: Date }): Promise<void> {
  await db
    .insert(pushSettings)
    .values(kinds.map(({ kind, enabled }) => ({ userId, kind, enabled, updatedAt: now })))
    .onConflictDoUpdate({ target: [pushSettings.userId, pushSettings.kind], set: { enabled: sql`excluded.enabled`, updatedAt: now } });
}

/** A browser a message goes to, with the language of its member. */
export interface PushTarget {
  subscriptionId: string;
  userId: string;
  language: string | null;
}

/** The browsers of these members at the merchant that take pushes of this kind: none of a member who turned it off. */
export async function findPushTargets(db: Database, { merchantId, userIds, kind }: { merchantId: number; userIds: string[]; kind: string }): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  const turnedOff = db
    .select({ one: sql`1` })
    .from(pushSettings)
    .where(and(eq(pushSettings.userId, pushSubscriptions.userId), eq(pushSettings.kind, kind), eq(pushSettings.enabled, false)));
  return db
    .select({ subscriptionId: pushSubscriptions.id, userId: pushSubscriptions.userId, language: users.language })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.merchantId, merchantId), inArray(pushSubscriptions.userId, userIds), sql`not exists ${turnedOff}`));
}

export async function findMerchant(db: Database, merchantId: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row;
}

export interface NewPushMessage {
  merchantId: number;
  subscriptionId: string;
  /** The notification's title, as the development outbox lists it. */
  title: string;
  /** The JSON payload the browser receives. */
  payload: string;
  /** The message kind, as the development outbox lists it. */
  purpose: string;
  language: string;
}

// As many tries as the outbox gives its other messages: with the worker's doubling retries, about 40 minutes.
const deliveryTries = 8;

/**
 * Writes one outbox message per browser, channel push and recipient the subscription, with the job
 * that delivers each (the outbox's `outbox.deliver`, keyed as the outbox keys it): two statements
 * however many browsers, as a broadcast writes thousands at once.
 */
export async function insertPushMessages(db: Database, { messages, deliveryJobName, now }: { messages: NewPushMessage[]; deliveryJobName: string; now: Date }): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outboxMessages)
    .values(
      messages.map((message) => ({
        merchantId: message.merchantId,
        channel: 'push' as const,
        recipient: message.subscriptionId,
        subject: message.title,
        body: message.payload,
        purpose: message.purpose,
        language: message.language,
        createdAt: now,
      })),
    )
    .returning({ id: outboxMessages.id });
  const ids = rows.map((row) => row.id);
  await db
    .insert(jobs)
    .values(ids.map((id) => ({ name: deliveryJobName, key: `outbox:${id}`, payload: { messageId: id }, runAt: now, maxAttempts: deliveryTries, createdAt: now })))
    .onConflictDoNothing();
  return ids;
}

/** The member's card at the merchant whose value this ledger entry moved, if any. */
export async function findMemberCardOfEntry(db: Database, { merchantId, userId, entryId }: { merchantId: number; userId: string; entryId: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ cardId: cards.id })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(cards, eq(cards.id, ledgerAccounts.cardId))
    .where(and(eq(postings.entryId, entryId), eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId)))
    .limit(1);
  return row?.cardId;
}
