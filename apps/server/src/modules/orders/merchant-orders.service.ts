import type { IntegrationOrder, IntegrationOrderStatusBody, OrderStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsContext } from '../payments/payments.context.ts';
import { findPaymentAnswer, settleCashOnDelivery } from '../payments/payments.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import { getIntegrationOrderView, moveOrder, orderCursorOf, parseOrderCursor } from './orders.service.ts';
import { listOrdersOfProgram, lockOrder } from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

/*
 * The merchant's side of orders through the integration API (docs/integration.md): the orders to
 * fulfil, and the status moves of the transition table (docs/decisions/023-orders.md).
 */

/** GET /integration/v1/programs/{programId}/orders: newest first, of one status when asked. */
export async function listMerchantOrders({
  db,
  merchantId,
  programId,
  status,
  cursor,
  limit,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  status?: OrderStatus;
  cursor?: string;
  limit: number;
}): Promise<{ data: IntegrationOrder[]; nextCursor: string | null }> {
  await getProgram({ db, merchantId, programId });
  const after = parseOrderCursor(cursor);
  const rows = await listOrdersOfProgram(db, { merchantId, programId, ...(status && { status }), ...(after && { cursor: after }), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const data = [];
  for (const row of page) data.push(await getIntegrationOrderView(db, row));
  return { data, nextCursor: rows.length > limit && last ? orderCursorOf(last) : null };
}

/** One order of the merchant's program; any other is not found. */
async function lockMerchantOrder(tx: Database, { merchantId, programId, orderId }: { merchantId: number; programId: string; orderId: string }): Promise<OrderRow> {
  const order = isUuid(orderId) ? await lockOrder(tx, orderId) : undefined;
  if (!order || order.merchantId !== merchantId || order.programId !== programId) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export async function getMerchantOrder({ db, merchantId, programId, orderId }: { db: Database; merchantId: number; programId: string; orderId: string }): Promise<IntegrationOrder> {
  const order = await db.transaction((tx) => lockMerchantOrder(tx, { merchantId, programId, orderId }));
  return getIntegrationOrderView(db, order);
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
  return { data: await getIntegrationOrderView(tx, moved) };
}

/** Cash on delivery is collected by the merchant: a completed order has paid it, one that did not go through never will. */
async function settleCashOfOrder(tx: Database, { payments, order, now }: { payments: PaymentsContext; order: OrderRow; now: Date }): Promise<void> {
  if (!order.paymentIntentId) return;
  const payment = await findPaymentAnswer(tx, { merchantId: order.merchantId, paymentId: order.paymentIntentId });
  if (payment?.method !== 'cash_on_delivery' || (payment.status !== 'pending' && payment.status !== 'waiting_payment')) return;
  if (order.status === 'completed') await settleCashOnDelivery({ db: tx, payments, paymentId: payment.id, outcome: 'paid', now });
  if (order.status === 'cancelled' || order.status === 'returned') await settleCashOnDelivery({ db: tx, payments, paymentId: payment.id, outcome: 'cancelled', now });
}
