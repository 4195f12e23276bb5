import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { valueMovingCardStatus } from '../ledger/card-ref.ts';
import { cards, type CardRow } from '../card-access/cards.table.ts';

export interface RecipientCard {
  card: CardRow;
  user: { id: string; name: string | null; phone: string };
}

/**
 * The active card of a program held by the merchant's member with this phone (E.164). A member with
 * several such cards receives on the one shown in their wallet first: not archived, then the oldest.
 */
export async function findRecipientCard(
  db: Database,
  { merchantId, programId, phone }: { merchantId: number; programId: string; phone: string },
): Promise<RecipientCard | undefined> {
  const [row] = await db
    .select({ card: cards, user: { id: users.id, name: users.name, phone: users.phone } })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .where(and(eq(users.merchantId, merchantId), eq(users.phone, phone), eq(cards.merchantId, merchantId), eq(cards.programId, programId), eq(cards.status, valueMovingCardStatus)))
    .orderBy(asc(cards.archived), asc(cards.createdAt), asc(cards.id))
    .limit(1);
  if (!row?.user.phone) return undefined;
  return { card: row.card, user: { ...row.user, phone: row.user.phone } };
}
