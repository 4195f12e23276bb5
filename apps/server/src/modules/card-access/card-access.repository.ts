import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { cards, type CardRow } from '../cards/cards.table.ts';
import { subscriptions } from '../subscriptions/subscriptions.table.ts';
import type { MembershipFields } from './membership-state.ts';

export async function findCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function findMembershipOfCard(db: Database, { merchantId, cardId }: { merchantId: number; cardId: string }): Promise<MembershipFields | undefined> {
  const [row] = await db
    .select({ status: subscriptions.status, periodEndsAt: subscriptions.periodEndsAt, graceUntil: subscriptions.graceUntil })
    .from(subscriptions)
    .where(and(eq(subscriptions.merchantId, merchantId), eq(subscriptions.cardId, cardId)))
    .limit(1);
  return row;
}
