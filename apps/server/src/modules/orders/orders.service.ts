import { randomInt, randomUUID } from 'node:crypto';
import type { CardTokenInput, CheckoutBody, Distributor, DistributorList, IntegrationOrder, Order, OrderList, OrderStatus, OrderSummary } from '@kartu/contracts';
import { orderStatusColourOf } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { issueVouchersForProducts, suspendVouchersOf } from '../vouchers/voucher-issuing.service.ts';
import { voucherNameOf, vouchersOfSource } from '../vouchers/vouchers.service.ts';
import { giveBackVoucherOfOrder, useVoucherForOrder, voucherRefusal } from '../vouchers/checkout-voucher.service.ts';
import { getPublicMerchant } from '../tenancy/tenancy.service.ts';
import { isoDateIn } from '@kartu/core/calendar';
import { changeProductStock, lockProductsForCheckout } from '../catalog/catalog.service.ts';
import { withIdempotentTransaction } from '../idempotency/idempotent-transaction.ts';
import { redeem } from '../ledger/points.service.ts';
import { reverseEntry } from '../ledger/reversal.service.ts';
import { getImageViews } from '../media/images.service.ts';
import type { PaymentLog } from '../payments/payment-events.service.ts';
import type { PaymentsContext } from '../payments/payments.context.ts';
import { chargePaymentIntent, findPaymentAnswer, openPaymentIntent, type OpenedPayment } from '../payments/payments.service.ts';
import { priceCheckout, type CheckoutRequest } from './checkout.service.ts';
import { promoRefusal } from './promotions.ts';
import { canMoveOrder, givesBackPoints, givesBackStock } from './order-status.ts';
import {
  findDistributor,
  findEventsOfOrder,
  findLinesOfOrders,
  findOrder,
  insertOrder,
  insertOrderEvent,
  listDistributors,
  listOrdersOfCard,
  updateOrder,
  type OrderCursor,
} from './orders.repository.ts';
import type { DistributorRow, OrderLineRow, OrderRow } from './orders.table.ts';
import { getCard, getCardSubscription, getMemberCard } from '../card-access/card-access.service.ts';

/*
 * A member's orders (docs/decisions/023-orders.md): placed in one transaction that takes the stock
 * and the points and opens the money payment; given back when that payment fails or expires, or
 * when the merchant cancels.
 */

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short order number, e.g. 261125-K7PX3Q: the day it was placed and six characters no one confuses. */
function orderNumberAt(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const tail = Array.from({ length: 6 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('');
  return `${day}-${tail}`;
}

export interface PlaceOrderOptions extends Omit<CheckoutRequest, 'db'> {
  db: Database;
  payments: PaymentsContext;
  body: CheckoutBody;
  idempotencyKey: string | undefined;
  log: PaymentLog;
  /** The origin of the site the member orders from: a provider's page sends them back there. */
  returnOrigin?: string;
}

/** What the placing transaction leaves for after its commit: the payment to charge, if any. */
interface Placed {
  orderId: string;
}

/**
 * POST /api/v2/cards/{cardId}/orders. One transaction prices the cart again under a lock on its
 * products, takes their stock, spends the points (with their lots) and opens the money payment;
 * the provider is asked for the charge after it commits. The same key answers the same order.
 */
export async function placeOrder(options: PlaceOrderOptions): Promise<{ order: Order; replayed: boolean }> {
  const { db, payments, body, idempotencyKey, merchantId, userId, now } = options;
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  if (body.card && body.paymentMethod !== 'credit_card') throw new AppError('UNPROCESSABLE', { message: 'A card goes only with the credit card method' });
  if (body.paymentMethod === 'credit_card' && !body.card) throw new AppError('CARD_INVALID');
  let opened: OpenedPayment | null = null;
  const answer = await withIdempotentTransaction<Placed>({
    db,
    merchantId,
    scope: `orders.place:${userId}`,
    key: idempotencyKey,
    body: { cardId: options.cardId, ...body, card: body.card ? { ...body.card, token: undefined } : undefined },
    now,
    run: async (tx) => {
      const request = { ...options, db: tx };
      await lockProductsForCheckout(tx, { merchantId, productIds: body.items.map((item) => item.productId) });
      const priced = await priceCheckout(request, body);
      const { card, quote, destination } = priced;
      // An inactive card shows no shop (app-core §2), and a paid membership that ran out closes it (§4).
      if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
      if (priced.programType === 'subscription' && (await getCardSubscription({ db: tx, merchantId, cardId: card.id, now })).isExpired) throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
      if (!priced.cart.quote.isValid) {
        // A problem of one product names it; one of the whole cart (the precious-metal cap) names the items.
        const details = quote.problems.map((problem) => ({ field: problem.productId ? `body.items.${problem.productId}` : 'body.items', rule: problem.code, message: problem.code }));
        throw new AppError('CART_NOT_VALID', { details });
      }
      if (!destination) throw new AppError('VALIDATION_FAILED', { message: 'Choose how your order is delivered', details: [{ field: 'body.delivery', rule: 'required', message: 'Choose how your order is delivered' }] });
      if (priced.promo?.answer.problem) throw promoRefusal(priced.promo.answer);
      if (priced.voucher?.answer.problem) throw voucherRefusal(priced.voucher.answer);
      if (priced.pointsShort || (quote.payment.pointsShortfall > 0 && !body.paymentMethod)) throw new AppError('PAYMENT_SOURCE_NOT_SUFFICIENT');
      if (quote.payment.money > 0 && !body.paymentMethod) {
        throw new AppError('VALIDATION_FAILED', { message: 'Choose how to pay', details: [{ field: 'body.paymentMethod', rule: 'required', message: 'Choose how to pay' }] });
      }

      const orderId = randomUUID();
      const number = orderNumberAt(now);
      const pointsPaid = BigInt(quote.payment.points);
      const entry = pointsPaid > 0n ? await redeem({ db: tx, now, merchantId, card, amount: pointsPaid, reference: `order:${orderId}`, description: `Order ${number}`, metadata: { orderId } }) : null;
      const order = await insertOrder(
        tx,
        {
          id: orderId,
          merchantId,
          programId: card.programId,
          cardId: card.id,
          userId,
          number,
          // Cash on delivery is collected with the goods: the merchant fulfils such an order at once.
          status: quote.payment.money > 0 && body.paymentMethod !== 'cash_on_delivery' ? 'waiting_payment' : 'new',
          deliveryMethod: destination.method,
          destination: destination.destination,
          regencyCode: destination.regencyCode,
          distributorId: destination.distributor?.id ?? null,
          subtotalPoints: BigInt(quote.subtotal.points),
          subtotalMinor: BigInt(quote.subtotal.money),
          promoCode: priced.promo?.answer.code ?? null,
          voucherId: priced.voucher?.voucher?.id ?? null,
          discountPoints: (priced.promo ?? priced.voucher)?.discountPoints ?? 0n,
          discountMinor: (priced.promo ?? priced.voucher)?.discountMinor ?? 0n,
          fees: priced.fees.lines.map((line) => ({ type: line.type, amountMinor: line.amountMinor.toString() })),
          pointsPaid,
          pointsEntryId: entry?.id ?? null,
          moneyDueMinor: BigInt(quote.payment.money),
          currency: quote.currency,
          note: body.note || null,
          createdAt: now,
          updatedAt: now,
        },
        // The priced lines hold each product once, with every quantity the cart named it with.
        priced.cart.lines.map(({ product, quantity, unitPoints, unitMinor }) => ({
          productId: product.id,
          sku: product.sku,
          name: product.name,
          type: product.type,
          imageId: product.imageId,
          quantity,
          unitPoints,
          unitMinor,
          tookStock: product.stock !== null,
        })),
      );
      for (const { product, quantity } of priced.cart.lines) {
        if (product.stock === null) continue;
        // Checked under the lock by the pricing; the database's check holds it in any case.
        if (!(await changeProductStock(tx, { productId: product.id, programId: card.programId, delta: -quantity }))) throw new AppError('CART_NOT_VALID');
      }
      if (order.moneyDueMinor > 0n && body.paymentMethod) {
        opened = await openPaymentIntent({
          db: tx,
          payments,
          merchant: { id: merchantId },
          user: { id: userId },
          subject: { type: 'order', id: order.id },
          amountMinor: order.moneyDueMinor,
          currency: order.currency,
          method: body.paymentMethod,
          now,
        });
        await updateOrder(tx, order.id, { paymentIntentId: opened.intent.id, updatedAt: now });
      }
      await insertOrderEvent(tx, { orderId: order.id, status: order.status, actor: 'member', note: null, at: now });
      if (priced.voucher?.voucher) await useVoucherForOrder(tx, { voucher: priced.voucher.voucher, orderId: order.id, now, day: isoDateIn(now, (await getPublicMerchant({ db: tx, id: merchantId })).timezone) });
      if (order.status === 'new') await deliverInApp(tx, order, now);
      await recordEvent(tx, {
        merchantId,
        userId,
        cardId: card.id,
        name: 'purchase_started',
        properties: { orderId: order.id, points: quote.payment.points, money: quote.payment.money, items: quote.lines.length },
        occurredAt: now,
      });
      const current = opened ? { ...order, paymentIntentId: opened.intent.id } : order;
      await queueWebhookEvent(tx, { merchantId, type: 'order.created', data: async () => ({ order: await getIntegrationOrderView(tx, current) }), now });
      publishAfterCommit(tx, [changeTags.card(card.id), changeTags.wallet(userId)]);
      return { statusCode: 201, body: { orderId: order.id } };
    },
  });
  if (opened && !answer.replayed) await chargeOrderPayment({ ...options, opened, card: body.card });
  return { order: await getOrderView(db, { merchantId, orderId: answer.body.orderId }), replayed: answer.replayed };
}

/** Asks the provider for the charge of a placed order; a charge it refuses fails the order, which gives back its points and stock. */
async function chargeOrderPayment(options: Pick<PlaceOrderOptions, 'db' | 'payments' | 'now' | 'log' | 'returnOrigin'> & { opened: OpenedPayment; card: CardTokenInput | undefined }) {
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
async function discountOf(db: Database, order: OrderRow): Promise<Order['discount']> {
  const code = order.promoCode ?? (order.voucherId ? await voucherNameOf(db, { merchantId: order.merchantId, voucherId: order.voucherId }) : null);
  return code ? { code, points: toJsonNumber(order.discountPoints), money: toJsonNumber(order.discountMinor) } : null;
}

/** The order as its member and the merchant see it. */
export async function getOrderView(db: Database, { merchantId, orderId }: { merchantId: number; orderId: string }): Promise<Order> {
  const order = await findOrder(db, { merchantId, orderId });
  if (!order) throw new AppError('ORDER_NOT_FOUND');
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
    discount: await discountOf(db, order),
    fees: order.fees.map((fee) => ({ type: fee.type, amount: Number(fee.amountMinor) })),
    total: totalOf(order),
    paid: { points: toJsonNumber(order.pointsPaid), money: toJsonNumber(order.moneyDueMinor) },
    currency: order.currency,
    payment,
    note: order.note,
    history: events.map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
    vouchers: await vouchersOfSource(db, { type: 'order', id: order.id }),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The order as the merchant's systems see it (integration API, webhooks): with its member's card, without the member's payment details. */
export async function getIntegrationOrderView(db: Database, row: OrderRow): Promise<IntegrationOrder> {
  const { payment, statusColour: _colour, ...order } = await getOrderView(db, { merchantId: row.merchantId, orderId: row.id });
  const card = await getCard({ db, merchantId: row.merchantId, cardId: row.cardId });
  return { ...order, member: { id: row.userId, cardNumber: card.number }, paymentStatus: payment?.status ?? null };
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
export async function getMemberOrder({ orderId, ...request }: MemberOrderRequest & { orderId: string }): Promise<Order> {
  const card = await getMemberCard(request);
  const order = isUuid(orderId) ? await findOrder(request.db, { merchantId: request.merchantId, orderId }) : undefined;
  if (!order || order.cardId !== card.id || order.userId !== request.userId) throw new AppError('ORDER_NOT_FOUND');
  return getOrderView(request.db, { merchantId: request.merchantId, orderId: order.id });
}

export function orderCursorOf(order: OrderRow): string {
  return Buffer.from(`${order.createdAt.toISOString()}|${order.id}`, 'utf8').toString('base64url');
}

export function parseOrderCursor(cursor: string | undefined): OrderCursor | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new AppError('VALIDATION_FAILED', { message: 'This page cursor is not valid' });
  return { createdAt, id };
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

/** An order that is new (paid, or with nothing to pay) delivers its e-vouchers into the member's wallet at once. */
async function deliverInApp(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const lines = (await findLinesOfOrders(tx, [order.id])).filter((line) => line.type === 'evoucher');
  if (lines.length === 0) return;
  await issueVouchersForProducts(tx, { merchantId: order.merchantId, holder: { userId: order.userId, cardId: order.cardId }, source: { type: 'order', id: order.id }, lines, now });
}

/**
 * Moves a locked order to `to`, with its event, and gives back what the move returns: the points
 * (a reversal of their entry, into the same lots) and, unless the goods went out, the stock.
 */
export async function moveOrder(
  tx: Database,
  { order, to, actor, note = null, changes = {}, now }: { order: OrderRow; to: OrderStatus; actor: 'member' | 'merchant' | 'payment'; note?: string | null; changes?: { courier?: string; trackingNumber?: string }; now: Date },
): Promise<OrderRow> {
  if (!canMoveOrder(order.status, to)) throw new AppError('ORDER_STATUS_INVALID', { message: `This order is ${order.status} and cannot move to ${to}` });
  const moved = await updateOrder(tx, order.id, { status: to, ...changes, updatedAt: now });
  await insertOrderEvent(tx, { orderId: order.id, status: to, actor, note, at: now });
  if (givesBackPoints.includes(to) && order.pointsEntryId) {
    await reverseEntry({ db: tx, now, merchantId: order.merchantId, entryId: order.pointsEntryId, reason: `Order ${order.number} ${to}` });
  }
  if (to === 'new') await deliverInApp(tx, moved, now);
  if (to === 'cancelled' || to === 'returned') await suspendVouchersOf(tx, { type: 'order', id: order.id });
  if (givesBackPoints.includes(to) && order.voucherId) await giveBackVoucherOfOrder(tx, { orderId: order.id, now });
  if (givesBackStock.includes(to)) {
    for (const line of await findLinesOfOrders(tx, [order.id])) {
      if (line.tookStock) await changeProductStock(tx, { productId: line.productId, programId: order.programId, delta: line.quantity });
    }
  }
  publishAfterCommit(tx, [changeTags.card(order.cardId), changeTags.wallet(order.userId)]);
  return moved;
}
