import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { cards } from '../card-access/cards.table.ts';
import { broadcasts, type BroadcastAudience, type BroadcastRow } from './broadcasts.table.ts';
import { onceKeyConflict } from './inbox.repository.ts';
import { inboxMessages, type InboxMessageRow, type NewInboxMessageRow } from './inbox.table.ts';

export async function insertBroadcast(db: Database, values: { merchantId: number; audience: BroadcastAudience; title: string; text: string; link: string | null; createdAt: Date }): Promise<BroadcastRow> {
  const [row] = await db.insert(broadcasts).values(values).returning();
  if (!row) throw new Error('The broadcast was not written');
  return row;
}

export async function findBroadcast(db: Database, { merchantId, broadcastId }: { merchantId: number; broadcastId: string }): Promise<BroadcastRow | undefined> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.merchantId, merchantId)));
  return row;
}

/** The broadcast, locked until the caller's transaction ends: one page of it is written at a time. */
export async function lockBroadcast(tx: Database, broadcastId: string): Promise<BroadcastRow | undefined> {
  const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for('update');
  return row;
}

export async function advanceBroadcast(
  tx: Database,
  { broadcastId, cursor, written, finishedAt }: { broadcastId: string; cursor: string | null; written: number; finishedAt: Date | null },
): Promise<BroadcastRow> {
  const [row] = await tx
    .update(broadcasts)
    .set({ cursor, sent: sql`${broadcasts.sent} + ${written}`, status: finishedAt ? 'done' : 'sending', finishedAt })
    .where(eq(broadcasts.id, broadcastId))
    .returning();
  if (!row) throw new Error('The broadcast was not advanced');
  return row;
}

/** Members who may be written to: an account being deleted is told nothing more. */
const reachable = isNull(users.deletionRequestedAt);
const after = (column: PgColumn, cursor: string | null) => (cursor === null ? undefined : gt(column, cursor));
/**
 * Cards' owners after the cursor, joined to their account: the cursor bounds both sides, or the
 * join would read every member before it, on every page.
 */
const holdersAfter = (cursor: string | null) => and(after(cards.ownerUserId, cursor), after(users.id, cursor), reachable);

/** The next members, in id order, who hold a card of the merchant. */
export async function findCardHoldersPage(db: Database, { merchantId, cursor, limit }: { merchantId: number; cursor: string | null; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ userId: sql<string>`${cards.ownerUserId}` })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .where(and(eq(cards.merchantId, merchantId), holdersAfter(cursor)))
    .groupBy(cards.ownerUserId)
    .orderBy(asc(cards.ownerUserId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** The next members, in id order, of the merchant among these phones (E.164). */
export async function findMembersByPhonePage(db: Database, { merchantId, phones, cursor, limit }: { merchantId: number; phones: string[]; cursor: string | null; limit: number }): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ userId: users.id })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), inArray(users.phone, phones), after(users.id, cursor), reachable))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** The next members, in id order, who hold a card of the program, with those cards. */
export async function findProgramHoldersPage(
  db: Database,
  { merchantId, programId, cursor, limit }: { merchantId: number; programId: string; cursor: string | null; limit: number },
): Promise<Array<{ userId: string; cardIds: string[] }>> {
  const rows = await db
    .select({ userId: sql<string>`${cards.ownerUserId}`, cardIds: sql<string[]>`array_agg(${cards.id}::text order by ${cards.id})` })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerUserId))
    .where(and(eq(cards.merchantId, merchantId), eq(cards.programId, programId), holdersAfter(cursor)))
    .groupBy(cards.ownerUserId)
    .orderBy(asc(cards.ownerUserId))
    .limit(limit);
  return rows;
}

/** One statement for a page of a broadcast's messages; a member who has the broadcast's message already is skipped. Answers the new ones. */
export async function insertMessagesOnce(db: Database, rows: NewInboxMessageRow[]): Promise<WrittenMessage[]> {
  if (rows.length === 0) return [];
  return db
    .insert(inboxMessages)
    .values(rows)
    .onConflictDoNothing(onceKeyConflict)
    .returning({ id: inboxMessages.id, userId: inboxMessages.userId, facts: inboxMessages.facts, link: inboxMessages.link, cardId: inboxMessages.cardId });
}

/** What a page's new message is: enough to tell its member of it elsewhere (a push). */
export type WrittenMessage = Pick<InboxMessageRow, 'id' | 'userId' | 'facts' | 'link' | 'cardId'>;
