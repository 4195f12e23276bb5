import { lockOrderWaitingFor, orderPaymentPage } from '../../modules/orders/orders.service.ts';
import type { PaymentEffect, PaymentEffectInput } from '../../modules/payments/payment-effects.ts';
import { queueWebhookEvent } from '../../modules/webhooks/webhooks.service.ts';
import { integrationOrderView } from '../order-view/order-view.ts';
import { moveOrder } from './move-order.ts';

/*
 * What an order's money payment does when it settles, in the transaction that settles it: paid,
 * the order is new for the merchant to fulfil; not paid, it fails and gives back its points and stock.
 */

async function onPaid({ tx, intent, now }: PaymentEffectInput): Promise<void> {
  const order = await lockOrderWaitingFor(tx, intent);
  if (!order) return;
  const paid = await moveOrder(tx, { order, to: 'new', actor: 'payment', now });
  await queueWebhookEvent(tx, { merchantId: paid.merchantId, type: 'order.paid', data: async () => ({ order: await integrationOrderView(tx, paid) }), now });
}

function onNotPaid(reason: 'failed' | 'expired' | 'cancelled') {
  return async ({ tx, intent, now }: PaymentEffectInput): Promise<void> => {
    const order = await lockOrderWaitingFor(tx, intent);
    if (order) await moveOrder(tx, { order, to: 'failed', actor: 'payment', note: intent.failureReason ?? reason, now });
  };
}

/** What an order payment does when it settles (registered by the move-order area). */
export const orderPaymentEffect: PaymentEffect = {
  memberPage: orderPaymentPage,
  onPaid,
  onFailed: onNotPaid('failed'),
  onExpired: onNotPaid('expired'),
  onCancelled: onNotPaid('cancelled'),
};
