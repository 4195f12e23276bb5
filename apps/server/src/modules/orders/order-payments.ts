import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import type { PaymentEffect, PaymentEffectInput } from '../payments/payment-effects.ts';
import type { PaymentIntentRow } from '../payments/payments.table.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { getIntegrationOrderView, moveOrder } from './orders.service.ts';
import { findOrder, lockOrder } from './orders.repository.ts';

/*
 * What an order's money payment does when it settles, in the transaction that settles it: paid,
 * the order is new for the merchant to fulfil; not paid, it fails and gives back its points and stock.
 */

/** The order an intent pays, locked, while it still waits for that payment. */
async function waitingOrderOf(tx: Database, intent: PaymentIntentRow) {
  const order = isUuid(intent.subjectId) ? await lockOrder(tx, intent.subjectId) : undefined;
  if (!order || order.paymentIntentId !== intent.id || order.status !== 'waiting_payment') return undefined;
  return order;
}

async function onPaid({ tx, intent, now }: PaymentEffectInput): Promise<void> {
  const order = await waitingOrderOf(tx, intent);
  if (!order) return;
  const paid = await moveOrder(tx, { order, to: 'new', actor: 'payment', now });
  await queueWebhookEvent(tx, { merchantId: paid.merchantId, type: 'order.paid', data: async () => ({ order: await getIntegrationOrderView(tx, paid) }), now });
}

function onNotPaid(reason: 'failed' | 'expired' | 'cancelled') {
  return async ({ tx, intent, now }: PaymentEffectInput): Promise<void> => {
    const order = await waitingOrderOf(tx, intent);
    if (order) await moveOrder(tx, { order, to: 'failed', actor: 'payment', note: intent.failureReason ?? reason, now });
  };
}

/** An order's payment is followed on the order's page. */
async function memberPath({ db, intent }: { db: Database; intent: PaymentIntentRow }): Promise<string | null> {
  const order = isUuid(intent.subjectId) ? await findOrder(db, { merchantId: intent.merchantId, orderId: intent.subjectId }) : undefined;
  return order ? `/cards/${encodeURIComponent(order.cardId)}/orders/${encodeURIComponent(order.id)}` : null;
}

/** What an order payment does when it settles (registered in app.ts). */
export const orderPaymentEffect: PaymentEffect = {
  memberPath,
  onPaid,
  onFailed: onNotPaid('failed'),
  onExpired: onNotPaid('expired'),
  onCancelled: onNotPaid('cancelled'),
};
