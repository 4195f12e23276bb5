import type { PurchaseItem } from '@kartu/contracts';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { getCardByNumber } from '../modules/cards/cards.service.ts';
import type { CardRow } from '../modules/cards/cards.table.ts';
import { grantLevelUpRewards } from '../modules/cards/reward-grants.service.ts';
import { getProgramOffer } from '../modules/cards/rewards.service.ts';
import { assertCanMoveValue } from '../modules/ledger/card-ref.ts';
import { findEarnAccountsOf, getBalance } from '../modules/ledger/ledger.service.ts';
import { earnOnCard } from '../modules/ledger/points.service.ts';
import { reverseEntry } from '../modules/ledger/reversal.service.ts';
import { pointsForSpend } from '../modules/programs/earn-rate.ts';
import { getProgram } from '../modules/programs/programs.service.ts';
import { getMember } from './member-cards.service.ts';
import { insertPurchaseUnlessBilled, lockPurchase, markPurchaseVoided } from './purchases.repository.ts';

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

/** The card a purchase earns on: by number, or the member's card of the program (an active one first). */
async function purchaseCard(tx: Database, { merchantId, cardNumber, memberPhone, programId }: PurchaseOptions): Promise<CardRow> {
  let card: CardRow;
  if (cardNumber) {
    card = await getCardByNumber({ db: tx, merchantId, number: cardNumber });
  } else {
    if (!memberPhone || !programId) throw new AppError('VALIDATION_FAILED', { message: 'Send a card number, or a member phone with a program' });
    const { cards } = await getMember({ db: tx, merchantId, phone: memberPhone });
    const ofProgram = cards.filter(({ card: candidate }) => candidate.programId === programId);
    const chosen = ofProgram.find(({ card: candidate }) => candidate.status === 'active') ?? ofProgram[0];
    if (!chosen) throw new AppError('CARD_NOT_FOUND', { message: 'This member has no card of this program' });
    card = chosen.card;
  }
  if (programId && card.programId !== programId) throw new AppError('CARD_NOT_FOUND');
  return card;
}

/**
 * Records a bill once per merchant and credits the card by the program's earning rate, floored
 * (a bill too small to earn is still recorded), granting the level-up reward of any level the earn
 * reaches. A bill number seen before is a CONFLICT. Runs in the caller's transaction.
 */
export async function recordPurchase(options: PurchaseOptions): Promise<{ entryId: string | null; earned: bigint; balance: bigint }> {
  const { tx, merchantId, now, amount, billNumber } = options;
  const card = await purchaseCard(tx, options);
  // A bill too small to earn is still only recorded for a card that may earn.
  assertCanMoveValue(card);
  const [program, levelUpOffer, accounts] = await Promise.all([
    getProgram({ db: tx, merchantId, programId: card.programId }),
    getProgramOffer({ db: tx, programId: card.programId, kind: 'level-up' }),
    findEarnAccountsOf({ db: tx, card }),
  ]);
  const earned = pointsForSpend(program.program, amount);
  const entry =
    earned > 0n
      ? await earnOnCard({
          tx,
          card,
          program,
          accounts,
          merchantId,
          amount: earned,
          now,
          reference: billNumber,
          metadata: { source: 'purchase', billNumber, items: options.items ?? [] },
        })
      : undefined;
  if (entry) await grantLevelUpRewards({ db: tx, card, earned, now, offer: levelUpOffer ?? null });
  // Written after the earn on purpose: every purchase locks its card's wallet first, then its bill row.
  const saved = await insertPurchaseUnlessBilled(tx, { merchantId, billNumber, cardId: card.id, amount, earned, entryId: entry?.id ?? null, createdAt: now });
  if (!saved) throw new AppError('CONFLICT', { message: 'This bill number was already reported' });
  return { entryId: entry?.id ?? null, earned, balance: await getBalance({ db: tx, card, now }) };
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
