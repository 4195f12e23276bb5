import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { qrisPayments, qrisWalletLinks, type QrisPaymentRow, type QrisWalletLinkRow } from './qris-payments.table.ts';

export async function upsertWalletLink(db: Database, row: QrisWalletLinkRow): Promise<QrisWalletLinkRow> {
  const [link] = await db
    .insert(qrisWalletLinks)
    .values(row)
    .onConflictDoUpdate({ target: [qrisWalletLinks.merchantId, qrisWalletLinks.userId], set: { wallet: row.wallet, phone: row.phone, linkedAt: row.linkedAt } })
    .returning();
  if (!link) throw new Error('The wallet link was not saved');
  return link;
}

export async function findWalletLink(db: Database, { merchantId, userId }: { merchantId: number; userId: string }): Promise<QrisWalletLinkRow | undefined> {
  const [link] = await db
    .select()
    .from(qrisWalletLinks)
    .where(and(eq(qrisWalletLinks.merchantId, merchantId), eq(qrisWalletLinks.userId, userId)));
  return link;
}

export async function deleteWalletLink(db: Database, { merchantId, userId }: { merchantId: number; userId: string }): Promise<void> {
  await db.delete(qrisWalletLinks).where(and(eq(qrisWalletLinks.merchantId, merchantId), eq(qrisWalletLinks.userId, userId)));
}

export async function insertQrisPayment(db: Database, row: typeof qrisPayments.$inferInsert): Promise<QrisPaymentRow> {
  const [payment] = await db.insert(qrisPayments).values(row).returning();
  if (!payment) throw new Error('The QRIS payment was not saved');
  return payment;
}

export async function findQrisPayment(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<QrisPaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(qrisPayments)
    .where(and(eq(qrisPayments.merchantId, merchantId), eq(qrisPayments.id, id)));
  return payment;
}

export async function updateQrisPayment(db: Database, id: string, set: Partial<Pick<QrisPaymentRow, 'status' | 'intentId' | 'entryId' | 'paidAt' | 'expiresAt'>>): Promise<QrisPaymentRow | undefined> {
  const [payment] = await db.update(qrisPayments).set(set).where(eq(qrisPayments.id, id)).returning();
  return payment;
}

/** Moves a payment still pending; undefined when it has settled already (a provider's message told twice). */
export async function settlePendingQrisPayment(db: Database, { id, status, paidAt }: { id: string; status: 'paid' | 'expired' | 'failed'; paidAt: Date | null }): Promise<QrisPaymentRow | undefined> {
  const [payment] = await db
    .update(qrisPayments)
    .set({ status, paidAt })
    .where(and(eq(qrisPayments.id, id), inArray(qrisPayments.status, ['pending'])))
    .returning();
  return payment;
}
