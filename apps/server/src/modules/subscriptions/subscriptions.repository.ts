import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { users } from '../auth/users.table.ts';
import { paymentIntents } from '../payments/payments.table.ts';
import { programs } from '../programs/programs.table.ts';
import { merchants } from '../tenancy/merchants.table.ts';
import type { MembershipFields } from './membership-state.ts';
import {
  subscriptionCharges,
  subscriptionPlans,
  subscriptions,
  type NewSubscriptionPlanRow,
  type SubscriptionChargeRow,
  type SubscriptionPlanRow,
  type SubscriptionRow,
} from './subscriptions.table.ts';

export async function insertPlan(db: Database, values: NewSubscriptionPlanRow): Promise<SubscriptionPlanRow> {
  const [row] = await db.insert(subscriptionPlans).values(values).returning();
  if (!row) throw new Error('The subscription plan was not inserted');
  return row;
}

export async function listActivePlans(db: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<SubscriptionPlanRow[]> {
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.merchantId, merchantId), eq(subscriptionPlans.programId, programId), eq(subscriptionPlans.status, 'active')))
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.durationMonths));
}

export async function findPlan(db: Database, { merchantId, planId }: { merchantId: number; planId: string }): Promise<SubscriptionPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.merchantId, merchantId), eq(subscriptionPlans.id, planId)))
    .limit(1);
  return row;
}

export async function findSubscriptionOfCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.merchantId, merchantId), eq(subscriptions.cardId, cardId)))
    .limit(1);
  return row;
}

/** The card's subscription, locked until the transaction ends; made (inactive) when the card has none. */
export async function lockSubscriptionOfCard(
  tx: Database,
  values: Pick<SubscriptionRow, 'merchantId' | 'userId' | 'cardId' | 'programId' | 'planId' | 'createdAt' | 'updatedAt'>,
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const inserted = await tx.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.cardId }).returning({ id: subscriptions.id });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.cardId, values.cardId)).for('update');
  if (!row) throw new Error('The subscription was not written');
  return { row, created: inserted.length > 0 };
}

export async function lockSubscription(tx: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export type SubscriptionChanges = Partial<Omit<SubscriptionRow, 'id' | 'merchantId' | 'userId' | 'cardId' | 'programId' | 'createdAt'>>;

/** A card shows its membership, and the wallet its cards: every write to a subscription says so. */
function changedMemberships(db: Database, rows: ReadonlyArray<{ cardId: string; userId: string }>): void {
  if (rows.length > 0) publishAfterCommit(db, [...new Set(rows.flatMap((row) => [changeTags.card(row.cardId), changeTags.wallet(row.userId)]))]);
}

export async function updateSubscription(db: Database, id: string, changes: SubscriptionChanges & { updatedAt: Date }): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error('The subscription was not updated');
  changedMemberships(db, [row]);
  return row;
}

export async function insertCharge(
  db: Database,
  values: Pick<SubscriptionChargeRow, 'merchantId' | 'subscriptionId' | 'planId' | 'kind' | 'autoRenew' | 'amountMinor' | 'currency' | 'createdAt'> &
    Partial<Pick<SubscriptionChargeRow, 'cardToken' | 'cardBrand' | 'cardLast4' | 'cardExpiryMonth' | 'cardExpiryYear' | 'cardName'>>,
): Promise<SubscriptionChargeRow> {
  const [row] = await db.insert(subscriptionCharges).values(values).returning();
  if (!row) throw new Error('The subscription charge was not inserted');
  return row;
}

export async function setChargeIntent(db: Database, { id, intentId }: { id: string; intentId: string }): Promise<void> {
  await db.update(subscriptionCharges).set({ intentId }).where(eq(subscriptionCharges.id, id));
}

/**
 * The provider's reusable token for the charge's card, in place of the one-time token it was made
 * with: on the charge, and on its subscription too when the charge was paid already and its card
 * taken on file (the provider's message came before its answer).
 */
export async function setChargeCardToken(db: Database, { id, oneTimeToken, cardToken }: { id: string; oneTimeToken: string; cardToken: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [charge] = await tx.update(subscriptionCharges).set({ cardToken }).where(eq(subscriptionCharges.id, id)).returning({ subscriptionId: subscriptionCharges.subscriptionId });
    if (!charge) return;
    await tx
      .update(subscriptions)
      .set({ cardToken })
      .where(and(eq(subscriptions.id, charge.subscriptionId), eq(subscriptions.cardToken, oneTimeToken)));
  });
}

export async function lockCharge(tx: Database, id: string): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, id)).for('update');
  return row;
}

export async function settleCharge(
  db: Database,
  { id, status, period, now }: { id: string; status: Exclude<SubscriptionChargeRow['status'], 'open'>; period?: { startsAt: Date; endsAt: Date }; now: Date },
): Promise<void> {
  await db
    .update(subscriptionCharges)
    .set({ status, settledAt: now, periodStartsAt: period?.startsAt ?? null, periodEndsAt: period?.endsAt ?? null })
    .where(and(eq(subscriptionCharges.id, id), eq(subscriptionCharges.status, 'open')));
}

/** The latest payment of the subscription still waiting to be paid, if any. */
export async function findOpenPayment(db: Database, subscriptionId: string): Promise<{ id: string; status: 'pending' | 'waiting_payment' } | undefined> {
  const [row] = await db
    .select({ id: paymentIntents.id, status: paymentIntents.status })
    .from(subscriptionCharges)
    .innerJoin(paymentIntents, eq(paymentIntents.id, subscriptionCharges.intentId))
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.status, 'open'), inArray(paymentIntents.status, ['pending', 'waiting_payment'])))
    .orderBy(desc(subscriptionCharges.createdAt))
    .limit(1);
  return row && (row.status === 'pending' || row.status === 'waiting_payment') ? { id: row.id, status: row.status } : undefined;
}

/** Who a subscription's messages go to, in which language, from which brand. */
export async function findSubscriber(db: Database, subscriptionId: string) {
  const [row] = await db
    .select({
      email: users.email,
      phone: users.phone,
      language: users.language,
      brand: merchants.brand,
      defaultLanguage: merchants.defaultLanguage,
      timezone: merchants.timezone,
      currencyCode: merchants.currencyCode,
      currencySymbol: merchants.currencySymbol,
      currencyDecimals: merchants.currencyDecimals,
      thousandSeparator: merchants.thousandSeparator,
      decimalSeparator: merchants.decimalSeparator,
      programName: programs.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(merchants, eq(merchants.id, subscriptions.merchantId))
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

/**
 * Writes down what the clock has done: active subscriptions past their period (and grace) have
 * expired, cancelled ones past their end have ended. Answers the cards that changed.
 */
export async function recordLapsedSubscriptions(db: Database, now: Date): Promise<{ cardId: string; userId: string }[]> {
  const expired = await db
    .update(subscriptions)
    .set({ status: 'expired', autoRenew: false, updatedAt: now })
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`greatest(${subscriptions.periodEndsAt}, coalesce(${subscriptions.graceUntil}, ${subscriptions.periodEndsAt})) <= ${now.toISOString()}`,
      ),
    )
    .returning({ cardId: subscriptions.cardId, userId: subscriptions.userId });
  const ended = await db
    .update(subscriptions)
    .set({ status: 'ended', updatedAt: now })
    .where(and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.periodEndsAt, now)))
    .returning({ cardId: subscriptions.cardId, userId: subscriptions.userId });
  const lapsed = [...expired, ...ended];
  changedMemberships(db, lapsed);
  return lapsed;
}

/**
 * Auto-renewing subscriptions due a charge: their period ends within `leadMs` (or their grace
 * still runs), with no automatic renewal tried within `retryMs`.
 */
export async function listDueRenewals(db: Database, { now, leadMs, retryMs, limit }: { now: Date; leadMs: number; retryMs: number; limit: number }): Promise<SubscriptionRow[]> {
  const lastTry = db
    .select({ one: sql`1` })
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptions.id),
        eq(subscriptionCharges.kind, 'auto_renewal'),
        gt(subscriptionCharges.createdAt, new Date(now.getTime() - retryMs)),
      ),
    );
  // A renewal the member is paying by hand (in the grace, by another method) is not charged twice.
  const payingByHand = db
    .select({ one: sql`1` })
    .from(subscriptionCharges)
    .innerJoin(paymentIntents, eq(paymentIntents.id, subscriptionCharges.intentId))
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptions.id), eq(subscriptionCharges.status, 'open'), inArray(paymentIntents.status, ['pending', 'waiting_payment'])));
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.autoRenew, true),
        lte(subscriptions.periodEndsAt, new Date(now.getTime() + leadMs)),
        sql`greatest(${subscriptions.periodEndsAt}, coalesce(${subscriptions.graceUntil}, ${subscriptions.periodEndsAt})) > ${now.toISOString()}`,
        sql`not exists (${lastTry})`,
        sql`not exists (${payingByHand})`,
      ),
    )
    .orderBy(asc(subscriptions.periodEndsAt))
    .limit(limit);
}

export async function findCardOfCharge(db: Database, chargeId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ cardId: subscriptions.cardId })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(subscriptionCharges.id, chargeId))
    .limit(1);
  return row?.cardId;
}

/** What a card's membership holds now depends on: its status as written, its period's end and its grace. */
export async function findMembershipOfCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<MembershipFields | undefined> {
  const [row] = await db
    .select({ status: subscriptions.status, periodEndsAt: subscriptions.periodEndsAt, graceUntil: subscriptions.graceUntil })
    .from(subscriptions)
    .where(and(eq(subscriptions.merchantId, merchantId), eq(subscriptions.cardId, cardId)))
    .limit(1);
  return row;
}
