import type { Database } from '../../db/database.ts';
import type { IdempotencyKeyId } from './idempotency.repository.ts';
import { claimedWrite } from './claimed-write.ts';
import type { IdempotentAnswer } from './idempotent-answers.ts';
import { transactionWrite } from './idempotent-transaction.ts';

export type { IdempotencyKeyId, IdempotentAnswer };

type Answer<T> = Promise<{ statusCode: number; body: T }>;

export type WithIdempotencyOptions<T> = IdempotencyKeyId & {
  db: Database;
  /** What the key's first request asked: another body under the same key is refused. */
  body: unknown;
  now: Date;
} & (
    | {
        /** The write, in the transaction that also stores its answer: both commit or neither does. */
        transaction: (tx: Database) => Answer<T>;
      }
    | {
        /** A write that calls out (a payment provider), so cannot sit in one transaction (claimed-write.ts). */
        callsOut: () => Answer<T>;
      }
  );

/**
 * Runs a retried write once per key: the same key and body answer the stored first answer, another
 * body under the same key is refused (422), and a request still running answers 409. A business
 * refusal (4xx) is an answer too, and is stored. The one-statement purchase keeps these rules in
 * SQL (idempotency.statement.ts), behind recordPurchase.
 */
export function withIdempotency<T>(options: WithIdempotencyOptions<T>): Promise<IdempotentAnswer<T>> {
  return 'transaction' in options ? transactionWrite({ ...options, run: options.transaction }) : claimedWrite(options);
}
