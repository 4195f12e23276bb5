import type { PurchaseAnswer, PurchaseBody, PurchaseItem } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { integrationWriteKey } from '../../http/integration-request.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getMember } from '../../modules/cards/member-cards.service.ts';
import { saveBill } from '../../integration/purchases.service.ts';
import { getCardByNumber } from '../../modules/cards/cards.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { grantLevelUpRewards } from '../../modules/cards/reward-grants.service.ts';
import { getProgramOffer } from '../../modules/cards/rewards.service.ts';
import type { IdempotentAnswer } from '../../modules/idempotency/idempotency.service.ts';
import { withIdempotency } from '../../modules/idempotency/idempotency.service.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { requestHash } from '../../modules/idempotency/request-hash.ts';
import { assertCanMoveValue } from '../../modules/ledger/card-ref.ts';
import { findEarnAccountsOf, getBalance } from '../../modules/ledger/ledger.service.ts';
import { earn } from '../../modules/ledger/points.service.ts';
import { pointsForSpend } from '../../modules/programs/earn-rate.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import type { PurchaseStatement } from './purchase-statement.ts';

import { queueMissionProgress } from '../mission-progress/mission-progress.ts';
/*
 * A merchant's till reports a purchase (docs/integration.md): the bill is kept once, and the card
 * earns by the program's rate, once per Idempotency-Key, telling the card's member in their inbox.
 * The common case takes one SQL statement (purchase-statement.ts); anything else, the general path
 * in one transaction.
 */

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
  /** The member is told of the earn in their inbox, unless the caller tells them its own way (a reviewed receipt). */
  tell?: boolean;
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
 * The general path: records a bill once per merchant and credits the card by the program's earning rate, floored
 * (a bill too small to earn is still recorded), granting the level-up reward of any level the earn
 * reaches, with a points_earned message to the card's member. A bill number seen before is a
 * CONFLICT. Runs in the caller's transaction.
 */
export async function recordPurchaseInTransaction(options: PurchaseOptions): Promise<{ card: CardRow; entryId: string | null; earned: bigint; balance: bigint }> {
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
      ? await earn({
          db: tx,
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
  await saveBill(tx, { merchantId, billNumber, cardId: card.id, amount, earned, entryId: entry?.id ?? null, createdAt: now });
  const balance = await getBalance({ db: tx, card, now });
  if (entry && card.ownerUserId && options.tell !== false) {
    const facts = { kind: 'points_earned', points: toJsonNumber(earned), unit: program.program.unit, balance: toJsonNumber(balance), programName: program.program.name } as const;
    await leaveMessage(tx, { merchantId, userId: card.ownerUserId, cardId: card.id, facts, link: cardPagePath(card.id), now });
  }
  // The bill counts toward the member's spend and earn tasks, however small.
  if (card.ownerUserId) await queueMissionProgress(tx, { merchantId, userId: card.ownerUserId, source: `bill:${merchantId}:${billNumber}`, now });
  return { card, entryId: entry?.id ?? null, earned, balance };
}


export interface RecordPurchaseOptions {
  db: Database;
  /** The app's one-statement purchase, with what it knows of cards and programs. */
  statement: PurchaseStatement;
  merchantId: number;
  idempotencyKey: string | undefined;
  body: PurchaseBody;
  now: Date;
}

/**
 * POST /integration/v1/purchases, once per Idempotency-Key: the one statement when the purchase is
 * the common case (it writes all or nothing), else the general path, whose transaction also stores
 * the answer; a retry with the same key and body answers the first answer.
 */
export async function recordPurchase({ db, statement, merchantId, idempotencyKey, body, now }: RecordPurchaseOptions): Promise<IdempotentAnswer<PurchaseAnswer>> {
  // The purchases path has no parameters: its key's hash covers the body, as every integration write's does.
  const { key, hashed } = integrationWriteKey({ merchantId, scope: 'purchases', idempotencyKey, params: {}, body });
  const quick = await statement.record({ ...key, requestHash: requestHash(hashed), body, now });
  if (quick) return { ...quick, replayed: false };
  return withIdempotency({
    db,
    ...key,
    body: hashed,
    now,
    transaction: async (tx) => {
      const { amount, ...purchase } = body;
      const result = await recordPurchaseInTransaction({ tx, merchantId, now, amount: BigInt(amount), ...purchase });
      return { statusCode: 201, body: { entryId: result.entryId, earned: toJsonNumber(result.earned), balance: toJsonNumber(result.balance) } };
    },
  });
}
