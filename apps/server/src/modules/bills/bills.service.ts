import { DAY_MS, MINUTE_MS } from '@kartu/core/calendar';
import { mobileOperatorOf, nationalMobileNumber } from '@kartu/core/mobile-operator';
import type { BillCategory, BillPayment, BillProduct, BillStatus } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { findBillProduct } from './bill-catalog.ts';
import type { BillerResult } from './billers/biller.ts';
import {
  findBillCheck,
  findBillPayment,
  findBillPaymentByCheck,
  findBillPaymentOfRef,
  findCardBillPayments,
  findMerchantBillPayments,
  findPendingBillPayments,
  insertBillCheck,
  insertBillPayment,
  settleBillPaymentRow,
  sumTopUpsSince,
} from './bills.repository.ts';
import type { BillCheckRow, BillPaymentRow, billChecks, billPayments } from './bills.table.ts';

/*
 * Bills and prepaid products (docs/decisions/047-bills.md): the catalog's rules about who and when,
 * bill checks and payments with their states. What the card spends, and the biller call, are the
 * pay-bill use case's.
 */

/** A bill check's amount holds this long: the member confirms, or checks again. */
export const BILL_CHECK_TTL_MS = 15 * MINUTE_MS;
/** spec: business-rules §9 water at most 4 months of bills per transaction. */
export const WATER_MAX_MONTHS = 4;
/** spec: business-rules §9 e-wallet caps, the basic account's balance ceiling read as a day's top-ups, and the monthly cap. */
export const EWALLET_DAILY_CAP = 2_000_000n;
export const EWALLET_MONTHLY_CAP = 20_000_000n;

const WIB_OFFSET_MINUTES = 7 * 60;
const closedCategories: ReadonlySet<BillCategory> = new Set(['electricity_token', 'electricity_postpaid', 'water']);

/** spec: business-rules §9: electricity and water are unavailable 23:30 to 00:59 WIB (UTC+7, no summer time). */
export function assertBillerOpen(category: BillCategory, now: Date): void {
  if (!closedCategories.has(category)) return;
  const minutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + WIB_OFFSET_MINUTES) % (24 * 60);
  if (minutes >= 23 * 60 + 30 || minutes < 60) throw new AppError('BILLER_CLOSED');
}

export function getBillProduct(sku: string): BillProduct {
  const product = findBillProduct(sku);
  if (!product) throw new AppError('BILL_PRODUCT_NOT_FOUND');
  return product;
}

const customerNoPatterns: Partial<Record<BillCategory, RegExp>> = {
  // A PLN meter number has 11 digits, a customer id 12.
  electricity_token: /^\d{11,12}$/,
  electricity_postpaid: /^\d{12}$/,
  // A BPJS Kesehatan virtual account: 88888 and the family's 11-digit number.
  health_insurance: /^88888\d{11}$/,
  water: /^\d{6,14}$/,
};

/**
 * The customer number as the biller takes it, checked for the product (business-rules §5, §8): a
 * phone of another operator is refused as such; any other number that cannot be one is "bill not found".
 */
export function customerNumberFor(product: BillProduct, input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  if (product.category === 'mobile_credit' || product.category === 'mobile_data' || product.category === 'ewallet') {
    const phone = nationalMobileNumber(digits);
    if (!phone) throw new AppError('BILL_NOT_FOUND', { message: 'Invalid phone number, please try again' });
    if (product.category !== 'ewallet' && mobileOperatorOf(phone) !== product.provider) throw new AppError('BILL_PHONE_OPERATOR');
    return phone;
  }
  const pattern = customerNoPatterns[product.category];
  if (!pattern?.test(digits)) throw new AppError('BILL_NOT_FOUND');
  return digits;
}

/** spec: business-rules §9: a water payment covers at most 4 months of bills. */
export function assertWaterMonths(product: BillProduct, details: Record<string, string>): void {
  if (product.category !== 'water') return;
  const months = Number(details.months ?? details.lembar_tagihan ?? '1');
  if (Number.isFinite(months) && months > WATER_MAX_MONTHS) throw new AppError('BILL_TOO_MANY_MONTHS');
}

/** spec: business-rules §8 daily top-up limit: a member's e-wallet top-ups in a day, and in 30 days. */
export async function assertTopUpWithinCaps({ db, merchantId, userId, amount, now }: { db: Database; merchantId: number; userId: string; amount: bigint; now: Date }): Promise<void> {
  const [today, month] = await Promise.all([
    sumTopUpsSince(db, { merchantId, userId, since: new Date(now.getTime() - DAY_MS) }),
    sumTopUpsSince(db, { merchantId, userId, since: new Date(now.getTime() - 30 * DAY_MS) }),
  ]);
  if (today.amount + amount > EWALLET_DAILY_CAP || month.amount + amount > EWALLET_MONTHLY_CAP) throw new AppError('TOPUP_LIMIT_REACHED');
}

export async function recordBillCheck(db: Database, row: typeof billChecks.$inferInsert): Promise<BillCheckRow> {
  return insertBillCheck(db, row);
}

/** The member's check on this card, still good to pay. */
export async function getOpenBillCheck({ db, merchantId, userId, cardId, checkId, now }: { db: Database; merchantId: number; userId: string; cardId: string; checkId: string; now: Date }): Promise<BillCheckRow> {
  const check = await findBillCheck(db, { merchantId, id: checkId });
  if (!check || check.userId !== userId || check.cardId !== cardId) throw new AppError('NOT_FOUND', { message: 'Bill check not found' });
  if (now >= check.expiresAt) throw new AppError('BILL_CHECK_EXPIRED');
  return check;
}

export async function findPaymentOfCheck(db: Database, checkId: string): Promise<BillPaymentRow | undefined> {
  return findBillPaymentByCheck(db, checkId);
}

/** Records the payment; the same phone and amount twice in a merchant day is refused (a failed one aside). */
export async function recordBillPayment(db: Database, row: typeof billPayments.$inferInsert): Promise<BillPaymentRow> {
  const payment = await insertBillPayment(db, row);
  if (!payment) throw new AppError('BILL_ALREADY_TOPPED_UP');
  return payment;
}

export async function lockBillPayment(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<BillPaymentRow | undefined> {
  return isUuid(id) ? findBillPayment(db, { merchantId, id, lock: true }) : undefined;
}

export async function findBillPaymentById(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<BillPaymentRow | undefined> {
  return isUuid(id) ? findBillPayment(db, { merchantId, id }) : undefined;
}

/** Moves a pending payment to the biller's final word; undefined when it had settled already. */
export async function settleBillPaymentRecord(db: Database, payment: BillPaymentRow, result: BillerResult & { status: Exclude<BillStatus, 'pending'> }, { refundEntryId, now }: { refundEntryId: string | null; now: Date }): Promise<BillPaymentRow | undefined> {
  return settleBillPaymentRow(db, payment.id, { status: result.status, settledAt: now, serialNumber: result.serialNumber, message: result.message, providerCode: result.code, refundEntryId });
}

export async function listCardBillPayments(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<BillPaymentRow[]> {
  return findCardBillPayments(db, { merchantId, cardId, limit: 50 });
}

export async function listMerchantBillPayments(db: Database, { merchantId, status }: { merchantId: number; status: BillStatus | undefined }): Promise<BillPaymentRow[]> {
  return findMerchantBillPayments(db, { merchantId, status, limit: 200 });
}

export async function listPendingBillPayments(db: Database, { before, limit }: { before: Date; limit: number }): Promise<BillPaymentRow[]> {
  return findPendingBillPayments(db, { before, limit });
}

export function billPaymentOf(payment: BillPaymentRow, check: Pick<BillCheckRow, 'customerName' | 'period' | 'adminFee'> | undefined, unit: BillPayment['unit']): BillPayment {
  const product = findBillProduct(payment.sku);
  return {
    id: payment.id,
    cardId: payment.cardId,
    sku: payment.sku,
    category: payment.category,
    productName: product?.name ?? payment.sku,
    customerNo: payment.customerNo,
    customerName: check?.customerName ?? null,
    period: check?.period ?? null,
    amount: toJsonNumber(payment.amount),
    adminFee: check ? toJsonNumber(check.adminFee) : 0,
    source: payment.source,
    spent: toJsonNumber(payment.spent),
    unit,
    status: payment.status,
    serialNumber: payment.serialNumber,
    message: payment.message,
    createdAt: payment.createdAt.toISOString(),
    settledAt: payment.settledAt?.toISOString() ?? null,
  };
}

export async function findChecksOf(db: Database, { merchantId, checkIds }: { merchantId: number; checkIds: string[] }): Promise<Map<string, BillCheckRow>> {
  const rows = await Promise.all(checkIds.map((id) => findBillCheck(db, { merchantId, id })));
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/** The payment a biller's callback names by our ref (the payment's id), whichever merchant's. */
export async function findBillPaymentByRef(db: Database, refId: string): Promise<BillPaymentRow | undefined> {
  return isUuid(refId) ? findBillPaymentOfRef(db, refId) : undefined;
}
