import type { PurchaseItem } from '@kartu/contracts';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { grantLevelUpRewards } from '../modules/cards/reward-grants.service.ts';
import { findSpendableBalances } from '../modules/cards/card-list.repository.ts';
import { earnOnCard } from '../modules/ledger/points.service.ts';
import { reverseEntry } from '../modules/ledger/reversal.service.ts';
import { pointsForSpend } from '../modules/programs/earn-rate.ts';
import { getMember } from './member-cards.service.ts';
import { findEarningContext, insertPurchaseUnlessBilled, lockPurchase, markPurchaseVoided } from './purchases.repository.ts';

export interface PurchaseOptions {
  /** The transaction that also stores the answer under the request's idempotency key. */
  tx: Database;
  merchantId: number;
  now: Date;
  cardNumber?: string;
  memberPhone?: string;
  programId?: string;
  /** The bill in minor currency units. */
  amount: bigint;
  billNumber: string;
  items?: PurchaseItem[];
}

/** The card a purchase earns on, by number or as the member's card of the program (an active one first), with what the earn needs. */
async function purchaseCard(tx: Database, { merchantId, cardNumber, memberPhone, programId }: PurchaseOptions) {
  let where: { merchantId: number; number: string } | { merchantId: number; cardId: string };
  if (cardNumber) {
    const digits = cardNumber.replace(/\s/g, '');
    if (!/^\d{16}$/.test(digits)) throw new AppError('CARD_NOT_FOUND');
    where = { merchantId, number: digits };
  } else {
    if (!memberPhone || !programId) throw new AppError('VALIDATION_FAILED', { message: 'Send a card number, or a member phone with a program' });
    const { cards } = await getMember({ db: tx, merchantId, phone: memberPhone });
    const ofProgram = cards.filter(({ card }) => card.programId === programId);
    const chosen = ofProgram.find(({ card }) => card.status === 'active') ?? ofProgram[0];
    if (!chosen) throw new AppError('CARD_NOT_FOUND', { message: 'This member has no card of this program' });
    where = { merchantId, cardId: chosen.card.id };
  }
  const found = await findEarningContext(tx, where);
  if (!found || (programId && found.card.programId !== programId)) throw new AppError('CARD_NOT_FOUND');
  return found;
}

/**
 * Records a bill once per merchant and credits the card by the program's earning rate, floored
 * (a bill too small to earn is still recorded), granting the level-up reward of any level the earn
 * reaches. A bill number seen before is a CONFLICT. Runs in the caller's transaction.
 */
export async function recordPurchase(options: PurchaseOptions): Promise<{ entryId: string | null; earned: bigint; balance: bigint }> {
  const { tx, merchantId, now, amount, billNumber } = options;
  const { card, program, timeZone, levelUpOffer, memberAccount, issuanceAccount } = await purchaseCard(tx, options);
  // spec: business-rules §4 — only an active card earns
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  const earned = pointsForSpend(program, amount);
  const entry =
    earned > 0n
      ? await earnOnCard({
          tx,
          card,
          program: { program, timeZone },
          accounts: { member: memberAccount, issuance: issuanceAccount },
          merchantId,
          amount: earned,
          now,
          reference: billNumber,
          metadata: { source: 'purchase', billNumber, items: options.items ?? [] },
        })
      : undefined;
  if (entry) await grantLevelUpRewards({ db: tx, card, earned, now, offer: levelUpOffer });
  // Written after the earn on purpose: every purchase locks its card's wallet first, then its bill row.
  const saved = await insertPurchaseUnlessBilled(tx, { merchantId, billNumber, cardId: card.id, amount, earned, entryId: entry?.id ?? null, createdAt: now });
  if (!saved) throw new AppError('CONFLICT', { message: 'This bill number was already reported' });
  const balances = await findSpendableBalances(tx, { merchantId, cardIds: [card.id], now });
  return { entryId: entry?.id ?? null, earned, balance: balances.get(card.id)?.spendable ?? 0n };
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
