import type { Database } from '../../db/database.ts';
import type { PaymentLog } from '../payments/payment-events.service.ts';
import type { PaymentsContext } from '../payments/payments.context.ts';
import { createPaymentIntent } from '../payments/payments.service.ts';
import { startGrace } from './subscription-payments.ts';
import { RENEWAL_LEAD_MS, RENEWAL_RETRY_MS } from './subscription-state.ts';
import { priceOfPlan } from './subscriptions.service.ts';
import { findPlan, insertCharge, listDueRenewals, lockSubscription, recordLapsedSubscriptions, setChargeIntent, settleCharge, updateSubscription } from './subscriptions.repository.ts';
import type { SubscriptionRow } from './subscriptions.table.ts';

const renewalsPerRun = 100;

export interface RenewalRun {
  lapsed: number;
  charged: number;
  /** Charged and not (yet) paid: declined, or the provider could not be reached. */
  unpaid: number;
}

/** Charges one auto-renewing subscription's saved card for its next period; a refusal starts the grace. */
async function renew({ db, payments, subscription, now, log }: { db: Database; payments: PaymentsContext; subscription: SubscriptionRow; now: Date; log: PaymentLog }): Promise<boolean> {
  const plan = await findPlan(db, { merchantId: subscription.merchantId, planId: subscription.planId });
  if (!plan || subscription.cardToken === null) return false;
  const priced = priceOfPlan(plan, 'credit_card');
  const charge = await insertCharge(db, {
    merchantId: subscription.merchantId,
    subscriptionId: subscription.id,
    planId: plan.id,
    kind: 'auto_renewal',
    autoRenew: true,
    amountMinor: priced.totalMinor,
    currency: plan.currency,
    createdAt: now,
  });
  try {
    const payment = await createPaymentIntent({
      db,
      payments,
      merchant: { id: subscription.merchantId },
      user: { id: subscription.userId },
      subject: { type: 'subscription', id: charge.id },
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      method: 'credit_card',
      idempotencyKey: `charge:${charge.id}`,
      cardToken: subscription.cardToken,
      now,
      log,
      onReusableCardToken: (token) => updateSubscription(db, subscription.id, { cardToken: token, updatedAt: now }).then(() => undefined),
    });
    await setChargeIntent(db, { id: charge.id, intentId: payment.body.id });
    return payment.body.status === 'paid';
  } catch (error) {
    // The provider could not be reached or refused the card outright: the same as a declined charge.
    log.error({ subscriptionId: subscription.id, chargeId: charge.id, err: error }, 'automatic subscription renewal failed');
    await db.transaction(async (tx) => {
      await settleCharge(tx, { id: charge.id, status: 'failed', now });
      const locked = await lockSubscription(tx, subscription.id);
      if (locked) await startGrace(tx, locked, now);
    });
    return false;
  }
}

/**
 * The renew-subscriptions job: writes down the subscriptions that lapsed, then charges the saved
 * card of every auto-renewing one whose period ends within a day (decision 018).
 */
export async function renewSubscriptions({ db, payments, now, log }: { db: Database; payments: PaymentsContext; now: Date; log: PaymentLog }): Promise<RenewalRun> {
  const lapsed = await recordLapsedSubscriptions(db, now);
  const due = await listDueRenewals(db, { now, leadMs: RENEWAL_LEAD_MS, retryMs: RENEWAL_RETRY_MS, limit: renewalsPerRun });
  let charged = 0;
  for (const subscription of due) {
    if (await renew({ db, payments, subscription, now, log })) charged += 1;
  }
  return { lapsed: lapsed.length, charged, unpaid: due.length - charged };
}
