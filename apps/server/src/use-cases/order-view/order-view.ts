import type { IntegrationOrder, Order } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getCard } from '../../modules/card-access/card-access.service.ts';
import { listMerchantOrderRows, lockMerchantOrder } from '../../modules/orders/merchant-orders.service.ts';
import { getMemberOrder, getOrder, orderViewOf } from '../../modules/orders/orders.service.ts';
import type { OrderRow } from '../../modules/orders/orders.table.ts';
import { voucherNameOf, vouchersOfSource } from '../../modules/vouchers/vouchers.service.ts';

/*
 * An order as its member and the merchant's systems see it (docs/decisions/023-orders.md): the
 * orders module draws the order; the vouchers module names the voucher that took its discount and
 * the e-vouchers it issued.
 */

/** The order drawn with its vouchers. `db` may be a transaction: the reads go one after another. */
export async function orderView(db: Database, order: OrderRow): Promise<Order> {
  const voucherName = order.voucherId ? await voucherNameOf(db, { merchantId: order.merchantId, voucherId: order.voucherId }) : null;
  const vouchers = await vouchersOfSource(db, { type: 'order', id: order.id });
  return orderViewOf(db, order, { voucherName, vouchers });
}

export async function getOrderView(db: Database, { merchantId, orderId }: { merchantId: number; orderId: string }): Promise<Order> {
  return orderView(db, await getOrder(db, { merchantId, orderId }));
}

/** The order as the merchant's systems see it (integration API, webhooks): with its member's card, without the member's payment details. */
export async function integrationOrderView(db: Database, row: OrderRow): Promise<IntegrationOrder> {
  const { payment, statusColour: _colour, ...order } = await orderView(db, row);
  const card = await getCard({ db, merchantId: row.merchantId, cardId: row.cardId });
  return { ...order, member: { id: row.userId, cardNumber: card.number }, paymentStatus: payment?.status ?? null };
}

/** GET /api/v2/cards/{cardId}/orders/{orderId}: an order of the member's card; anyone else's is not found. */
export async function getMemberOrderView(request: { db: Database; merchantId: number; userId: string; cardId: string; orderId: string }): Promise<Order> {
  return orderView(request.db, await getMemberOrder(request));
}

/** GET /integration/v1/programs/{programId}/orders: newest first, of one status when asked. */
export async function listMerchantOrders(request: Parameters<typeof listMerchantOrderRows>[0]): Promise<{ data: IntegrationOrder[]; nextCursor: string | null }> {
  const { rows, nextCursor } = await listMerchantOrderRows(request);
  const data = [];
  for (const row of rows) data.push(await integrationOrderView(request.db, row));
  return { data, nextCursor };
}

/** GET /integration/v1/programs/{programId}/orders/{orderId}: one order of the merchant's program. */
export async function getMerchantOrder({ db, ...order }: { db: Database; merchantId: number; programId: string; orderId: string }): Promise<IntegrationOrder> {
  const row = await db.transaction((tx) => lockMerchantOrder(tx, order));
  return integrationOrderView(db, row);
}
