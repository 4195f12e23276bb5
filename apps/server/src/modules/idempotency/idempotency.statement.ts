import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { idempotencyLockName, idempotencyLockSpace, type IdempotencyKeyId } from './idempotency.repository.ts';

/*
 * withIdempotency's rules (a write in one transaction) as parts of one SQL statement, for a write that fits in one
 * (ledger/earn-statement.ts): the statement holds the key's advisory lock while it writes, and
 * stores its answer with the write, so both commit or neither does.
 */

const param = (name: string) => sql.placeholder(name);

export function keyStatementValues(id: IdempotencyKeyId & { requestHash: string; now: Date }): Record<string, string | number> {
  return {
    keyMerchantId: id.merchantId,
    keyScope: id.scope,
    key: id.key,
    keyLockName: idempotencyLockName(id),
    keyRequestHash: id.requestHash,
    keyCreatedAt: id.now.toISOString(),
  };
}

/**
 * True when this statement now holds the key's lock and no answer is stored under the key: a request
 * with the same key running elsewhere, or one answered before, makes it false.
 */
export function keyIsFree(): SQL<boolean> {
  return sql<boolean>`pg_try_advisory_xact_lock(${idempotencyLockSpace}, hashtext(${param('keyLockName')}::text))
    and not exists (select 1 from idempotency_keys k where k.merchant_id = ${param('keyMerchantId')}::integer
      and k.scope = ${param('keyScope')}::text and k.key = ${param('key')}::text)`;
}

/** Stores `body` as the key's answer for each row of `after` (one at most); the part's `body` column reads it back. */
export function storeAnswer(db: Database, { after, statusCode, body }: { after: WithSubquery; statusCode: number; body: SQL }): WithSubquery {
  return db.$with('answer', { body: sql<unknown>`response_body` }).as(
    sql`insert into idempotency_keys (merchant_id, scope, key, request_hash, status, response_status, response_body, created_at)
      select ${param('keyMerchantId')}::integer, ${param('keyScope')}::text, ${param('key')}::text, ${param('keyRequestHash')}::text, 'done',
        ${sql.raw(String(Math.trunc(statusCode)))}, ${body}, ${param('keyCreatedAt')}::timestamptz
      from ${after}
      returning response_body`,
  );
}
