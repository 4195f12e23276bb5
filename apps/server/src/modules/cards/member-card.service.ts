import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCard } from './cards.service.ts';
import type { CardRow } from './cards.table.ts';

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
