import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/uuid.ts';
import { AppError } from '../lib/app-error.ts';
import { changeTags } from '../lib/change-feed.ts';
import { TaggedCache } from '../lib/tagged-cache.ts';
import type { IntegrationApiKeyRow } from './api-keys.table.ts';
import { findApiKey, insertApiKey, listApiKeysOfMerchant, revokeLiveApiKey, updateApiKeyLastUsed } from './api-keys.repository.ts';

/** A key as lists show it: never the secret or its hash. */
export interface ApiKeySummary {
  id: string;
  merchantId: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiKeyHolder {
  keyId: string;
  merchantId: number;
}

const keyPattern = /^kartu_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
// Last use is a hint for operators: writing it at most once a minute spares a write per request.
const lastUsedResolutionMs = 60_000;

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function toSummary({ secretHash: _secretHash, ...summary }: ApiKeySummary & { secretHash: string }): ApiKeySummary {
  return summary;
}

/** Creates a key and answers it in full: the only time the secret exists outside the caller's hands. */
export async function createApiKey({ db, merchantId, name }: { db: Database; merchantId: number; name: string }): Promise<ApiKeySummary & { key: string }> {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100) throw new AppError('UNPROCESSABLE', { message: 'A key needs a name of 1 to 100 characters' });
  // 32 random bytes: 256 bits, 43 base64url characters.
  const secret = randomBytes(32).toString('base64url');
  const row = await insertApiKey(db, { merchantId, name: trimmed, prefix: secret.slice(0, 8), secretHash: hashSecret(secret).toString('hex') });
  return { ...toSummary(row), key: `kartu_${row.id}_${secret}` };
}

// How long a key read from the database is trusted without reading it again: a key revoked by
// another process (the operator CLI, another instance) stops working within this time.
export const apiKeyCacheTtlMs = 10_000;
const apiKeyCacheLimit = 1_000;

/** Keys read recently, by id, so a busy till does not cost a query per request. One per app. */
export class ApiKeyCache {
  readonly #rows = new TaggedCache<IntegrationApiKeyRow>({ maxEntries: apiKeyCacheLimit });

  async find(db: Database, id: string, now: Date): Promise<IntegrationApiKeyRow | undefined> {
    const cached = this.#rows.get(id, now.getTime());
    if (cached) return cached;
    const ticket = this.#rows.ticket();
    const row = await findApiKey(db, id);
    if (row) this.#rows.set(id, row, { tags: [changeTags.apiKey(id)], validUntil: now.getTime() + apiKeyCacheTtlMs, ticket });
    return row;
  }

  close(): void {
    this.#rows.close();
  }
}

/**
 * The merchant behind a presented key. Every failure (malformed, unknown, wrong secret, revoked)
 * is the same API_KEY_INVALID, so a caller learns nothing about which part was wrong.
 */
export async function authenticateApiKey({ db, key, now, cache }: { db: Database; key: string; now: Date; cache?: ApiKeyCache }): Promise<ApiKeyHolder> {
  const match = keyPattern.exec(key);
  const id = match?.[1];
  const row = id ? await (cache ? cache.find(db, id, now) : findApiKey(db, id)) : undefined;
  const presented = hashSecret(match?.[2] ?? '');
  const stored = Buffer.from(row?.secretHash ?? '', 'hex');
  const secretMatches = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!row || !secretMatches || row.revokedAt) throw new AppError('API_KEY_INVALID');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= lastUsedResolutionMs) {
    await updateApiKeyLastUsed(db, row.id, now);
    row.lastUsedAt = now;
  }
  return { keyId: row.id, merchantId: row.merchantId };
}

export async function revokeApiKey({ db, id, now }: { db: Database; id: string; now: Date }): Promise<ApiKeySummary> {
  const row = isUuid(id) ? await revokeLiveApiKey(db, id.toLowerCase(), now) : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: 'No live API key has this id' });
  return toSummary(row);
}

export async function listApiKeys({ db, merchantId }: { db: Database; merchantId: number }): Promise<ApiKeySummary[]> {
  return (await listApiKeysOfMerchant(db, merchantId)).map(toSummary);
}
