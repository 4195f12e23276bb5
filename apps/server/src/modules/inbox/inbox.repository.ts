import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { PageCursor } from '../../lib/page-cursor.ts';
import { inboxMessages, type InboxMessageRow, type NewInboxMessageRow } from './inbox.table.ts';

/** Whose inbox: every query names the merchant and the member. */
export interface InboxOwner {
  merchantId: number;
  userId: string;
}

/** The owner's messages that are still in the inbox: a deleted one is never shown, read or counted again. */
const inboxOf = ({ merchantId, userId }: InboxOwner) => and(eq(inboxMessages.merchantId, merchantId), eq(inboxMessages.userId, userId), isNull(inboxMessages.deletedAt));
const messageOf = (owner: InboxOwner, messageId: string) => and(inboxOf(owner), eq(inboxMessages.id, messageId));

function olderThan(cursor: PageCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(inboxMessages.createdAt, cursor.at), and(eq(inboxMessages.createdAt, cursor.at), lt(inboxMessages.id, cursor.id)));
}

/** Writes the message; undefined when its once key was written for the member before (see onceKeyConflict). */
export async function insertMessage(db: Database, values: NewInboxMessageRow): Promise<InboxMessageRow | undefined> {
  const insert = db.insert(inboxMessages).values(values);
  const [row] = await (values.onceKey ? insert.onConflictDoNothing(onceKeyConflict) : insert).returning();
  return row;
}

/** The member's message of a once key exists already: the partial unique index `inbox_messages_once_key`. */
export const onceKeyConflict = { target: [inboxMessages.userId, inboxMessages.onceKey], where: sql`${inboxMessages.onceKey} is not null` };

/** Newest first; `cardId` keeps that card's messages. */
export async function listMessages(db: Database, { owner, cardId, cursor, limit }: { owner: InboxOwner; cardId?: string | undefined; cursor?: PageCursor | undefined; limit: number }): Promise<InboxMessageRow[]> {
  return db
    .select()
    .from(inboxMessages)
    .where(and(inboxOf(owner), cardId === undefined ? undefined : eq(inboxMessages.cardId, cardId), olderThan(cursor)))
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(limit);
}

export async function countUnread(db: Database, owner: InboxOwner): Promise<number> {
  const [row] = await db.select({ value: count() }).from(inboxMessages).where(and(inboxOf(owner), isNull(inboxMessages.readAt)));
  return row?.value ?? 0;
}

/** Marks the message read, unless it was already: the first reading's time stays. */
export async function markRead(db: Database, { owner, messageId, now }: { owner: InboxOwner; messageId: string; now: Date }): Promise<InboxMessageRow | undefined> {
  const [row] = await db
    .update(inboxMessages)
    .set({ readAt: sql`coalesce(${inboxMessages.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(messageOf(owner, messageId))
    .returning();
  return row;
}

export async function markAllRead(db: Database, { owner, now }: { owner: InboxOwner; now: Date }): Promise<void> {
  await db
    .update(inboxMessages)
    .set({ readAt: now })
    .where(and(inboxOf(owner), isNull(inboxMessages.readAt)));
}

/** Takes the message out of the inbox; false when it was not in it. */
export async function markDeleted(db: Database, { owner, messageId, now }: { owner: InboxOwner; messageId: string; now: Date }): Promise<boolean> {
  const rows = await db.update(inboxMessages).set({ deletedAt: now }).where(messageOf(owner, messageId)).returning({ id: inboxMessages.id });
  return rows.length > 0;
}
