import type { PaymentEffect, PaymentEffectInput } from '../../modules/payments/payment-effects.ts';
import { planVoucherTemplates } from '../../modules/vouchers/plan-vouchers.service.ts';
import { settlePaidCharge, subscriptionChargeEffect } from '../../modules/subscriptions/subscription-payments.ts';
import { issueVouchersOfTemplates } from '../../modules/vouchers/voucher-issuing.service.ts';

/**
 * A subscription's charge paid (decision 018), in the transaction that moves the payment: the
 * subscriptions module runs the subscription to the end of the period, and the vouchers module
 * issues the plan's e-vouchers onto its card, keyed by the charge (decision 025), so a payment
 * message delivered twice issues them once.
 */
export async function paySubscriptionPeriod(input: PaymentEffectInput): Promise<void> {
  const paid = await settlePaidCharge(input);
  if (!paid) return;
  const templates = await planVoucherTemplates(input.tx, paid.planId);
  if (templates.length === 0) return;
  await issueVouchersOfTemplates(input.tx, { merchantId: paid.merchantId, holder: paid.holder, source: { type: 'subscription', id: paid.chargeId }, templates, now: input.now });
}

/** What a subscription payment does when it settles (registered in app.ts). */
export const subscriptionPaymentEffect: PaymentEffect = { ...subscriptionChargeEffect, onPaid: paySubscriptionPeriod };
