import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { merchantWebhooks, webhookEvents, type MerchantWebhookRow, type WebhookEventRow } from './webhooks.table.ts';

export async function findWebhook(db: Database, merchantId: number): Promise<MerchantWebhookRow | undefined> {
  const [row] = await db.select().from(merchantWebhooks).where(eq(merchantWebhooks.merchantId, merchantId)).limit(1);
  return row;
}

export async function saveWebhook(db: Database, values: MerchantWebhookRow): Promise<void> {
  const { merchantId: _merchant, ...changes } = values;
  await db.insert(merchantWebhooks).values(values).onConflictDoUpdate({ target: merchantWebhooks.merchantId, set: changes });
}

export async function deleteWebhook(db: Database, merchantId: number): Promise<void> {
  await db.delete(merchantWebhooks).where(eq(merchantWebhooks.merchantId, merchantId));
}

export async function insertEvent(db: Database, values: typeof webhookEvents.$inferInsert): Promise<WebhookEventRow> {
  const [row] = await db.insert(webhookEvents).values(values).returning();
  if (!row) throw new Error('The webhook event was not written');
  return row;
}

export async function findEvent(db: Database, id: string): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return row;
}

export async function recordTry(db: Database, { id, error, deliveredAt }: { id: string; error: string | null; deliveredAt: Date | null }): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastError: error, deliveredAt })
    .where(eq(webhookEvents.id, id));
}
