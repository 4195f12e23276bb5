import { randomInt } from 'node:crypto';
import type { CardTokenInput, Distributor, DistributorList, Order, OrderList, OrderStatus, OrderSummary } from '@kartu/contracts';
import { orderStatusColourOf } from '@kartu/contracts';

import type { Database } from '../../db/database.ts';

import { isUuid } from '../../db/uuid.ts';

import { AppError } from '../../lib/app-error.ts';


import { toJsonNumber } from '../../lib/json-number.ts';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.ts';

import { reverseEntry } from '../ledger/reversal.service.ts';

import { getImageViews } from '../media/images.service.ts';

import type { PaymentLog } from '../payments/payment-events.service.ts';

import type { MemberPage } from '../payments/payment-effects.ts';
import type { PaymentsContext } from '../payments/payments.context.ts';
import type { PaymentIntentRow } from '../payments/payments.table.ts';

import { chargePaymentIntent, findPaymentAnswer, type OpenedPayment } from '../payments/payments.service.ts';
import { canMoveOrder, givesBackPoints } from './order-status.ts';

import {
  findCompletedOrderSince,
  findDistributor,
  findEventsOfOrder,
  findLinesOfOrders,
  findOrder,
  insertOrder,
  insertOrderEvent,
  listDistributors,
  listOrdersOfCard,
  lockOrder,
  updateOrder,
  type OrderCursor,
  sumUnitsBought,
} from './orders.repository.ts';

import type { DistributorRow, NewOrderLineRow, NewOrderRow, OrderLineRow, OrderRow } from './orders.table.ts';

import { getMemberCard } from '../card-access/card-access.service.ts';
import { cardPagePath } from '../card-access/card-pages.ts';

/*
 * A member's orders (docs/decisions/023-orders.md): placed in one transaction that takes the stock
 * and the points and opens the money payment; given back when that payment fails or expires, or
 * when the merchant cancels.
 */

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short order number, e.g. 261125-K7PX3Q: the day it was placed and six characters no one confuses. */
export function orderNumberAt(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const tail = Array.from({ length: 6 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('');
  return `${day}-${tail}`;
}

/** A placed order with its lines and its first event, in the placing transaction. */
export async function createOrder(tx: Database, { order, lines, actor }: { order: NewOrderRow; lines: Omit<NewOrderLineRow, 'orderId'>[]; actor: 'member' }): Promise<OrderRow> {
  const created = await insertOrder(tx, order, lines);
  await insertOrderEvent(tx, { orderId: created.id, status: created.status, actor, note: null, at: created.createdAt });
  return created;
}

export async function setOrderPaymentIntent(tx: Database, { orderId, paymentIntentId, now }: { orderId: string; paymentIntentId: string; now: Date }): Promise<void> {
  await updateOrder(tx, orderId, { paymentIntentId, updatedAt: now });
}

/** Asks the provider for the charge of a placed order; a charge it refuses fails the order, which gives back its points and stock. */
export async function chargeOrderPayment(options: { db: Database; payments: PaymentsContext; now: Date; log: PaymentLog; returnOrigin?: string | undefined; opened: OpenedPayment; card: CardTokenInput | undefined }) {
  const { db, payments, opened, card, returnOrigin, now, log } = options;
  await chargePaymentIntent({ db, payments, ...opened, ...(card && { cardToken: card.token }), ...(returnOrigin !== undefined && { returnOrigin }), now, log });
}

function distributorOf(row: DistributorRow): Distributor {
  return { id: row.id, name: row.name, address: row.address, phone: row.phone, openingHours: row.openingHours, latitude: row.latitude, longitude: row.longitude };
}

/** What the order costs: its points price, and its money prices with every fee. */
function totalOf(order: OrderRow): Order['total'] {
  const fees = order.fees.reduce((sum, fee) => sum + BigInt(fee.amountMinor), 0n);
  return { points: toJsonNumber(order.subtotalPoints - order.discountPoints), money: toJsonNumber(order.subtotalMinor - order.discountMinor + fees) };
}

/** What the promo code or the voucher took off, named by the code or the voucher's name. */
function discountOf(order: OrderRow, voucherName: string | null): Order['discount'] {
  const code = order.promoCode ?? voucherName;
  return code ? { code, points: toJsonNumber(order.discountPoints), money: toJsonNumber(order.discountMinor) } : null;
}

/** An order of the merchant; any other is not found. */
export async function getOrder(db: Database, { merchantId, orderId }: { merchantId: number; orderId: string }): Promise<OrderRow> {
  const order = isUuid(orderId) ? await findOrder(db, { merchantId, orderId }) : undefined;
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** What an order's view names from the vouchers: the voucher that took its discount, and the e-vouchers it issued. */
export interface OrderVoucherParts {
  voucherName: string | null;
  vouchers: Order['vouchers'];
}

/** The order as its member and the merchant see it. */
export async function orderViewOf(db: Database, order: OrderRow, { voucherName, vouchers }: OrderVoucherParts): Promise<Order> {
  const { merchantId } = order;
  // One after another: `db` may be a transaction, whose connection takes one query at a time.
  const lines = await findLinesOfOrders(db, [order.id]);
  const events = await findEventsOfOrder(db, order.id);
  const payment = order.paymentIntentId ? await findPaymentAnswer(db, { merchantId, paymentId: order.paymentIntentId }) : null;
  const distributor = order.distributorId ? await findDistributor(db, { merchantId, programId: order.programId, distributorId: order.distributorId }) : undefined;
  const imageOf = await getImageViews({ db, imageIds: lines.map((line) => line.imageId) });
  return {
    id: order.id,
    number: order.number,
    cardId: order.cardId,
    status: order.status,
    statusColour: orderStatusColourOf[order.status],
    lines: lines.map((line) => lineOf(line, imageOf)),
    delivery: {
      method: order.deliveryMethod,
      destination: order.destination,
      distributor: distributor ? distributorOf(distributor) : null,
      courier: order.courier,
      trackingNumber: order.trackingNumber,
    },
    subtotal: { points: toJsonNumber(order.subtotalPoints), money: toJsonNumber(order.subtotalMinor) },
    discount: discountOf(order, voucherName),
    fees: order.fees.map((fee) => ({ type: fee.type, amount: Number(fee.amountMinor) })),
    total: totalOf(order),
    paid: { points: toJsonNumber(order.pointsPaid), money: toJsonNumber(order.moneyDueMinor) },
    currency: order.currency,
    payment,
    note: order.note,
    history: events.map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
    vouchers,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

function lineOf(line: OrderLineRow, imageOf: Awaited<ReturnType<typeof getImageViews>>): Order['lines'][number] {
  return {
    productId: line.productId,
    sku: line.sku,
    type: line.type,
    name: line.name,
    image: imageOf(line.imageId),
    quantity: line.quantity,
    unitPoints: line.unitPoints === null ? null : toJsonNumber(line.unitPoints),
    unitMoney: line.unitMinor === null ? null : toJsonNumber(line.unitMinor),
    points: toJsonNumber((line.unitPoints ?? 0n) * BigInt(line.quantity)),
    money: toJsonNumber((line.unitMinor ?? 0n) * BigInt(line.quantity)),
  };
}

interface MemberOrderRequest {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
}

/** An order of the member's card: anyone else's, or another card's, is not found. */
export async function getMemberOrder({ orderId, ...request }: MemberOrderRequest & { orderId: string }): Promise<OrderRow> {
  const card = await getMemberCard(request);
  const order = isUuid(orderId) ? await findOrder(request.db, { merchantId: request.merchantId, orderId }) : undefined;
  if (!order || order.cardId !== card.id || order.userId !== request.userId) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export function orderCursorOf(order: OrderRow): string {
  return encodePageCursor({ at: order.createdAt, id: order.id });
}

export function parseOrderCursor(cursor: string | undefined): OrderCursor | undefined {
  if (cursor === undefined) return undefined;
  const { at, id } = decodePageCursor(cursor);
  return { createdAt: at, id };
}

export async function summariesOf(db: Database, rows: OrderRow[]): Promise<OrderSummary[]> {
  const lines = await findLinesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const imageOf = await getImageViews({ db, imageIds: lines.map((line) => line.imageId) });
  return rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    const first = own[0];
    return {
      id: row.id,
      number: row.number,
      cardId: row.cardId,
      status: row.status,
      statusColour: orderStatusColourOf[row.status],
      total: totalOf(row),
      currency: row.currency,
      createdAt: row.createdAt.toISOString(),
      itemCount: own.reduce((sum, line) => sum + line.quantity, 0),
      firstItem: first ? { name: first.name, image: imageOf(first.imageId) } : null,
    };
  });
}

/** GET /api/v2/cards/{cardId}/orders: the card's orders, newest first. */
export async function listMemberOrders({ cursor, limit, ...request }: MemberOrderRequest & { cursor?: string; limit: number }): Promise<OrderList> {
  const card = await getMemberCard(request);
  const after = parseOrderCursor(cursor);
  const rows = await listOrdersOfCard(request.db, { merchantId: request.merchantId, cardId: card.id, ...(after && { cursor: after }), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: await summariesOf(request.db, page), nextCursor: rows.length > limit && last ? orderCursorOf(last) : null };
}

/** GET /api/v2/cards/{cardId}/distributors: where the card's program takes pickups. */
export async function listCardDistributors(request: MemberOrderRequest): Promise<DistributorList> {
  const card = await getMemberCard(request);
  return { data: (await listDistributors(request.db, { merchantId: request.merchantId, programId: card.programId })).map(distributorOf) };
}

export async function getCardDistributor({ distributorId, ...request }: MemberOrderRequest & { distributorId: string }): Promise<Distributor> {
  const card = await getMemberCard(request);
  const row = isUuid(distributorId) ? await findDistributor(request.db, { merchantId: request.merchantId, programId: card.programId, distributorId }) : undefined;
  if (!row || !row.isActive) throw new AppError('DISTRIBUTOR_NOT_FOUND');
  return distributorOf(row);
}

/** The order's lines, in the order they were placed. */
export async function linesOfOrder(db: Database, orderId: string): Promise<OrderLineRow[]> {
  return findLinesOfOrders(db, [orderId]);
}

/**
 * Moves a locked order to `to`, with its event, and gives back its points when the move returns
 * them (a reversal of their entry, into the same lots). What the move does to the stock and the
 * vouchers is the move-order use case's.
 */
export async function changeOrderStatus(
  tx: Database,
  { order, to, actor, note = null, changes = {}, now }: { order: OrderRow; to: OrderStatus; actor: 'member' | 'merchant' | 'payment'; note?: string | null; changes?: { courier?: string; trackingNumber?: string }; now: Date },
): Promise<OrderRow> {
  if (!canMoveOrder(order.status, to)) throw new AppError('ORDER_STATUS_INVALID', { message: `This order is ${order.status} and cannot move to ${to}` });
  const moved = await updateOrder(tx, order.id, { status: to, ...changes, updatedAt: now });
  await insertOrderEvent(tx, { orderId: order.id, status: to, actor, note, at: now });
  if (givesBackPoints.includes(to) && order.pointsEntryId) {
    await reverseEntry({
      db: tx,
      now,
      merchantId: order.merchantId,
      entryId: order.pointsEntryId,
      reason: `Order ${order.number} ${to}`,
      metadata: { orderId: order.id, orderNumber: order.number, orderStatus: to },
    });
  }
  return moved;
}

/** The order a payment intent pays, locked, while it still waits for that payment. */
export async function lockOrderWaitingFor(tx: Database, intent: PaymentIntentRow): Promise<OrderRow | undefined> {
  const order = isUuid(intent.subjectId) ? await lockOrder(tx, intent.subjectId) : undefined;
  if (!order || order.paymentIntentId !== intent.id || order.status !== 'waiting_payment') return undefined;
  return order;
}

/** The app's page of an order (the web app's `paths.cardOrder`). */
export function orderPagePath(order: Pick<OrderRow, 'cardId' | 'id'>): string {
  return `${cardPagePath(order.cardId)}/orders/${encodeURIComponent(order.id)}`;
}

/** An order's payment is followed on the order's page, on the order's card. */
export async function orderPaymentPage({ db, intent }: { db: Database; intent: PaymentIntentRow }): Promise<MemberPage | null> {
  const order = isUuid(intent.subjectId) ? await findOrder(db, { merchantId: intent.merchantId, orderId: intent.subjectId }) : undefined;
  return order ? { path: orderPagePath(order), cardId: order.cardId } : null;
}

/** Whether one of these cards' orders placed since `since` was completed: a purchase in the shop. */
export async function hasCompletedOrderSince(db: Database, scope: { merchantId: number; cardIds: string[]; since: Date }): Promise<boolean> {
  return (await findCompletedOrderSince(db, scope)) !== undefined;
}

/** What counts as bought: paid, and neither cancelled, failed nor returned. */
const boughtStatuses = ['new', 'on_process', 'order_ready', 'on_courier', 'completed'] as const satisfies readonly OrderStatus[];

/** Units of a product the member bought in the shop in [from, to): orders paid and not undone, by when they were placed. */
export async function unitsBoughtBetween(db: Database, scope: { merchantId: number; userId: string; productId: string; from: Date; to: Date }): Promise<number> {
  return sumUnitsBought(db, { ...scope, statuses: boughtStatuses });
}
