import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys, type IdempotencyKeyRow } from './idempotency.table.ts';

export interface IdempotencyKeyId {
  merchantId: number;
  scope: string;
  key: string;
}

function byId({ merchantId, scope, key }: IdempotencyKeyId) {
  return and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
}

/** Claims the key; true when this caller inserted it, false when it already existed. */
export async function insertClaim(db: Database, claim: IdempotencyKeyId & { requestHash: string; now: Date }): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...claim, createdAt: claim.now, status: 'in_flight' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findKey(db: Database, id: IdempotencyKeyId): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(byId(id)).limit(1);
  return row;
}

/** Takes over an in-flight claim older than `staleBefore`; true when this caller won it. */
export async function takeOverStaleClaim(db: Database, id: IdempotencyKeyId & { staleBefore: Date; now: Date }): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: id.now })
    .where(and(byId(id), eq(idempotencyKeys.status, 'in_flight'), lt(idempotencyKeys.createdAt, id.staleBefore)))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

export async function completeClaim(db: Database, id: IdempotencyKeyId & { responseStatus: number; responseBody: unknown }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: id.responseStatus, responseBody: id.responseBody })
    .where(byId(id));
}

export async function deleteClaim(db: Database, id: IdempotencyKeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(byId(id), eq(idempotencyKeys.status, 'in_flight')));
}
