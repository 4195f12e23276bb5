import type { Database } from '../../db/database.ts';
import { completeClaim, deleteClaim, findKey, insertClaim, takeOverStaleClaim, type IdempotencyKeyId } from './idempotency.repository.ts';
import { isStoredRefusal, replay, staleClaimMs, storedError, type IdempotentAnswer } from './idempotent-answers.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestHash } from './request-hash.ts';

export interface ClaimedWriteOptions<T> extends IdempotencyKeyId {
  /** Not a transaction: the claim must commit on its own before the write starts. */
  db: Database;
  body: unknown;
  now: Date;
  callsOut: () => Promise<{ statusCode: number; body: T }>;
}

/** Claims the key, or answers from the earlier request that holds it. */
async function claim(options: IdempotencyKeyId & { db: Database; hash: string; now: Date }): Promise<{ replay?: IdempotentAnswer<never> } | null> {
  const { db, hash, now, ...id } = options;
  // The claim may vanish between insert and read (a failed run releases it): try again then.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await insertClaim(db, { ...id, requestHash: hash, now })) return null;
    const existing = await findKey(db, id);
    if (!existing) continue;
    if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.status === 'done') return { replay: replay(existing) };
    const staleBefore = new Date(now.getTime() - staleClaimMs);
    if (await takeOverStaleClaim(db, { ...id, staleBefore, now })) return null;
    throw new AppError('CONFLICT');
  }
  throw new AppError('CONFLICT');
}

/**
 * A write that calls out (a payment provider) and so cannot sit in one transaction: the claim, the
 * write and the answer commit apart. A process that dies between them leaves the key held for
 * staleClaimMs, and a write it had committed runs again after that.
 */
export async function claimedWrite<T>({ db, merchantId, scope, key, body, now, callsOut: run }: ClaimedWriteOptions<T>): Promise<IdempotentAnswer<T>> {
  const id = { merchantId, scope, key };
  const claimed = await claim({ db, ...id, hash: requestHash(body), now });
  if (claimed?.replay) return claimed.replay;
  let answer: { statusCode: number; body: T };
  try {
    answer = await run();
  } catch (error) {
    if (isStoredRefusal(error)) {
      await completeClaim(db, { ...id, responseStatus: error.statusCode, responseBody: storedError(error) });
    } else {
      // An unexpected failure changed nothing the client can rely on: let a retry run again.
      await deleteClaim(db, id);
    }
    throw error;
  }
  const storedBody = JSON.parse(JSON.stringify(answer.body ?? null)) as T;
  await completeClaim(db, { ...id, responseStatus: answer.statusCode, responseBody: storedBody });
  return { statusCode: answer.statusCode, body: storedBody, replayed: false };
}
