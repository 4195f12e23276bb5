import type { BillCheckBody, BillPayBody, BillPayment, BillQuote, IntegrationBillPayment } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard, getMemberCard } from '../../modules/card-access/card-access.service.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import type { BillerAdapter, BillerResult } from '../../modules/bills/billers/biller.ts';
import {
  BILL_CHECK_TTL_MS,
  assertBillerOpen,
  assertTopUpWithinCaps,
  assertWaterMonths,
  billPaymentOf,
  customerNumberFor,
  findBillPaymentById,
  findBillPaymentByRef,
  findChecksOf,
  findPaymentOfCheck,
  getBillProduct,
  getOpenBillCheck,
  listCardBillPayments,
  listMerchantBillPayments,
  listPendingBillPayments,
  lockBillPayment,
  recordBillCheck,
  recordBillPayment,
  settleBillPaymentRecord,
} from '../../modules/bills/bills.service.ts';
import type { BillCheckRow, BillPaymentRow } from '../../modules/bills/bills.table.ts';
import { withIdempotency } from '../../modules/idempotency/idempotency.service.ts';
import { redeem } from '../../modules/ledger/points.service.ts';
import { reverseEntry } from '../../modules/ledger/reversal.service.ts';
import { getPointValue } from '../../modules/orders/shop-settings.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { merchantDayAt } from '../../modules/tenancy/tenancy.service.ts';

/*
 * A member pays a bill or buys a prepaid product from a card (docs/decisions/047-bills.md): the
 * bill is checked first, and its amount kept; paying spends the card's points (at the program's value
 * of a point) or rupiah balance in a redemption entry, then asks the biller. A failure gives the
 * value back by reversing that entry; a pending answer is settled by the biller's callback or the
 * status job, once.
 */

async function activeMemberCard(db: Database, scope: { merchantId: number; userId: string; cardId: string }): Promise<CardRow> {
  const card = await getMemberCard({ db, ...scope });
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  return card;
}

/** What the card would spend for `amount` rupiah: points at the program's value of a point, or its rupiah balance. */
async function costsFor(db: Database, { merchantId, card, amount }: { merchantId: number; card: CardRow; amount: bigint }): Promise<BillQuote['cost']> {
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  const pointValue = program.unit === 'POINT' ? await getPointValue(db, card.programId) : null;
  const points = pointValue ? (amount + pointValue - 1n) / pointValue : null;
  const balance = program.unit === 'CASH' && program.currencyCode === 'IDR' ? amount : null;
  return { points: points === null ? null : toJsonNumber(points), balance: balance === null ? null : toJsonNumber(balance), unit: program.unit };
}

export async function checkBill({ db, biller, merchantId, userId, cardId, body, now }: { db: Database; biller: BillerAdapter; merchantId: number; userId: string; cardId: string; body: BillCheckBody; now: Date }): Promise<BillQuote> {
  const card = await activeMemberCard(db, { merchantId, userId, cardId });
  const product = getBillProduct(body.sku);
  assertBillerOpen(product.category, now);
  const customerNo = customerNumberFor(product, body.customerNo);
  let bill: { customerName: string | null; period: string | null; amount: bigint; adminFee: bigint; details: Record<string, string> };
  if (product.kind === 'postpaid') {
    const found = await biller.inquiry({ refId: crypto.randomUUID(), skuCode: product.sku, kind: 'postpaid', customerNo });
    if (!found.found) throw new AppError('BILL_NOT_FOUND');
    assertWaterMonths(product, found.details);
    bill = { customerName: found.customerName, period: found.period, amount: found.amount, adminFee: found.adminFee, details: found.details };
  } else {
    if (product.price === null) throw new Error(`Prepaid product ${product.sku} has no price`);
    bill = { customerName: null, period: null, amount: BigInt(product.price), adminFee: BigInt(product.adminFee), details: {} };
  }
  const check = await recordBillCheck(db, { merchantId, userId, cardId: card.id, sku: product.sku, category: product.category, customerNo, ...bill, createdAt: now, expiresAt: new Date(now.getTime() + BILL_CHECK_TTL_MS) });
  return {
    checkId: check.id,
    sku: product.sku,
    productName: product.name,
    customerNo,
    customerName: check.customerName,
    period: check.period,
    details: check.details,
    amount: toJsonNumber(check.amount),
    adminFee: toJsonNumber(check.adminFee),
    cost: await costsFor(db, { merchantId, card, amount: check.amount }),
    expiresAt: check.expiresAt.toISOString(),
  };
}

/** Settles a pending payment with the biller's final word, once: a failure reverses what the card spent. */
export async function settleBillPayment({ db, merchantId, paymentId, result, now }: { db: Database; merchantId: number; paymentId: string; result: BillerResult; now: Date }): Promise<BillPaymentRow | undefined> {
  if (result.status === 'pending') return undefined;
  const final = { ...result, status: result.status };
  return db.transaction(async (tx) => {
    const payment = await lockBillPayment(tx, { merchantId, id: paymentId });
    if (!payment || payment.status !== 'pending') return undefined;
    const refund = final.status === 'failed' ? await reverseEntry({ db: tx, now, merchantId, entryId: payment.spendEntryId, reason: 'bill_failed', metadata: { billPaymentId: payment.id } }) : null;
    return settleBillPaymentRecord(tx, payment, final, { refundEntryId: refund?.id ?? null, now });
  });
}

/** Asks the biller again about a pending payment: a request that never reached it is made then (the ref is the same). */
async function askBiller(db: Database, biller: BillerAdapter, payment: BillPaymentRow, now: Date, ask: 'pay' | 'status'): Promise<void> {
  const product = getBillProduct(payment.sku);
  const request = { refId: payment.id, skuCode: payment.sku, kind: product.kind, customerNo: payment.customerNo };
  const result = ask === 'pay' ? await biller.pay(request) : await biller.status(request);
  await settleBillPayment({ db, merchantId: payment.merchantId, paymentId: payment.id, result, now });
}

export interface PayBillOptions {
  db: Database;
  biller: BillerAdapter;
  merchantId: number;
  userId: string;
  cardId: string;
  body: BillPayBody;
  idempotencyKey: string | undefined;
  now: Date;
}

export async function payBill(options: PayBillOptions): Promise<{ payment: BillPayment; replayed: boolean }> {
  const { db, biller, merchantId, userId, body, idempotencyKey, now } = options;
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  let made: BillPaymentRow | undefined;
  const answer = await withIdempotency<{ paymentId: string }>({
    db,
    merchantId,
    scope: `bills.pay:${userId}`,
    key: idempotencyKey,
    body: { cardId: options.cardId, ...body },
    now,
    transaction: async (tx) => {
      const card = await activeMemberCard(tx, { merchantId, userId, cardId: options.cardId });
      const check = await getOpenBillCheck({ db: tx, merchantId, userId, cardId: card.id, checkId: body.checkId, now });
      // A check is paid once: asked again (a new key), it answers the payment it made.
      const paid = await findPaymentOfCheck(tx, check.id);
      if (paid) return { statusCode: 201, body: { paymentId: paid.id } };
      const product = getBillProduct(check.sku);
      assertBillerOpen(product.category, now);
      if (product.category === 'ewallet') await assertTopUpWithinCaps({ db: tx, merchantId, userId, amount: check.amount, now });
      const cost = await costsFor(tx, { merchantId, card, amount: check.amount });
      const spent = body.source === 'points' ? cost.points : cost.balance;
      if (spent === null) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
      const paymentId = crypto.randomUUID();
      const entry = await redeem({ db: tx, now, merchantId, card, amount: BigInt(spent), reference: `bill:${paymentId}`, description: product.name, metadata: { billPaymentId: paymentId, sku: product.sku, customerNo: check.customerNo } });
      made = await recordBillPayment(tx, {
        id: paymentId,
        merchantId,
        userId,
        cardId: card.id,
        checkId: check.id,
        sku: check.sku,
        category: check.category,
        customerNo: check.customerNo,
        amount: check.amount,
        source: body.source,
        spent: BigInt(spent),
        spendEntryId: entry.id,
        provider: biller.name,
        day: await merchantDayAt(tx, { merchantId, now }),
        createdAt: now,
      });
      return { statusCode: 201, body: { paymentId } };
    },
  });
  // The biller is asked outside the transaction; a call that fails leaves the payment pending for the status job.
  if (made && !answer.replayed) await askBiller(db, biller, made, now, 'pay').catch(() => undefined);
  return { payment: await memberBillPayment({ db, merchantId, userId, cardId: options.cardId, billId: answer.body.paymentId }), replayed: answer.replayed };
}

async function paymentsWithChecks(db: Database, merchantId: number, payments: BillPaymentRow[]): Promise<Array<{ payment: BillPaymentRow; check: BillCheckRow | undefined }>> {
  const checks = await findChecksOf(db, { merchantId, checkIds: payments.map((payment) => payment.checkId) });
  return payments.map((payment) => ({ payment, check: checks.get(payment.checkId) }));
}

export async function memberBillPayment({ db, merchantId, userId, cardId, billId }: { db: Database; merchantId: number; userId: string; cardId: string; billId: string }): Promise<BillPayment> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const payment = await findBillPaymentById(db, { merchantId, id: billId });
  if (!payment || payment.cardId !== card.id || payment.userId !== userId) throw new AppError('NOT_FOUND', { message: 'Bill payment not found' });
  const [{ program }, [entry]] = await Promise.all([getProgram({ db, merchantId, programId: card.programId }), paymentsWithChecks(db, merchantId, [payment])]);
  return billPaymentOf(payment, entry?.check, program.unit);
}

export async function cardBillPayments({ db, merchantId, userId, cardId }: { db: Database; merchantId: number; userId: string; cardId: string }): Promise<BillPayment[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const [{ program }, rows] = await Promise.all([getProgram({ db, merchantId, programId: card.programId }), listCardBillPayments(db, { merchantId, cardId: card.id })]);
  return (await paymentsWithChecks(db, merchantId, rows)).map(({ payment, check }) => billPaymentOf(payment, check, program.unit));
}

export async function merchantBillPayments({ db, merchantId, status }: { db: Database; merchantId: number; status: BillPaymentRow['status'] | undefined }): Promise<IntegrationBillPayment[]> {
  const rows = await paymentsWithChecks(db, merchantId, await listMerchantBillPayments(db, { merchantId, status }));
  return Promise.all(
    rows.map(async ({ payment, check }) => {
      const card = await getCard({ db, merchantId, cardId: payment.cardId });
      const { program } = await getProgram({ db, merchantId, programId: card.programId });
      const { cardId: _cardId, ...view } = billPaymentOf(payment, check, program.unit);
      return { ...view, cardNumber: card.number, provider: payment.provider, providerCode: payment.providerCode };
    }),
  );
}

/** The status job: payments still pending a while after they were made are asked about again. */
export async function settlePendingBills({ db, biller, now }: { db: Database; biller: BillerAdapter; now: Date }): Promise<number> {
  let settled = 0;
  for (const payment of await listPendingBillPayments(db, { before: new Date(now.getTime() - 30_000), limit: 100 })) {
    try {
      await askBiller(db, biller, payment, now, 'status');
      settled += 1;
    } catch {
      // The biller is unreachable: the next run asks again.
    }
  }
  return settled;
}

/** A biller's callback: null when its signature is not the biller's; else whether it settled a payment of ours. */
export async function billerCallback({ db, biller, body, headers, now }: { db: Database; biller: BillerAdapter; body: string; headers: Record<string, string | undefined>; now: Date }): Promise<boolean | null> {
  const result = biller.verifyWebhook({ body, headers });
  if (!result) return null;
  const payment = await findBillPaymentByRef(db, result.refId);
  if (!payment) return false;
  return (await settleBillPayment({ db, merchantId: payment.merchantId, paymentId: payment.id, result, now })) !== undefined;
}
