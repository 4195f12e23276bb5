import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { cardRewards } from './rewards.table.ts';

export interface CardHolder {
  cardId: string;
  number: string;
  /** The owner's name as they gave it; null when unknown or the card has no owner. */
  ownerName: string | null;
}

/** The numbers and owners' names of the merchant's cards, for naming the other side of a transfer. */
export async function findCardHolders(db: Database, { merchantId, cardIds }: { merchantId: number; cardIds: string[] }): Promise<CardHolder[]> {
  if (cardIds.length === 0) return [];
  return db
    .select({ cardId: cards.id, number: cards.number, ownerName: users.name })
    .from(cards)
    .leftJoin(users, eq(users.id, cards.ownerUserId))
    .where(and(eq(cards.merchantId, merchantId), inArray(cards.id, cardIds)));
}

/** The kind and title of the card's rewards whose claims its history shows. */
export async function findClaimedRewards(db: Database, { merchantId, cardId, rewardIds }: { merchantId: number; cardId: string; rewardIds: string[] }) {
  if (rewardIds.length === 0) return [];
  return db
    .select({ id: cardRewards.id, kind: cardRewards.kind, title: cardRewards.title })
    .from(cardRewards)
    .where(and(eq(cardRewards.merchantId, merchantId), eq(cardRewards.cardId, cardId), inArray(cardRewards.id, rewardIds)));
}
