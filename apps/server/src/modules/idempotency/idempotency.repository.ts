import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
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

// The two-number form of advisory locks is a key space of its own: the jobs' one-number locks never
// meet these. The first number names what the lock is for.
export const idempotencyLockSpace = 1;

/** The advisory lock's name of a key: with idempotencyLockSpace, what every holder of the key locks. */
export function idempotencyLockName({ merchantId, scope, key }: IdempotencyKeyId): string {
  return `${merchantId}:${scope}:${key}`;
}

/**
 * Takes the key's transaction-scoped advisory lock (without waiting unless `wait`) and reads the key
 * in the same statement: locked false means another transaction holds the key right now.
 */
export async function holdKey(tx: Database, id: IdempotencyKeyId, { wait = false }: { wait?: boolean } = {}) {
  const name = idempotencyLockName(id);
  const lock = wait
    ? sql<boolean>`(select true from pg_advisory_xact_lock(${idempotencyLockSpace}, hashtext(${name})))`
    : sql<boolean>`pg_try_advisory_xact_lock(${idempotencyLockSpace}, hashtext(${name}))`;
  const [row] = await tx
    .select({ locked: lock, existing: idempotencyKeys })
    .from(sql`(select 1) as one`)
    .leftJoin(idempotencyKeys, byId(id))
    .prepare(wait ? 'idempotency_hold_key_waiting' : 'idempotency_hold_key')
    .execute();
  return { locked: row?.locked === true, existing: row?.existing ?? undefined };
}

/** Stores a finished answer; the transaction holding the key's lock writes it with the write. */
export async function insertAnswer(
  tx: Database,
  answer: IdempotencyKeyId & { requestHash: string; now: Date; responseStatus: number; responseBody: unknown },
): Promise<void> {
  const { now, ...values } = answer;
  await tx
    .insert(idempotencyKeys)
    .values({ ...values, status: 'done', createdAt: now })
    .prepare('idempotency_insert_answer')
    .execute();
}

export async function deleteKey(tx: Database, id: IdempotencyKeyId): Promise<void> {
  await tx.delete(idempotencyKeys).where(byId(id));
}
