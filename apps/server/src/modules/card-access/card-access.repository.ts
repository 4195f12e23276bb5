import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, type CardRow } from './cards.table.ts';

export async function findCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function findMemberCardsOfPrograms(db: Database, { merchantId, userId, programIds }: { merchantId: number; userId: string; programIds: string[] }): Promise<CardRow[]> {
  if (programIds.length === 0) return [];
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId), inArray(cards.programId, programIds)));
}

/** How many of the merchant's cards the member holds in the wallet, archived ones left out. */
export async function countHeldCards(db: Database, { merchantId, userId }: { merchantId: number; userId: string }): Promise<number> {
  const [row] = await db
    .select({ held: count() })
    .from(cards)
    .where(and(eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId), eq(cards.archived, false)));
  return row?.held ?? 0;
}
