import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { changeTags, publishAfterCommit } from '../lib/change-feed.ts';
import { integrationApiKeys, type IntegrationApiKeyRow, type NewIntegrationApiKeyRow } from './api-keys.table.ts';

export async function insertApiKey(db: Database, row: NewIntegrationApiKeyRow): Promise<IntegrationApiKeyRow> {
  const [saved] = await db.insert(integrationApiKeys).values(row).returning();
  if (!saved) throw new Error('The API key was not saved');
  return saved;
}

export async function findApiKey(db: Database, id: string): Promise<IntegrationApiKeyRow | undefined> {
  const [row] = await db.select().from(integrationApiKeys).where(eq(integrationApiKeys.id, id)).limit(1).prepare('api_key_by_id').execute();
  return row;
}

export async function listApiKeysOfMerchant(db: Database, merchantId: number): Promise<IntegrationApiKeyRow[]> {
  return db.select().from(integrationApiKeys).where(eq(integrationApiKeys.merchantId, merchantId)).orderBy(asc(integrationApiKeys.createdAt));
}

export async function updateApiKeyLastUsed(db: Database, id: string, now: Date): Promise<void> {
  await db.update(integrationApiKeys).set({ lastUsedAt: now }).where(eq(integrationApiKeys.id, id));
}

/** Revokes a live key; undefined when there is no such key or it was already revoked. */
export async function revokeLiveApiKey(db: Database, id: string, now: Date): Promise<IntegrationApiKeyRow | undefined> {
  const [row] = await db
    .update(integrationApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(integrationApiKeys.id, id), isNull(integrationApiKeys.revokedAt)))
    .returning();
  if (row) publishAfterCommit(db, [changeTags.apiKey(row.id)]);
  return row;
}
