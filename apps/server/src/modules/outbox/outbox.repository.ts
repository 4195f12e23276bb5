import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { outboxMessages, type OutboxMessageRow } from './outbox-messages.table.ts';

export type NewOutboxMessage = Pick<OutboxMessageRow, 'merchantId' | 'channel' | 'recipient' | 'subject' | 'body' | 'purpose' | 'createdAt'> &
  Partial<Pick<OutboxMessageRow, 'code' | 'language' | 'sealedText' | 'expiresAt'>>;

export async function insertOutboxMessage(db: Database, values: NewOutboxMessage): Promise<OutboxMessageRow> {
  const [row] = await db.insert(outboxMessages).values(values).returning();
  if (!row) throw new Error('The outbox message was not saved');
  return row;
}

/** Records a try. A message sent or given up no longer needs its sealed text. */
export async function markOutboxMessage(
  db: Database,
  id: string,
  values: { status: 'queued' | 'sent' | 'failed'; sentAt?: Date; lastError?: string | null; attempts: number },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...values, ...(values.status !== 'queued' && { sealedText: null }) })
    .where(eq(outboxMessages.id, id));
}

/** The merchant's messages, newest first; to one recipient when given. */
export async function listOutboxMessages(
  db: Database,
  { merchantId, recipient, limit }: { merchantId: number; recipient?: string; limit: number },
): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.merchantId, merchantId), recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Database, id: string): Promise<OutboxMessageRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row;
}
