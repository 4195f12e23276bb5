import type { Database } from '../../db/database.ts';
import { addToLotRemaining, findConsumptionsOfEntry, findSpendableLots } from './lots.repository.ts';
import type { lotConsumptions, lots } from './lots.table.ts';

export type NewLotConsumption = typeof lotConsumptions.$inferInsert;
export type NewLot = typeof lots.$inferInsert;

/** A part of a lot that a debit took, with the expiry it carried. */
export interface SpentPiece {
  lotId: bigint;
  amount: bigint;
  expiresAt: Date | null;
}

interface LotMove {
  accountId: bigint;
  amount: bigint;
  entryId: string;
}

/**
 * Takes a debit out of the account's lots in spending order (see findSpendableLots); the
 * consumptions that record it are for the caller to write with the entry.
 */
export async function spendLots(
  tx: Database,
  { accountId, amount, entryId, preferEntryId }: LotMove & { preferEntryId?: string },
): Promise<{ pieces: SpentPiece[]; consumptions: NewLotConsumption[] }> {
  const pieces: SpentPiece[] = [];
  let left = amount;
  for (const lot of await findSpendableLots(tx, { accountId, preferEntryId })) {
    if (left === 0n) break;
    const take = lot.remaining < left ? lot.remaining : left;
    pieces.push({ lotId: lot.id, amount: take, expiresAt: lot.expiresAt });
    left -= take;
  }
  // The balance check passed, so the lots must cover the debit; otherwise the ledger is corrupt.
  if (left !== 0n) throw new Error(`Lots of ledger account ${accountId} do not cover its balance`);
  for (const piece of pieces) await addToLotRemaining(tx, piece.lotId, -piece.amount);
  return { pieces, consumptions: pieces.map((piece) => ({ lotId: piece.lotId, entryId, amount: piece.amount })) };
}

/**
 * Puts back exactly what `originalEntryId` took from the account's lots, expiries included; the
 * (negative) consumptions that record it are for the caller to write with the entry.
 */
export async function restoreLots(
  tx: Database,
  { accountId, amount, entryId, originalEntryId }: LotMove & { originalEntryId: string },
): Promise<NewLotConsumption[]> {
  const consumed = (await findConsumptionsOfEntry(tx, { entryId: originalEntryId, accountId })).filter((row) => row.amount > 0n);
  const total = consumed.reduce((sum, row) => sum + row.amount, 0n);
  if (total !== amount) throw new Error(`Entry ${originalEntryId} took ${total} from account ${accountId}, not ${amount}`);
  for (const row of consumed) await addToLotRemaining(tx, row.lotId, row.amount);
  return consumed.map((row) => ({ lotId: row.lotId, entryId, amount: -row.amount }));
}

/**
 * The lots of a credit, for the caller to write with the entry. With `spentPieces` (a transfer) the credit keeps the expiries of the
 * value it came from, so moving points between cards never extends their life; any part not
 * covered by spent pieces gets `defaultExpiresAt`, the program's expiry for new value.
 */
export function creditLots({
  accountId,
  amount,
  entryId,
  now,
  defaultExpiresAt,
  spentPieces,
}: LotMove & { now: Date; defaultExpiresAt: Date | null; spentPieces?: SpentPiece[] }): NewLot[] {
  const parts: Array<{ amount: bigint; expiresAt: Date | null }> = [];
  let left = amount;
  while (left > 0n && spentPieces && spentPieces.length > 0) {
    const piece = spentPieces[0];
    if (!piece) break;
    const take = piece.amount < left ? piece.amount : left;
    const last = parts.at(-1);
    if (last && last.expiresAt?.getTime() === piece.expiresAt?.getTime()) last.amount += take;
    else parts.push({ amount: take, expiresAt: piece.expiresAt });
    left -= take;
    // Pieces are shared by the credits of one entry: what this credit took is gone for the next.
    if (take === piece.amount) spentPieces.shift();
    else piece.amount -= take;
  }
  if (left > 0n) parts.push({ amount: left, expiresAt: defaultExpiresAt });
  return parts.map((part) => ({ accountId, entryId, amount: part.amount, remaining: part.amount, expiresAt: part.expiresAt, createdAt: now }));
}
