import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { holdKey, insertAnswer, deleteKey, type IdempotencyKeyId } from './idempotency.repository.ts';
import { isStoredRefusal, replay, staleClaimMs, storedError, type IdempotentAnswer } from './idempotent-answers.ts';
import { requestHash } from './request-hash.ts';

interface TransactionWriteOptions<T> extends IdempotencyKeyId {
  db: Database;
  body: unknown;
  now: Date;
  /** The write, in the transaction that also stores its answer. */
  run: (tx: Database) => Promise<{ statusCode: number; body: T }>;
}

/** Why a transaction ended without running the write: it answered from the key instead. */
class Answered extends Error {
  constructor(readonly answer: IdempotentAnswer<never>) {
    super('answered from the idempotency key');
  }
}

/** A refusal of the write itself (not of the key), carried out of the transaction to be stored. */
class Refused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * A write that fits in one transaction, at the cost of one commit instead of three
 * (claimed-write.ts): the key is held by a transaction-scoped advisory lock while the write runs
 * (a concurrent request with the same key answers 409 CONFLICT), and the answer is stored by the transaction that
 * makes the write, so both commit or neither does. A process that dies mid-write leaves nothing
 * behind. A business refusal rolls the write back and is then stored on its own.
 *
 * On the embedded database every transaction runs alone, so a concurrent request with the same key
 * waits for the first and then gets its answer instead of a 409.
 */
export async function transactionWrite<T>(options: TransactionWriteOptions<T>): Promise<IdempotentAnswer<T>> {
  const { db, merchantId, scope, key, body, now, run } = options;
  const id = { merchantId, scope, key };
  const hash = requestHash(body);

  const attempt = () =>
    db.transaction(async (tx) => {
      const held = await holdKey(tx, id);
      if (!held.locked) throw new AppError('CONFLICT');
      if (held.existing) {
        if (held.existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (held.existing.status === 'done') throw new Answered(replay(held.existing));
        // A claim of the three-commit scheme: alive unless old enough to be abandoned.
        if (held.existing.createdAt.getTime() > now.getTime() - staleClaimMs) throw new AppError('CONFLICT');
        await deleteKey(tx, id);
      }
      let answer: { statusCode: number; body: T };
      try {
        answer = await run(tx);
      } catch (error) {
        throw isStoredRefusal(error) ? new Refused(error) : error;
      }
      const storedBody = JSON.parse(JSON.stringify(answer.body ?? null)) as T;
      await insertAnswer(tx, { ...id, requestHash: hash, now, responseStatus: answer.statusCode, responseBody: storedBody });
      return { statusCode: answer.statusCode, body: storedBody, replayed: false };
    });

  try {
    try {
      return await attempt();
    } catch (error) {
      // Another request with the key committed between this one's snapshot and its lock: its answer
      // is there now.
      if (isUniqueViolation(error, 'idempotency_keys_pk')) return await attempt();
      throw error;
    }
  } catch (error) {
    if (error instanceof Answered) return error.answer;
    if (error instanceof Refused) {
      await storeRefusal(db, { ...id, requestHash: hash, now, refusal: error.refusal });
      throw error.refusal;
    }
    throw error;
  }
}

/** Stores a refusal unless another request with the key has stored an answer meanwhile. */
async function storeRefusal(db: Database, options: IdempotencyKeyId & { requestHash: string; now: Date; refusal: AppError }): Promise<void> {
  const { refusal, ...rest } = options;
  await db.transaction(async (tx) => {
    const held = await holdKey(tx, rest, { wait: true });
    if (held.existing) return;
    await insertAnswer(tx, { ...rest, responseStatus: refusal.statusCode, responseBody: storedError(refusal) });
  });
}
