import { MINUTE_MS } from '@kartu/core/calendar';
import { QRIS_MAX_AMOUNT } from '@kartu/core/constants';
import { parseQris } from '@kartu/core/qris';
import type { QrisCardOptions, QrisPayment, QrisPaymentBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { withIdempotency } from '../../modules/idempotency/idempotency.service.ts';
import { redeem } from '../../modules/ledger/points.service.ts';
import type { PaymentEffect } from '../../modules/payments/payment-effects.ts';
import type { PaymentLog } from '../../modules/payments/payment-events.service.ts';
import type { PaymentsContext } from '../../modules/payments/payments.context.ts';
import { chargePaymentIntent, findPaymentAnswer, openPaymentIntent, type OpenedPayment } from '../../modules/payments/payments.service.ts';
import { getPointValue } from '../../modules/orders/shop-settings.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { attachPaymentRecord, findQrisPaymentById, getMemberQrisPayment, hasWalletLink, recordQrisPayment, settleQrisPayment } from '../../modules/qris-payments/qris-payments.service.ts';
import type { QrisPaymentRow } from '../../modules/qris-payments/qris-payments.table.ts';
import { getMerchantCurrency } from '../../modules/tenancy/tenancy.service.ts';

/*
 * A member pays a QRIS merchant (business-rules §1, §2 Scan QRIS, §4 QR payment pending then
 * expired, §9 at most Rp 2,000,000): the amount is the QR's own (dynamic) or the member's (static),
 * checked here again whatever the app said. From the linked e-wallet it is a payment intent of
 * subject type qris, followed until it settles or expires; from a cash card, a redemption of the
 * card's balance at once. docs/decisions/046-scanning.md.
 */

const QRIS_CURRENCY = 'IDR';

/** The page a member follows the payment on, and where a provider's page sends them back. */
export function qrisPaymentPath(payment: Pick<QrisPaymentRow, 'cardId' | 'id'>): string {
  return `/cards/${payment.cardId}/scan-qris?payment=${payment.id}`;
}

async function qrisPaymentOf(db: Database, payment: QrisPaymentRow, now: Date): Promise<QrisPayment> {
  const intent = payment.intentId ? await findPaymentAnswer(db, { merchantId: payment.merchantId, paymentId: payment.intentId }) : null;
  // Past its time a pending payment is expired for the member at once, before the provider's word comes.
  const status = payment.status === 'pending' && now >= payment.expiresAt ? 'expired' : payment.status;
  return {
    id: payment.id,
    cardId: payment.cardId,
    merchantName: payment.merchantName,
    merchantCity: payment.merchantCity,
    amount: toJsonNumber(payment.amount),
    currency: payment.currency,
    source: payment.source,
    spent: payment.spent === null ? null : toJsonNumber(payment.spent),
    status,
    payment: intent,
    createdAt: payment.createdAt.toISOString(),
    expiresAt: payment.expiresAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

/** The QR read again on the server, with the amount to pay: never more than QRIS allows. */
function readPayable(body: QrisPaymentBody): { merchantName: string; merchantCity: string; amount: bigint; payload: string } {
  const parsed = parseQris(body.qris);
  if (!parsed.ok) throw new AppError('QRIS_UNRECOGNISED');
  const { qris } = parsed;
  const amount = qris.amount ?? (body.amount === undefined ? null : BigInt(body.amount));
  if (amount === null) throw new AppError('VALIDATION_FAILED', { message: 'Enter the amount to pay', details: [{ field: 'body.amount', rule: 'required', message: 'Enter the amount to pay' }] });
  if (amount > BigInt(QRIS_MAX_AMOUNT)) throw new AppError('QRIS_AMOUNT_TOO_HIGH');
  return { merchantName: qris.merchantName, merchantCity: qris.merchantCity, amount, payload: qris.payload };
}

/** What besides the e-wallet pays a QRIS from this card: its points, where the program sets a rupiah value of a point, or its rupiah cash balance. */
async function cardOptions(db: Database, { merchantId, card }: { merchantId: number; card: CardRow }): Promise<QrisCardOptions> {
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  const pointValue = program.unit === 'POINT' ? await getPointValue(db, card.programId) : null;
  return { pointValue: pointValue === null ? null : toJsonNumber(pointValue), cashBalance: program.unit === 'CASH' && program.currencyCode === QRIS_CURRENCY };
}

/** What the card spends for `amount` rupiah from `source`: points rounded up, or the rupiah themselves; null when it cannot pay so. */
function spendFor(options: QrisCardOptions, source: 'balance' | 'points', amount: bigint): bigint | null {
  if (source === 'balance') return options.cashBalance ? amount : null;
  if (options.pointValue === null) return null;
  const value = BigInt(options.pointValue);
  return (amount + value - 1n) / value;
}

export async function qrisCardOptions({ db, merchantId, userId, cardId }: { db: Database; merchantId: number; userId: string; cardId: string }): Promise<QrisCardOptions> {
  return cardOptions(db, { merchantId, card: await getMemberCard({ db, merchantId, userId, cardId }) });
}

export interface PayQrisOptions {
  db: Database;
  payments: PaymentsContext;
  merchantId: number;
  userId: string;
  cardId: string;
  body: QrisPaymentBody;
  idempotencyKey: string | undefined;
  returnOrigin: string;
  now: Date;
  log?: PaymentLog;
}

export async function payQris(options: PayQrisOptions): Promise<{ payment: QrisPayment; replayed: boolean }> {
  const { db, payments, merchantId, userId, body, idempotencyKey, now } = options;
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const payable = readPayable(body);
  let opened: OpenedPayment | undefined;
  const answer = await withIdempotency<{ paymentId: string }>({
    db,
    merchantId,
    scope: `qris.pay:${userId}`,
    key: idempotencyKey,
    body: { cardId: options.cardId, ...body },
    now,
    transaction: async (tx) => {
      const card = await getMemberCard({ db: tx, merchantId, userId, cardId: options.cardId });
      if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
      // A QRIS is paid in rupiah: a merchant that keeps another currency takes no QRIS payments.
      if ((await getMerchantCurrency({ db: tx, id: merchantId })).code !== QRIS_CURRENCY) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const base = { merchantId, userId, cardId: card.id, payload: payable.payload, merchantName: payable.merchantName, merchantCity: payable.merchantCity, amount: payable.amount, currency: QRIS_CURRENCY, createdAt: now };
      if (body.source !== 'wallet') {
        const spent = spendFor(await cardOptions(tx, { merchantId, card }), body.source, payable.amount);
        if (spent === null) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
        const payment = await recordQrisPayment(tx, { ...base, source: body.source, status: 'paid', spent, expiresAt: now, paidAt: now });
        const entry = await redeem({ db: tx, now, merchantId, card, amount: spent, reference: `qris:${payment.id}`, description: `QRIS ${payable.merchantName}`, metadata: { source: 'qris', merchantName: payable.merchantName, merchantCity: payable.merchantCity } });
        await attachPaymentRecord(tx, payment.id, { entryId: entry.id });
        return { statusCode: 201, body: { paymentId: payment.id } };
      }
      if (!(await hasWalletLink({ db: tx, merchantId, userId }))) throw new AppError('QRIS_WALLET_NOT_LINKED');
      const payment = await recordQrisPayment(tx, { ...base, source: 'wallet', status: 'pending', expiresAt: new Date(now.getTime() + 15 * MINUTE_MS) });
      opened = await openPaymentIntent({ db: tx, payments, merchant: { id: merchantId }, user: { id: userId }, subject: { type: 'qris', id: payment.id }, amountMinor: payable.amount, currency: QRIS_CURRENCY, method: 'ewallet', now });
      await attachPaymentRecord(tx, payment.id, { intentId: opened.intent.id, expiresAt: opened.intent.expiresAt });
      return { statusCode: 201, body: { paymentId: payment.id } };
    },
  });
  if (opened && !answer.replayed) await chargePaymentIntent({ db, payments, ...opened, returnOrigin: options.returnOrigin, now, ...(options.log && { log: options.log }) });
  const payment = await getMemberQrisPayment({ db, merchantId, userId, cardId: options.cardId, paymentId: answer.body.paymentId });
  return { payment: await qrisPaymentOf(db, payment, now), replayed: answer.replayed };
}

export async function memberQrisPayment({ db, merchantId, userId, cardId, paymentId, now }: { db: Database; merchantId: number; userId: string; cardId: string; paymentId: string; now: Date }): Promise<QrisPayment> {
  return qrisPaymentOf(db, await getMemberQrisPayment({ db, merchantId, userId, cardId, paymentId }), now);
}

/** The wallet payment's settlement moves the QRIS payment once; a repeated message finds it settled. */
export const qrisPaymentEffect: PaymentEffect = {
  onPaid: async ({ tx, intent, now }) => void (await settleQrisPayment(tx, { id: intent.subjectId, status: 'paid', paidAt: now })),
  onExpired: async ({ tx, intent }) => void (await settleQrisPayment(tx, { id: intent.subjectId, status: 'expired', paidAt: null })),
  onFailed: async ({ tx, intent }) => void (await settleQrisPayment(tx, { id: intent.subjectId, status: 'failed', paidAt: null })),
  onCancelled: async ({ tx, intent }) => void (await settleQrisPayment(tx, { id: intent.subjectId, status: 'failed', paidAt: null })),
  memberPage: async ({ db, intent }) => {
    const payment = await findQrisPaymentById(db, { merchantId: intent.merchantId, id: intent.subjectId });
    return payment ? { path: qrisPaymentPath(payment), cardId: payment.cardId } : null;
  },
};
