import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cardAddAttempts, cards, type CardAddAttemptRow, type CardRow, type NewCardRow } from './cards.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

/** Inserts a card; undefined when its number or id is already taken, so the caller draws again. */
export async function insertCardUnlessTaken(db: Database, row: NewCardRow): Promise<CardRow | undefined> {
  const [saved] = await db.insert(cards).values(row).onConflictDoNothing().returning();
  if (saved?.ownerUserId) publishAfterCommit(db, [changeTags.wallet(saved.ownerUserId)]);
  return saved;
}

export async function findCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function findCardByNumber(db: Database, { merchantId, number }: { merchantId: number; number: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.number, number), eq(cards.merchantId, merchantId)))
    .limit(1);
  return row;
}

interface MemberKey {
  merchantId: number;
  userId: string;
}

export async function findAddCardAttempts(db: Database, { merchantId, userId }: MemberKey): Promise<CardAddAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(cardAddAttempts)
    .where(and(eq(cardAddAttempts.merchantId, merchantId), eq(cardAddAttempts.userId, userId)))
    .limit(1);
  return row;
}

/** The member's attempt row, created if missing and locked until the transaction ends. */
export async function lockAddCardAttempts(tx: Database, { merchantId, userId }: MemberKey): Promise<CardAddAttemptRow> {
  await tx.insert(cardAddAttempts).values({ merchantId, userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cardAddAttempts)
    .where(and(eq(cardAddAttempts.merchantId, merchantId), eq(cardAddAttempts.userId, userId)))
    .for('update');
  if (!row) throw new Error('The add-card attempt row vanished inside its transaction');
  return row;
}

export async function updateAddCardAttempts(
  tx: Database,
  { merchantId, userId, failedCount, lockedUntil }: MemberKey & { failedCount: number; lockedUntil: Date | null },
): Promise<void> {
  await tx
    .update(cardAddAttempts)
    .set({ failedCount, lockedUntil, updatedAt: sql`now()` })
    .where(and(eq(cardAddAttempts.merchantId, merchantId), eq(cardAddAttempts.userId, userId)));
}

export async function deleteAddCardAttempts(db: Database, { merchantId, userId }: MemberKey): Promise<void> {
  await db.delete(cardAddAttempts).where(and(eq(cardAddAttempts.merchantId, merchantId), eq(cardAddAttempts.userId, userId)));
}
