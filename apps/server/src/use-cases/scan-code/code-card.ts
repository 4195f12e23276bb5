import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getMemberCard, listMemberCardsOfPrograms } from '../../modules/card-access/card-access.service.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';

/**
 * The card a code of a program earns on: the one the member named, when it is of that program, or
 * else the member's card of the program, an active one first. A member with no card of the
 * program is told the code is of another program (business-rules §8 wrong program).
 */
export async function cardForCode({ db, merchantId, userId, programId, cardId }: { db: Database; merchantId: number; userId: string; programId: string; cardId?: string | undefined }): Promise<CardRow> {
  if (cardId) {
    const named = await getMemberCard({ db, merchantId, userId, cardId });
    if (named.programId === programId) return named;
  }
  const cards = await listMemberCardsOfPrograms({ db, merchantId, userId, programIds: [programId] });
  const chosen = cards.find((card) => card.status === 'active' && !card.archived) ?? cards.find((card) => card.status === 'active') ?? cards[0];
  if (!chosen) throw new AppError('CODE_WRONG_PROGRAM');
  return chosen;
}
