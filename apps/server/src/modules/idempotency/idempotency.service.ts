import { errorStatus, type ErrorCode, type FieldIssue } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { completeClaim, deleteClaim, findKey, insertClaim, takeOverStaleClaim, type IdempotencyKeyId } from './idempotency.repository.ts';

export type { IdempotencyKeyId };
import { requestHash } from './request-hash.ts';

export interface IdempotentAnswer<T> {
  statusCode: number;
  /** Plain JSON: what was stored, so the first answer and every replay are identical. */
  body: T;
  /** True when this is the stored answer of an earlier request. */
  replayed: boolean;
}

export interface WithIdempotencyOptions<T> extends IdempotencyKeyId {
  /** Not a transaction: the claim must commit on its own before `run` starts. */
  db: Database;
  body: unknown;
  now?: Date;
  run: () => Promise<{ statusCode: number; body: T }>;
}

// A claim still in flight after this long belongs to a process that died mid-request.
export const staleClaimMs = 5 * 60 * 1000;

interface StoredError {
  code: ErrorCode;
  message: string;
  details?: FieldIssue[];
}

function isStoredError(value: unknown): value is StoredError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && code in errorStatus && typeof message === 'string';
}

/** What is stored of a refusal: its code, message and field details. */
export function storedError(error: AppError): StoredError {
  return { code: error.code, message: error.message, ...(error.details && { details: error.details }) };
}

/** Business refusals are answers too; a 429 is not stored, since the lock behind it ends. */
export function isStoredRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;
}

export function replay<T>(row: { responseStatus: number | null; responseBody: unknown }): IdempotentAnswer<T> {
  const statusCode = row.responseStatus ?? 200;
  if (statusCode >= 400 && isStoredError(row.responseBody)) {
    const { code, message, details } = row.responseBody;
    throw new AppError(code, { message, details });
  }
  return { statusCode, body: row.responseBody as T, replayed: true };
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
 * Runs a retried write once per key: the same key and body answer the stored first answer, another
 * body under the same key is refused (422), and a request still running answers 409.
 *
 * The claim, the write and the answer commit apart: a process that dies between them leaves the key
 * held for staleClaimMs, and a write it had committed runs again after that. A write that fits in
 * one transaction uses withIdempotentTransaction instead.
 */
export async function withIdempotency<T>({ db, merchantId, scope, key, body, now = new Date(), run }: WithIdempotencyOptions<T>): Promise<IdempotentAnswer<T>> {
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
