import { recordEvent } from '../analytics/analytics.service.ts';
import type {
  PaymentMethod,
  PublicMerchant,
  SubscribeAnswer,
  SubscriptionFees,
  SubscriptionPage,
  SubscriptionPlan,
  Subscription,
  SubscriptionTransactionType,
  CardTokenInput,
} from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { withIdempotency, type IdempotentAnswer } from '../idempotency/idempotency.service.ts';
import { priceWithFees, toFeeLines, type PricedFees } from '../../lib/fee-lines.ts';
import type { PaymentLog } from '../payments/payment-events.service.ts';
import type { PaymentsContext } from '../payments/payments.context.ts';
import { createPaymentIntent } from '../payments/payments.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { hasNoBenefits, subscriptionStatusAt } from './membership-state.ts';
import { isInGrace, isRenewable } from './subscription-state.ts';
import {
  findOpenPayment,
  findPlan,
  findSubscriptionOfCard,
  insertCharge,
  insertPlan,
  listActivePlans,
  lockSubscriptionOfCard,
  setChargeCardToken,
  setChargeIntent,
  updateSubscription,
  type SubscriptionChanges,
} from './subscriptions.repository.ts';
import type { NewSubscriptionPlanRow, SubscriptionChargeRow, SubscriptionPlanRow, SubscriptionRow } from './subscriptions.table.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';

interface MemberCardRequest {
  db: Database;
  merchant: Pick<PublicMerchant, 'id'>;
  user: { id: string };
  cardId: string;
}

/** The member's card of a subscription program: any other card has no subscription to show. */
async function subscriptionCard(request: MemberCardRequest): Promise<CardRow> {
  return (await subscriptionProgramCard(request)).card;
}

async function subscriptionProgramCard({ db, merchant, user, cardId }: MemberCardRequest): Promise<{ card: CardRow; program: { id: string; name: string } }> {
  const card = await getMemberCard({ db, merchantId: merchant.id, userId: user.id, cardId });
  const { program } = await getProgram({ db, merchantId: merchant.id, programId: card.programId });
  if (program.type !== 'subscription') throw new AppError('SUBSCRIPTION_NOT_AVAILABLE');
  return { card, program };
}

export function toPlan(plan: SubscriptionPlanRow): SubscriptionPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    durationMonths: plan.durationMonths,
    price: toJsonNumber(plan.priceMinor),
    currency: plan.currency,
    autoRenewDefault: plan.autoRenewDefault,
  };
}

function savedCardOf(row: SubscriptionRow): Subscription['card'] {
  if (row.cardLast4 === null || row.cardExpiryMonth === null || row.cardExpiryYear === null) return null;
  return { brand: row.cardBrand ?? 'card', last4: row.cardLast4, expiryMonth: row.cardExpiryMonth, expiryYear: row.cardExpiryYear, nameOnCard: row.cardName ?? '' };
}

/** The subscription as its member sees it at `now`. */
async function toSubscription(db: Database, row: SubscriptionRow, plan: Pick<SubscriptionPlanRow, 'id' | 'name' | 'durationMonths'>, now: Date): Promise<Subscription> {
  const status = subscriptionStatusAt(row, now);
  const renews = status === 'active' && row.autoRenew;
  return {
    id: row.id,
    status,
    isExpired: hasNoBenefits(status),
    isRenewable: isRenewable(status, isInGrace(row, now)),
    endsAt: row.periodEndsAt?.toISOString() ?? null,
    plan: { id: plan.id, name: plan.name, durationMonths: plan.durationMonths },
    autoRenew: renews,
    nextBillingDate: renews && row.periodEndsAt ? row.periodEndsAt.toISOString() : null,
    lastBillingDate: row.lastBilledAt?.toISOString() ?? null,
    graceUntil: status === 'active' && row.graceUntil ? row.graceUntil.toISOString() : null,
    card: savedCardOf(row),
    openPayment: (await findOpenPayment(db, row.id)) ?? null,
  };
}

async function subscriptionView(db: Database, row: SubscriptionRow, now: Date): Promise<Subscription> {
  const plan = await findPlan(db, { merchantId: row.merchantId, planId: row.planId });
  if (!plan) throw new Error('A subscription without its plan');
  return toSubscription(db, row, plan, now);
}

/** GET /api/v2/cards/{cardId}/subscription: the plans on sale and the member's subscription. */
export async function getSubscriptionPage(options: MemberCardRequest & { now: Date }): Promise<SubscriptionPage> {
  const { db, merchant, now } = options;
  const { card, program } = await subscriptionProgramCard(options);
  const [plans, row] = await Promise.all([
    listActivePlans(db, { merchantId: merchant.id, programId: card.programId }),
    findSubscriptionOfCard(db, { merchantId: merchant.id, cardId: card.id }),
  ]);
  return { program: { id: program.id, name: program.name }, plans: plans.map(toPlan), subscription: row ? await subscriptionView(db, row, now) : null };
}

/** A plan on sale for a subscription program (the demo seed and the operator CLI make them). */
export async function createSubscriptionPlan({ db, plan }: { db: Database; plan: NewSubscriptionPlanRow }): Promise<SubscriptionPlanRow> {
  const { program } = await getProgram({ db, merchantId: plan.merchantId, programId: plan.programId });
  if (program.type !== 'subscription') throw new AppError('SUBSCRIPTION_NOT_AVAILABLE');
  return insertPlan(db, plan);
}

async function planOfCard(db: Database, card: CardRow, planId: string): Promise<SubscriptionPlanRow> {
  const plan = isUuid(planId) ? await findPlan(db, { merchantId: card.merchantId, planId }) : undefined;
  if (!plan || plan.programId !== card.programId || plan.status !== 'active') throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  return plan;
}

/** A plan's price and fee lines for a method: every figure is worked out here, never by the app. */
export function priceOfPlan(plan: SubscriptionPlanRow, method: PaymentMethod | undefined): PricedFees {
  const rules = plan.feeRules.filter((rule) => !rule.methods || (method !== undefined && rule.methods.includes(method)));
  return priceWithFees(plan.priceMinor, rules);
}

/** POST /api/v2/fees/subscription. */
export async function quoteSubscription(options: MemberCardRequest & { planId: string; paymentMethod?: PaymentMethod }): Promise<SubscriptionFees> {
  const card = await subscriptionCard(options);
  const plan = await planOfCard(options.db, card, options.planId);
  const priced = priceOfPlan(plan, options.paymentMethod);
  return { data: toFeeLines(priced), subtotal: toJsonNumber(priced.subtotalMinor), total: toJsonNumber(priced.totalMinor), currency: plan.currency };
}

/** A card whose expiry month has passed cannot be charged: refused before it is saved. */
function assertCardUsable(card: CardTokenInput | null | undefined, now: Date): void {
  if (!card) return;
  const lastMonth = card.expiryYear * 12 + (card.expiryMonth - 1);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (lastMonth < thisMonth) throw new AppError('CARD_INVALID');
}

function cardColumns(card: CardTokenInput | null): SubscriptionChanges {
  return {
    cardToken: card?.token ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    cardExpiryMonth: card?.expiryMonth ?? null,
    cardExpiryYear: card?.expiryYear ?? null,
    cardName: card?.nameOnCard ?? null,
  };
}

/**
 * Which kind of payment this is, from what the subscription's status allows. A running subscription
 * is paid for again only in the grace after its automatic renewal failed: the member pays that
 * renewal by any method (spec business-rules §2 change payment).
 */
function chargeKindFor(status: Subscription['status'] | undefined, inGrace: boolean, transactionType: SubscriptionTransactionType): SubscriptionChargeRow['kind'] {
  if (status === undefined || status === 'inactive') {
    if (transactionType === 'subscriptionRenewal') throw new AppError('SUBSCRIPTION_NOT_RENEWABLE');
    return 'new';
  }
  if (status === 'active' && !inGrace) throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
  if (transactionType === 'subscriptionNew' && status === 'cancelled') throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
  // An expired, ended or unpaid renewal is renewed whichever word the app used: both buy the next period.
  return 'renewal';
}

export interface SubscribeOptions extends MemberCardRequest {
  payments: PaymentsContext;
  planId: string;
  transactionType: SubscriptionTransactionType;
  paymentMethod: PaymentMethod;
  autoRenew: boolean;
  card?: CardTokenInput;
  /** The origin of the site the member pays from: a provider's page sends them back there. */
  returnOrigin?: string;
  /** Required: the app sends one per attempt. */
  idempotencyKey: string | undefined;
  now: Date;
  log: PaymentLog;
}

/**
 * POST /api/v2/cards/subscriptions: starts the payment of a first period, or of a renewal. The
 * subscription becomes active when the payment is paid (subscription-payments.ts), not before.
 */
export async function subscribe(options: SubscribeOptions): Promise<IdempotentAnswer<SubscribeAnswer>> {
  const { db, payments, merchant, user, planId, transactionType, paymentMethod, autoRenew, card: savedCard, returnOrigin, idempotencyKey, now, log } = options;
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const body = { cardId: options.cardId, planId, transactionType, paymentMethod, autoRenew, card: savedCard ?? null };
  return withIdempotency({
    db,
    merchantId: merchant.id,
    scope: `subscriptions.subscribe:${user.id}`,
    key: idempotencyKey,
    body,
    now,
    callsOut: async () => {
      const card = await subscriptionCard(options);
      const plan = await planOfCard(db, card, planId);
      if (paymentMethod === 'cash_on_delivery') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      if (paymentMethod === 'credit_card' && !savedCard) throw new AppError('CARD_INVALID');
      // A card only goes with a card payment: it is neither charged nor kept for another method.
      if (paymentMethod !== 'credit_card' && savedCard) throw new AppError('UNPROCESSABLE', { message: 'A card goes only with the credit card method' });
      assertCardUsable(savedCard, now);
      if (autoRenew && paymentMethod !== 'credit_card') throw new AppError('SUBSCRIPTION_CARD_REQUIRED');
      const priced = priceOfPlan(plan, paymentMethod);
      const { subscription, charge } = await db.transaction(async (tx) => {
        const { row, created } = await lockSubscriptionOfCard(tx, {
          merchantId: merchant.id,
          userId: user.id,
          cardId: card.id,
          programId: card.programId,
          planId: plan.id,
          createdAt: now,
          updatedAt: now,
        });
        const kind = created ? chargeKindFor(undefined, false, transactionType) : chargeKindFor(subscriptionStatusAt(row, now), isInGrace(row, now), transactionType);
        // The card goes with the charge, and onto the subscription only once the charge is paid.
        const inserted = await insertCharge(tx, {
          ...(savedCard && cardColumns(savedCard)),
          merchantId: merchant.id,
          subscriptionId: row.id,
          planId: plan.id,
          kind,
          autoRenew,
          amountMinor: priced.totalMinor,
          currency: plan.currency,
          createdAt: now,
        });
        return { subscription: row, charge: inserted };
      });
      const payment = await createPaymentIntent({
        db,
        payments,
        merchant,
        user,
        subject: { type: 'subscription', id: charge.id },
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        method: paymentMethod,
        idempotencyKey: `charge:${charge.id}`,
        ...(savedCard && { cardToken: savedCard.token }),
        ...(returnOrigin !== undefined && { returnOrigin }),
        now,
        log,
        // The provider's token for charging the card again replaces the one-time token kept for renewals.
        onReusableCardToken: (token) => setChargeCardToken(db, { id: charge.id, oneTimeToken: savedCard?.token ?? '', cardToken: token }),
      });
      await setChargeIntent(db, { id: charge.id, intentId: payment.body.id });
      const current = (await findSubscriptionOfCard(db, { merchantId: merchant.id, cardId: card.id })) ?? subscription;
      return { statusCode: 201, body: { subscription: await subscriptionView(db, current, now), payment: payment.body } };
    },
  });
}

/** POST /api/v2/cards/subscriptions/cancel: no more renewals; the benefits last to the end of the paid period. */
export async function cancelSubscription(options: MemberCardRequest & { now: Date }): Promise<Subscription> {
  const { db, merchant, now } = options;
  const card = await subscriptionCard(options);
  return db.transaction(async (tx) => {
    const row = await findSubscriptionOfCard(tx, { merchantId: merchant.id, cardId: card.id });
    if (!row || subscriptionStatusAt(row, now) !== 'active') throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    const cancelled = await updateSubscription(tx, row.id, { status: 'cancelled', autoRenew: false, graceUntil: null, cancelledAt: now, updatedAt: now });
    await recordEvent(tx, {
      merchantId: merchant.id,
      userId: row.userId,
      cardId: card.id,
      name: 'subscription_cancel',
      properties: { planId: row.planId, periodEndsAt: row.periodEndsAt?.toISOString() ?? null },
      occurredAt: now,
    });
    return subscriptionView(tx, cancelled, now);
  });
}

/** PATCH /api/v2/cards/{cardId}/subscription: turn auto-renew on or off, save another card or forget it. */
export async function changeSubscriptionSettings(
  options: MemberCardRequest & { autoRenew?: boolean; card?: CardTokenInput | null; now: Date },
): Promise<Subscription> {
  const { db, merchant, autoRenew, card: newCard, now } = options;
  const card = await subscriptionCard(options);
  return db.transaction(async (tx) => {
    const row = await findSubscriptionOfCard(tx, { merchantId: merchant.id, cardId: card.id });
    if (!row || subscriptionStatusAt(row, now) !== 'active') throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    assertCardUsable(newCard, now);
    const changes: SubscriptionChanges = newCard === undefined ? {} : cardColumns(newCard);
    const hasCard = newCard === undefined ? row.cardToken !== null : newCard !== null;
    const wantsRenewal = autoRenew ?? (newCard === null ? false : row.autoRenew);
    if (wantsRenewal && !hasCard) throw new AppError('SUBSCRIPTION_CARD_REQUIRED');
    const saved = await updateSubscription(tx, row.id, { ...changes, autoRenew: wantsRenewal, updatedAt: now });
    return subscriptionView(tx, saved, now);
  });
}
