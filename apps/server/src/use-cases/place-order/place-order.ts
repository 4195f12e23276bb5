import { randomUUID } from 'node:crypto';
import type { CheckoutBody, Order } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getMemberAddress } from '../../modules/addresses/addresses.service.ts';
import { recordEvent } from '../../modules/analytics/analytics.service.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { getCardSubscription } from '../../modules/subscriptions/membership.service.ts';
import { assertShopOpen, changeProductStock, lockProductsForCheckout, priceProgramCart, type PricedCart } from '../../modules/catalog/catalog.service.ts';
import { withIdempotency } from '../../modules/idempotency/idempotency.service.ts';
import { redeem } from '../../modules/ledger/points.service.ts';
import { addressToRead, priceCheckout, type PricedCheckout } from '../../modules/orders/checkout.service.ts';
import { chargeOrderPayment, createOrder, orderNumberAt, setOrderPaymentIntent } from '../../modules/orders/orders.service.ts';
import { promoRefusal } from '../../modules/orders/promotions.ts';
import type { PaymentLog } from '../../modules/payments/payment-events.service.ts';
import type { PaymentsContext } from '../../modules/payments/payments.context.ts';
import { openPaymentIntent, type OpenedPayment } from '../../modules/payments/payments.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { merchantDayAt } from '../../modules/tenancy/tenancy.service.ts';
import { applyVoucherAtCheckout, useVoucherForOrder, voucherRefusal, type AppliedVoucher } from '../../modules/vouchers/checkout-voucher.service.ts';
import { queueWebhookEvent } from '../../modules/webhooks/webhooks.service.ts';
import { deliverInApp } from '../move-order/move-order.ts';
import { getOrderView, integrationOrderView } from '../order-view/order-view.ts';

/*
 * A member's checkout and order (docs/decisions/023-orders.md): the card and its program are read
 * once; the catalog prices the cart, the addresses module gives the member's address, the vouchers
 * module what the e-voucher takes off, and the orders module prices the rest (delivery, promo,
 * fees, points). Placing the order does the same in one transaction, under a lock on the products.
 */

export interface CheckoutRequest {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  /** The merchant's currency: money prices and fees are in its minor units. */
  currency: string;
  now: Date;
}

type CheckoutChoices = Pick<CheckoutBody, 'items' | 'delivery' | 'paymentMethod' | 'promoCode' | 'voucherId'>;

/** The checkout priced, with the cart's lines and the voucher the order takes. */
interface MemberCheckout extends PricedCheckout {
  cart: PricedCart;
  /** The e-voucher sent, and what it takes off; null when none was sent. */
  voucher: AppliedVoucher | null;
}

/**
 * Prices the member's checkout as it stands in the database now. `db` may be the transaction that
 * places the order, with the products locked: the figures are then the ones the order keeps.
 */
export async function priceMemberCheckout(request: CheckoutRequest, body: CheckoutChoices): Promise<MemberCheckout> {
  const { db, merchantId, userId, currency, now } = request;
  const card = await getMemberCard(request);
  // One after another: `db` may be a transaction, whose connection takes one query at a time.
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  assertShopOpen(program);
  const cart = await priceProgramCart({ db, merchantId, programId: card.programId, items: body.items, currency });
  const addressId = addressToRead(program, body.delivery);
  const address = addressId === null ? null : await getMemberAddress({ db, merchantId, userId, addressId });
  const subtotal = { points: BigInt(cart.quote.subtotal.points), money: BigInt(cart.quote.subtotal.money) };
  const voucher = body.voucherId === undefined ? null : await applyVoucherAtCheckout(db, { merchantId, userId, programId: card.programId, voucherId: body.voucherId, order: subtotal, now });
  return { ...(await priceCheckout({ db, merchantId, currency, now, card, program, cart, address, voucher }, body)), cart, voucher };
}

export interface PlaceOrderOptions extends CheckoutRequest {
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
  const answer = await withIdempotency<Placed>({
    db,
    merchantId,
    scope: `orders.place:${userId}`,
    key: idempotencyKey,
    body: { cardId: options.cardId, ...body, card: body.card ? { ...body.card, token: undefined } : undefined },
    now,
    transaction: async (tx) => {
      await lockProductsForCheckout(tx, { merchantId, productIds: body.items.map((item) => item.productId) });
      const priced = await priceMemberCheckout({ ...options, db: tx }, body);
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
      const entry = pointsPaid > 0n ? await redeem({ db: tx, now, merchantId, card, amount: pointsPaid, reference: `order:${orderId}`, description: `Order ${number}`, metadata: { orderId, orderNumber: number } }) : null;
      const order = await createOrder(tx, {
        actor: 'member',
        order: {
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
        lines: priced.cart.lines.map(({ product, quantity, unitPoints, unitMinor }) => ({
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
      });
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
        await setOrderPaymentIntent(tx, { orderId: order.id, paymentIntentId: opened.intent.id, now });
      }
      if (priced.voucher?.voucher) await useVoucherForOrder(tx, { voucher: priced.voucher.voucher, orderId: order.id, now, day: await merchantDayAt(tx, { merchantId, now }) });
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
      await queueWebhookEvent(tx, { merchantId, type: 'order.created', data: async () => ({ order: await integrationOrderView(tx, current) }), now });
      return { statusCode: 201, body: { orderId: order.id } };
    },
  });
  if (opened && !answer.replayed) await chargeOrderPayment({ ...options, opened, card: body.card });
  return { order: await getOrderView(db, { merchantId, orderId: answer.body.orderId }), replayed: answer.replayed };
}


