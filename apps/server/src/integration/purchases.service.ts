import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { reverseEntry } from '../modules/ledger/reversal.service.ts';
import { findBillSince, insertPurchaseUnlessBilled, lockPurchase, markPurchaseVoided, sumBillsBetween } from './purchases.repository.ts';

/** Keeps the bill once per merchant; a bill number seen before is a CONFLICT. */
export async function saveBill(tx: Database, bill: { merchantId: number; billNumber: string; cardId: string; amount: bigint; earned: bigint; entryId: string | null; createdAt: Date }): Promise<void> {
  const saved = await insertPurchaseUnlessBilled(tx, bill);
  if (!saved) throw new AppError('CONFLICT', { message: 'This bill number was already reported' });
}

/**
 * Takes back what a purchase earned with a reversal entry. Refused with INSUFFICIENT_BALANCE when
 * the member has already spent those points, since a partial void would misstate the books.
 */
export async function voidPurchase({
  db,
  merchantId,
  billNumber,
  reason,
  now,
}: {
  db: Database;
  merchantId: number;
  billNumber: string;
  reason: string;
  now: Date;
}): Promise<{ entryId: string | null }> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, { merchantId, billNumber });
    if (!purchase) throw new AppError('NOT_FOUND', { message: 'No purchase has this bill number' });
    if (purchase.voidedAt) throw new AppError('CONFLICT', { message: 'This purchase is already void' });
    const reversal = purchase.entryId ? await reverseEntry({ db: tx, now, merchantId, entryId: purchase.entryId, reason }) : undefined;
    await markPurchaseVoided(tx, { merchantId, billNumber, voidEntryId: reversal?.id ?? null, now });
    return { entryId: reversal?.id ?? null };
  });
}

/** Whether one of these cards has a bill since `since` that is not voided and is not for nothing. */
export async function hasBillSince(db: Database, scope: { merchantId: number; cardIds: string[]; since: Date }): Promise<boolean> {
  return (await findBillSince(db, scope)) !== undefined;
}

/** What these cards' bills add up to in [from, to), voided ones left out: a target's spend. */
export async function sumSpentBetween(db: Database, scope: { merchantId: number; cardIds: string[]; from: Date; to: Date }): Promise<bigint> {
  return sumBillsBetween(db, scope);
}

/** Whether the merchant has reported this bill number already. */
export async function isBillRecorded(db: Database, { merchantId, billNumber }: { merchantId: number; billNumber: string }): Promise<boolean> {
  return (await lockPurchase(db, { merchantId, billNumber })) !== undefined;
}
