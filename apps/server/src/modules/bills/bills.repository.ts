import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { billChecks, billPayments, type BillCheckRow, type BillPaymentRow } from './bills.table.ts';

export async function insertBillCheck(db: Database, row: typeof billChecks.$inferInsert): Promise<BillCheckRow> {
  const [check] = await db.insert(billChecks).values(row).returning();
  if (!check) throw new Error('The bill check was not saved');
  return check;
}

export async function findBillCheck(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<BillCheckRow | undefined> {
  const [check] = await db
    .select()
    .from(billChecks)
    .where(and(eq(billChecks.merchantId, merchantId), eq(billChecks.id, id)));
  return check;
}

/** Inserts the payment; undefined when the daily top-up rule or the check's single use refuses it. */
export async function insertBillPayment(db: Database, row: typeof billPayments.$inferInsert): Promise<BillPaymentRow | undefined> {
  const [payment] = await db.insert(billPayments).values(row).onConflictDoNothing().returning();
  return payment;
}

export async function findBillPayment(db: Database, { merchantId, id, lock = false }: { merchantId: number; id: string; lock?: boolean }): Promise<BillPaymentRow | undefined> {
  const query = db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.merchantId, merchantId), eq(billPayments.id, id)));
  const [payment] = lock ? await query.for('update') : await query;
  return payment;
}

export async function findBillPaymentByCheck(db: Database, checkId: string): Promise<BillPaymentRow | undefined> {
  const [payment] = await db.select().from(billPayments).where(eq(billPayments.checkId, checkId));
  return payment;
}

export async function settleBillPaymentRow(
  db: Database,
  id: string,
  set: Pick<BillPaymentRow, 'status' | 'settledAt' | 'serialNumber' | 'message' | 'providerCode' | 'refundEntryId'>,
): Promise<BillPaymentRow | undefined> {
  const [payment] = await db
    .update(billPayments)
    .set(set)
    .where(and(eq(billPayments.id, id), eq(billPayments.status, 'pending')))
    .returning();
  return payment;
}

export async function findCardBillPayments(db: Database, { merchantId, cardId, limit }: { merchantId: number; cardId: string; limit: number }): Promise<BillPaymentRow[]> {
  return db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.merchantId, merchantId), eq(billPayments.cardId, cardId)))
    .orderBy(desc(billPayments.createdAt), desc(billPayments.id))
    .limit(limit);
}

export async function findMerchantBillPayments(db: Database, { merchantId, status, limit }: { merchantId: number; status: BillPaymentRow['status'] | undefined; limit: number }): Promise<BillPaymentRow[]> {
  return db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.merchantId, merchantId), status ? eq(billPayments.status, status) : undefined))
    .orderBy(desc(billPayments.createdAt), desc(billPayments.id))
    .limit(limit);
}

/** Pending payments made before `before`: the status job asks the biller about each. */
export async function findPendingBillPayments(db: Database, { before, limit }: { before: Date; limit: number }): Promise<BillPaymentRow[]> {
  return db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.status, 'pending'), lte(billPayments.createdAt, before)))
    .orderBy(billPayments.createdAt)
    .limit(limit);
}

/** Rupiah of e-wallet top-ups the member made since `since`, failed ones left out. */
export async function sumTopUpsSince(db: Database, { merchantId, userId, since }: { merchantId: number; userId: string; since: Date }): Promise<{ count: number; amount: bigint }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${billPayments.amount}), 0)::text` })
    .from(billPayments)
    .where(and(eq(billPayments.merchantId, merchantId), eq(billPayments.userId, userId), eq(billPayments.category, 'ewallet'), sql`${billPayments.status} <> 'failed'`, gte(billPayments.createdAt, since)));
  return { count: row?.count ?? 0, amount: BigInt(row?.amount ?? '0') };
}

export async function findBillPaymentOfRef(db: Database, id: string): Promise<BillPaymentRow | undefined> {
  const [payment] = await db.select().from(billPayments).where(eq(billPayments.id, id));
  return payment;
}
