import { recordEvent } from '../analytics/analytics.service.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { formatCurrency } from '@kartu/core';
import { intlLocaleOf } from '@kartu/core/constants';
import { languageSchema, type Language } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { queueMemberMessage } from '../outbox/outbox.service.ts';
import type { MessageData } from '../outbox/outbox.texts.ts';
import { cardPagePath } from '../card-access/card-pages.ts';
import type { MemberPage, PaymentEffect, PaymentEffectInput } from '../payments/payment-effects.ts';
import type { PaymentIntentRow } from '../payments/payments.table.ts';
import { nextPeriod, RENEWAL_GRACE_MS } from './subscription-state.ts';
import { findCardOfCharge, findPlan, findSubscriber, lockCharge, lockSubscription, settleCharge, updateSubscription } from './subscriptions.repository.ts';
import type { SubscriptionChargeRow, SubscriptionRow } from './subscriptions.table.ts';

type Subscriber = NonNullable<Awaited<ReturnType<typeof findSubscriber>>>;

function languageOf(subscriber: Subscriber): Language {
  const stored = languageSchema.safeParse(subscriber.language);
  return stored.success ? stored.data : subscriber.defaultLanguage;
}

function dateIn(subscriber: Subscriber, instant: Date): string {
  return new Intl.DateTimeFormat(intlLocaleOf(languageOf(subscriber)), { dateStyle: 'long', timeZone: subscriber.timezone }).format(instant);
}

function amountIn(subscriber: Subscriber, charge: Pick<SubscriptionChargeRow, 'amountMinor' | 'currency'>): string {
  const { currencyCode, currencySymbol, currencyDecimals, thousandSeparator, decimalSeparator } = subscriber;
  const format =
    charge.currency === currencyCode
      ? { code: currencyCode, symbol: currencySymbol, decimalDigits: currencyDecimals, thousandSeparator, decimalSeparator }
      : { code: charge.currency, symbol: charge.currency, decimalDigits: 2, thousandSeparator, decimalSeparator };
  return formatCurrency(charge.amountMinor, format);
}

/** Queues a message to the subscription's member, in their language, in the transaction that caused it. */
async function tellSubscriber<T extends 'subscription-paid' | 'subscription-renewal-failed'>(
  tx: Database,
  subscription: Pick<SubscriptionRow, 'id' | 'merchantId'>,
  template: T,
  now: Date,
  data: (subscriber: Subscriber) => MessageData[T],
): Promise<void> {
  const subscriber = await findSubscriber(tx, subscription.id);
  if (!subscriber) return;
  await queueMemberMessage({ db: tx, merchantId: subscription.merchantId, member: subscriber, template, data: data(subscriber), fallbackLanguage: subscriber.defaultLanguage, now });
}

/** The charge an intent pays for, locked with its subscription; nothing when already settled. */
async function openChargeOf(tx: Database, subjectId: string): Promise<{ charge: SubscriptionChargeRow; subscription: SubscriptionRow } | undefined> {
  const charge = await lockCharge(tx, subjectId);
  if (!charge || charge.status !== 'open') return undefined;
  const subscription = await lockSubscription(tx, charge.subscriptionId);
  if (!subscription) throw new Error('A subscription charge without its subscription');
  return { charge, subscription };
}

/** The period a charge paid: the plan, the card it is on and the charge that paid it. */
export interface PaidPeriod {
  merchantId: number;
  planId: string;
  holder: { userId: string; cardId: string };
  chargeId: string;
}

/** Paid: the subscription runs to the end of the period the charge paid; null when the charge was settled already. */
export async function settlePaidCharge({ tx, intent, now }: PaymentEffectInput): Promise<PaidPeriod | null> {
  const open = await openChargeOf(tx, intent.subjectId);
  if (!open) return null;
  const { charge, subscription } = open;
  const plan = await findPlan(tx, { merchantId: charge.merchantId, planId: charge.planId });
  if (!plan) throw new Error('A subscription charge without its plan');
  const period = nextPeriod(subscription, plan.durationMonths, now);
  // The card this payment was made with is the one on file from now on: a charge with it succeeded.
  const paidWithCard = charge.cardToken !== null && charge.cardLast4 !== null;
  const card = paidWithCard
    ? { cardToken: charge.cardToken, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4, cardExpiryMonth: charge.cardExpiryMonth, cardExpiryYear: charge.cardExpiryYear, cardName: charge.cardName }
    : {};
  const autoRenew = charge.kind === 'auto_renewal' ? subscription.autoRenew : charge.autoRenew && (paidWithCard || subscription.cardToken !== null);
  await updateSubscription(tx, subscription.id, {
    ...card,
    status: 'active',
    planId: plan.id,
    autoRenew,
    periodStartsAt: subscription.periodStartsAt && period.startsAt.getTime() === subscription.periodEndsAt?.getTime() ? subscription.periodStartsAt : period.startsAt,
    periodEndsAt: period.endsAt,
    lastBilledAt: now,
    graceUntil: null,
    cancelledAt: null,
    updatedAt: now,
  });
  await settleCharge(tx, { id: charge.id, status: 'paid', period, now });
  // A paid period after the first, asked for by the member or charged on its own, is a renewal.
  if (charge.kind !== 'new') {
    await recordEvent(tx, {
      merchantId: charge.merchantId,
      userId: subscription.userId,
      cardId: subscription.cardId,
      name: 'subscription_renew',
      properties: { planId: plan.id, automatic: charge.kind === 'auto_renewal', amountMinor: toJsonNumber(charge.amountMinor), currency: charge.currency },
      occurredAt: now,
    });
  }
  await tellSubscriber(tx, subscription, 'subscription-paid', now, (subscriber) => ({
    brand: subscriber.brand,
    program: subscriber.programName,
    plan: plan.name,
    amount: amountIn(subscriber, charge),
    endsOn: dateIn(subscriber, period.endsAt),
  }));
  return { merchantId: charge.merchantId, planId: plan.id, holder: { userId: subscription.userId, cardId: subscription.cardId }, chargeId: charge.id };
}

/**
 * Not paid: the charge is closed. A failed automatic renewal starts the grace (benefits kept while
 * the member fixes their card) and tells the member.
 */
function onNotPaid(status: 'failed' | 'expired' | 'cancelled') {
  return async ({ tx, intent, now }: PaymentEffectInput): Promise<void> => {
    const open = await openChargeOf(tx, intent.subjectId);
    if (!open) return;
    const { charge, subscription } = open;
    await settleCharge(tx, { id: charge.id, status, now });
    if (charge.kind === 'auto_renewal') await startGrace(tx, subscription, now);
  };
}

/** The grace after a failed automatic renewal, once per period, with a message to the member. */
export async function startGrace(tx: Database, subscription: SubscriptionRow, now: Date): Promise<void> {
  if (subscription.graceUntil !== null || subscription.periodEndsAt === null) return;
  const graceUntil = new Date(subscription.periodEndsAt.getTime() + RENEWAL_GRACE_MS);
  await updateSubscription(tx, subscription.id, { graceUntil, updatedAt: now });
  await tellSubscriber(tx, subscription, 'subscription-renewal-failed', now, (subscriber) => ({
    brand: subscriber.brand,
    program: subscriber.programName,
    until: dateIn(subscriber, graceUntil),
  }));
}

/** A subscription payment is followed on its card's membership payment page. */
async function memberPage({ db, intent }: { db: Database; intent: PaymentIntentRow }): Promise<MemberPage | null> {
  const cardId = await findCardOfCharge(db, intent.subjectId);
  return cardId ? { path: `${cardPagePath(cardId)}/subscribe/payment?payment=${encodeURIComponent(intent.id)}`, cardId } : null;
}

/** What a subscription payment does when it fails, expires or is cancelled; paid, the subscription-period-paid use case runs settlePaidCharge. */
export const subscriptionChargeEffect: Omit<PaymentEffect, 'onPaid'> = {
  memberPage,
  onFailed: onNotPaid('failed'),
  onExpired: onNotPaid('expired'),
  onCancelled: onNotPaid('cancelled'),
};
