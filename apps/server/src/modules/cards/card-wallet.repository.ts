import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, type CardRow } from '../card-access/cards.table.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';

/**
 * Puts an unowned card into the member's wallet. The owner condition makes it atomic: of two
 * members racing for one card, only one update matches; the other gets undefined.
 */
export async function assignCardOwner(tx: Database, { cardId, userId, now }: { cardId: string; userId: string; now: Date }): Promise<CardRow | undefined> {
  const [row] = await tx
    .update(cards)
    .set({ ownerUserId: userId, hidden: false, archived: false, updatedAt: now })
    .where(and(eq(cards.id, cardId), isNull(cards.ownerUserId)))
    .returning();
  if (row) publishAfterCommit(tx, [changeTags.card(cardId), changeTags.wallet(userId)]);
  return row;
}

/** Moves an owned card between the wallet's views (active, hidden, archived). */
export async function updateCardPlacement(
  db: Database,
  { card, placement, now }: { card: Pick<CardRow, 'id' | 'ownerUserId'>; placement: Partial<Pick<CardRow, 'hidden' | 'archived'>>; now: Date },
): Promise<void> {
  await db
    .update(cards)
    .set({ ...placement, updatedAt: now })
    .where(eq(cards.id, card.id));
  // The card leaves one view of the wallet for another: every page of the wallet changes.
  publishAfterCommit(db, [changeTags.card(card.id), ...(card.ownerUserId ? [changeTags.wallet(card.ownerUserId)] : [])]);
}

export async function updateRegisteredData(db: Database, { cardId, registeredData, now }: { cardId: string; registeredData: Record<string, string>; now: Date }): Promise<void> {
  await db.update(cards).set({ registeredData, updatedAt: now }).where(eq(cards.id, cardId));
  publishAfterCommit(db, [changeTags.card(cardId)]);
}
