import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { programs } from '../programs/programs.table.ts';
import { cards, type CardRow, type NewCardRow } from '../card-access/cards.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

/** Inserts cards in one statement; rows whose number or id is taken are skipped, so the caller draws again. */
export async function insertCardsUnlessTaken(tx: Database, rows: NewCardRow[]): Promise<CardRow[]> {
  if (rows.length === 0) return [];
  const saved = await tx.insert(cards).values(rows).onConflictDoNothing().returning();
  publishAfterCommit(tx, [...new Set(saved.flatMap((card) => (card.ownerUserId ? [changeTags.wallet(card.ownerUserId)] : [])))]);
  return saved;
}

/** A member's cards with their program, oldest first. */
export async function findCardsOfMember(db: Database, { merchantId, userId }: { merchantId: number; userId: string }) {
  return db
    .select({ card: cards, programName: programs.name, unit: programs.unit })
    .from(cards)
    .innerJoin(programs, eq(programs.id, cards.programId))
    .where(and(eq(cards.merchantId, merchantId), eq(cards.ownerUserId, userId)))
    .orderBy(asc(cards.createdAt), asc(cards.id));
}

export async function findCardByNumber(db: Database, { merchantId, number }: { merchantId: number; number: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.number, number), eq(cards.merchantId, merchantId)))
    .limit(1);
  return row;
}


