import type { IntegrationOrder, IntegrationOrderStatusBody, OrderStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeProductStock } from '../../modules/catalog/catalog.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { lockMerchantOrder } from '../../modules/orders/merchant-orders.service.ts';
import { givesBackPoints, givesBackStock } from '../../modules/orders/order-status.ts';
import { changeOrderStatus, linesOfOrder, orderPagePath } from '../../modules/orders/orders.service.ts';
import type { OrderRow } from '../../modules/orders/orders.table.ts';
import type { PaymentsContext } from '../../modules/payments/payments.context.ts';
import { findPaymentAnswer, settleCashOnDelivery } from '../../modules/payments/payments.service.ts';
import { giveBackVoucherOfOrder } from '../../modules/vouchers/checkout-voucher.service.ts';
import { issueVouchersForProducts, suspendVouchersOf } from '../../modules/vouchers/voucher-issuing.service.ts';
import { integrationOrderView } from '../order-view/order-view.ts';

import { queueMissionProgress } from '../mission-progress/mission-progress.ts';
/*
 * An order moving along the transition table (docs/decisions/023-orders.md), by the merchant or by
 * its payment: the orders module moves it and gives back its points; this use case gives back its
 * stock (catalog), issues, suspends or gives back its vouchers (vouchers), and tells the member of
 * the merchant's moves (inbox; a payment's move is told by the payment).
 */

/** An order that is new (paid, or with nothing to pay) delivers its e-vouchers into the member's wallet at once, and moves the member's missions. */
export async function deliverInApp(tx: Database, order: OrderRow, now: Date): Promise<void> {
  // A paid order may complete a mission that asks for its products.
  await queueMissionProgress(tx, { merchantId: order.merchantId, userId: order.userId, source: `order:${order.id}`, now });
  const lines = (await linesOfOrder(tx, order.id)).filter((line) => line.type === 'evoucher');
  if (lines.length === 0) return;
  await issueVouchersForProducts(tx, { merchantId: order.merchantId, holder: { userId: order.userId, cardId: order.cardId }, source: { type: 'order', id: order.id }, lines, now });
}

export interface MoveOrderOptions {
  /** Locked by the caller. */
  order: OrderRow;
  to: OrderStatus;
  actor: 'member' | 'merchant' | 'payment';
  note?: string | null;
  changes?: { courier?: string; trackingNumber?: string };
  now: Date;
}

/** Moves a locked order to `to` and gives back what the move returns: points, the voucher it used, and, unless the goods went out, the stock. */
export async function moveOrder(tx: Database, options: MoveOrderOptions): Promise<OrderRow> {
  const { order, to, now } = options;
  const moved = await changeOrderStatus(tx, options);
  if (to === 'new') await deliverInApp(tx, moved, now);
  if (to === 'cancelled' || to === 'returned') await suspendVouchersOf(tx, { type: 'order', id: order.id });
  if (givesBackPoints.includes(to) && order.voucherId) await giveBackVoucherOfOrder(tx, { orderId: order.id, now });
  if (givesBackStock.includes(to)) {
    for (const line of await linesOfOrder(tx, order.id)) {
      if (line.tookStock) await changeProductStock(tx, { productId: line.productId, programId: order.programId, delta: line.quantity });
    }
  }
  return moved;
}

/**
 * POST /integration/v1/programs/{programId}/orders/{orderId}/status. A cancellation or a return
 * gives the member back their points (and, for a cancellation, the stock); money already paid is
 * refunded by the merchant at its provider.
 */
export async function moveMerchantOrder({
  tx,
  merchantId,
  programId,
  orderId,
  body,
  payments,
  now,
}: {
  tx: Database;
  merchantId: number;
  programId: string;
  orderId: string;
  body: IntegrationOrderStatusBody;
  payments: PaymentsContext;
  now: Date;
}): Promise<{ data: IntegrationOrder }> {
  const order = await lockMerchantOrder(tx, { merchantId, programId, orderId });
  const { status, courier, trackingNumber, note } = body;
  // A waiting order is its payment's to settle: paid, it is new; failed or expired, it fails by itself.
  if (order.status === 'waiting_payment') throw new AppError('ORDER_STATUS_INVALID', { message: 'This order is still waiting for its payment' });
  const changes = status === 'on_courier' ? { ...(courier && { courier }), ...(trackingNumber && { trackingNumber }) } : {};
  const moved = await moveOrder(tx, { order, to: status, actor: 'merchant', note: note ?? null, changes, now });
  await settleCashOfOrder(tx, { payments, order: moved, now });
  await leaveMessage(tx, {
    merchantId: moved.merchantId,
    userId: moved.userId,
    cardId: moved.cardId,
    facts: { kind: 'order_status', orderNumber: moved.number, status: moved.status },
    link: orderPagePath(moved),
    now,
  });
  return { data: await integrationOrderView(tx, moved) };
}

/** Cash on delivery is collected by the merchant: a completed order has paid it, one that did not go through never will. */
async function settleCashOfOrder(tx: Database, { payments, order, now }: { payments: PaymentsContext; order: OrderRow; now: Date }): Promise<void> {
  if (!order.paymentIntentId) return;
  const payment = await findPaymentAnswer(tx, { merchantId: order.merchantId, paymentId: order.paymentIntentId });
  if (payment?.method !== 'cash_on_delivery' || (payment.status !== 'pending' && payment.status !== 'waiting_payment')) return;
  if (order.status === 'completed') await settleCashOnDelivery({ db: tx, payments, paymentId: payment.id, outcome: 'paid', now });
  if (order.status === 'cancelled' || order.status === 'returned') await settleCashOnDelivery({ db: tx, payments, paymentId: payment.id, outcome: 'cancelled', now });
}
