import { cardIdSchema } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardRow } from './cards.table.ts';
import { countHeldCards, findCard, findMemberCardsOfPrograms } from './card-access.repository.ts';

/** The merchant's card with this id, if it has one (a malformed id has none). */
export async function findMerchantCard({ db, merchantId, cardId }: { db: Database; merchantId: number; cardId: string }): Promise<CardRow | undefined> {
  return cardIdSchema.safeParse(cardId).success ? findCard(db, { merchantId, cardId }) : undefined;
}

/** findMerchantCard, with CARD_NOT_FOUND when there is no such card. */
export async function getCard(options: { db: Database; merchantId: number; cardId: string }): Promise<CardRow> {
  const card = await findMerchantCard(options);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export interface MemberCardOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
}

/** A card in the member's wallet: anyone else's card, or another merchant's, is not found rather than forbidden. */
export async function getMemberCard({ db, merchantId, userId, cardId }: MemberCardOptions): Promise<CardRow> {
  const card = await getCard({ db, merchantId, cardId });
  if (card.ownerUserId !== userId) throw new AppError('CARD_NOT_FOUND');
  return card;
}

/** The member's cards of these programs at the merchant, whatever their state. */
export async function listMemberCardsOfPrograms(options: { db: Database; merchantId: number; userId: string; programIds: string[] }): Promise<CardRow[]> {
  const { db, ...scope } = options;
  return findMemberCardsOfPrograms(db, scope);
}

/** How many of the merchant's cards the member holds, archived ones left out. */
export async function countMemberCards(options: { db: Database; merchantId: number; userId: string }): Promise<number> {
  const { db, ...scope } = options;
  return countHeldCards(db, scope);
}
