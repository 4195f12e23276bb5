import { and, eq } from 'drizzle-orm';
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
